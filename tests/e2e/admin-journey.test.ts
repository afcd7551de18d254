// An admin looks after the neighbourhood in a real Chromium against the built app: verifies a
// member, gifts a tier, invites someone who joins through the mailed link, bans a word that then
// blocks a listing, and uploads the homepage video that the landing page then plays.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminInsightMessages, adminMessages, errorMessages } from '../../src/domain';
import { toastTitled } from './support/browser';
import { memberPassword } from './support/api';
import { useJourney } from './support/journey';

const defaultVideoPath = new URL('../../src/web/public/videos/default.webm', import.meta.url);
const adminEmail = `admin.${Date.now()}@example.com`;
// Uploads and video playback can be slow on a busy machine.
const patientMs = 30_000;
const { api, openPageAs, seeVisible, captureBothSizes, readMember, newMember, adminMember } = useJourney({
  name: 'admin-journey',
  env: { ADMIN_EMAILS: adminEmail },
  patientMs,
});

type CurrentUser = { email: string; membershipTier: string; isAdmin: boolean; isEmailVerified: boolean; isPhoneVerified: boolean };
type HomepageVideo = { id: string; filename: string; displayName: string; isActive: boolean; url: string };

const readMe = (token: string) => readMember<CurrentUser>({ token });

async function readInvitationPath(email: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const messages = await api.readOutbox(email);
    const match = messages.map((message) => /\/auth\?invite=[\w-]+/.exec(message.text)).find(Boolean);
    if (match) return match[0];
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No invitation link to ${email} in the outbox`);
}

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const toastSaying = (page: Page, text: string) => page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });
const videoRow = (page: Page, displayName: string) =>
  section(page, 'Homepage Video Management').getByRole('list', { name: 'Homepage videos' }).getByRole('listitem').filter({ hasText: displayName });

async function uploadVideo(page: Page, displayName: string): Promise<void> {
  const videos = section(page, 'Homepage Video Management');
  await videos.getByLabel('Display name').fill(displayName);
  await videos.getByLabel('Video file').setInputFiles(defaultVideoPath.pathname);
  await videos.getByRole('button', { name: 'Upload Video' }).click();
  await seeVisible(videoRow(page, displayName).getByText('ACTIVE', { exact: true }));
}

describe('looking after the neighbourhood', () => {
  it('an admin verifies, gifts, invites, bans a word and sets the homepage video that visitors then see', async () => {
    const admin = await newMember({ email: adminEmail, firstName: 'Ava' });
    // ADMIN_EMAILS names the address; the rights come once its owner has proved it.
    expect((await readMe(admin.token)).isAdmin).toBe(false);
    await api.verifyEmail(admin);
    expect((await readMe(admin.token)).isAdmin).toBe(true);
    const member = await newMember({ firstName: 'Mia' });

    const page = await openPageAs(admin);
    await page.goto('/admin');
    await seeVisible(page.getByRole('heading', { level: 1, name: 'Admin' }));
    expect(await page.title()).toBe('Admin | Neighbourly');

    // Verify the member's email from the users list, found by searching.
    // The card's heading carries the count, so find it by its start.
    const users = page.getByRole('region', { name: /^All Users/ });
    await seeVisible(section(page, 'All Users (2)'));
    await users.getByLabel('Search by name or email').fill(member.email);
    await seeVisible(section(page, 'All Users (1)'));
    const memberRow = page.getByRole('list', { name: 'Members' }).getByRole('listitem').filter({ hasText: member.email });
    await memberRow.getByRole('button', { name: `Verify Email for ${member.email}` }).click();
    await seeVisible(toastTitled(page, 'User Verified'));
    await seeVisible(memberRow.getByRole('list', { name: `Verification of ${member.email}` }).getByText('Email: Verified'));
    await expect.poll(async () => (await readMe(member.token)).isEmailVerified).toBe(true);
    expect(await memberRow.getByRole('button', { name: `Verify Email for ${member.email}` }).count()).toBe(0);
    // And the phone, the second check a member needs to list (decision 35).
    await memberRow.getByRole('button', { name: `Verify Phone for ${member.email}` }).click();
    await seeVisible(memberRow.getByRole('list', { name: `Verification of ${member.email}` }).getByText('Phone: Verified'));
    await expect.poll(async () => (await readMe(member.token)).isPhoneVerified).toBe(true);

    // Gift Lifetime: nothing filled in first, then the member's email.
    const gift = section(page, 'Gift Membership');
    await gift.getByRole('button', { name: 'Gift Membership' }).click();
    await seeVisible(toastTitled(page, 'Missing Information'));
    await seeVisible(toastSaying(page, adminMessages.missingGiftInformation));
    await gift.getByLabel("Member's email").fill(member.email);
    await gift.getByLabel('Membership tier').selectOption('lifetime');
    await gift.getByRole('button', { name: 'Gift Membership' }).click();
    await seeVisible(toastTitled(page, 'Membership Gifted'));
    expect((await readMe(member.token)).membershipTier).toBe('lifetime');
    await gift.getByLabel("Member's email").fill(api.uniqueEmail('nobody'));
    await gift.getByLabel('Membership tier').selectOption('connector');
    await gift.getByRole('button', { name: 'Gift Membership' }).click();
    await seeVisible(toastTitled(page, 'Failed to Gift Membership'));
    await seeVisible(toastSaying(page, adminMessages.unknownUser));

    // Invite someone new on Connector.
    const invite = section(page, 'Invite New User');
    expect(await invite.getByLabel('Membership tier').inputValue()).toBe('starter');
    await invite.getByRole('button', { name: 'Send Invitation' }).click();
    await seeVisible(toastTitled(page, 'Missing Email'));
    const inviteeEmail = api.uniqueEmail('leo');
    await invite.getByLabel('Email to invite').fill(inviteeEmail);
    await invite.getByLabel('Membership tier').selectOption('connector');
    await invite.getByRole('button', { name: 'Send Invitation' }).click();
    await seeVisible(toastTitled(page, 'Invitation Prepared'));

    // Ban a word.
    const filtering = section(page, 'Content Filtering');
    await filtering.getByLabel('Word to ban').fill('   ');
    await filtering.getByRole('button', { name: 'Ban Word' }).click();
    await seeVisible(toastTitled(page, 'Missing Word'));
    await filtering.getByLabel('Word to ban').fill('  counterfeit ');
    await filtering.getByRole('button', { name: 'Ban Word' }).click();
    await seeVisible(toastTitled(page, 'Word Banned'));
    await seeVisible(filtering.getByRole('list', { name: 'Banned words' }).getByText('counterfeit', { exact: true }));
    await filtering.getByLabel('Word to ban').fill('Counterfeit');
    await filtering.getByRole('button', { name: 'Ban Word' }).click();
    await seeVisible(toastTitled(page, 'Failed to Ban Word'));
    await seeVisible(toastSaying(page, adminMessages.wordExists));
    // The list scrolls at a small height rather than growing the card.
    expect(await filtering.getByRole('list', { name: 'Banned words' }).evaluate((list) => getComputedStyle(list).overflowY)).toBe('auto');

    // Homepage videos: a wrong file type is refused in the page; two uploads, each becoming active.
    const videos = section(page, 'Homepage Video Management');
    await videos.getByRole('button', { name: 'Upload Video' }).click();
    await seeVisible(toastTitled(page, 'Missing Information'));
    await videos.getByLabel('Display name').fill('Not a video');
    await videos.getByLabel('Video file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await videos.getByRole('button', { name: 'Upload Video' }).click();
    await seeVisible(toastTitled(page, 'Invalid File Type'));
    await seeVisible(toastSaying(page, adminMessages.videoWrongType));
    await uploadVideo(page, 'Old street clip');
    await uploadVideo(page, 'Neighbours at the park');
    await seeVisible(videoRow(page, 'Old street clip').getByRole('button', { name: 'Activate Old street clip' }));
    expect(await videos.getByText('ACTIVE', { exact: true }).count()).toBe(1);
    const expectedSize = `${((await readFile(defaultVideoPath)).length / 1024 / 1024).toFixed(1)} MB`;
    await seeVisible(videoRow(page, 'Neighbours at the park').getByText(expectedSize, { exact: false }));

    await videoRow(page, 'Old street clip').getByRole('button', { name: 'Activate Old street clip' }).click();
    await seeVisible(toastTitled(page, 'Video Activated'));
    await seeVisible(videoRow(page, 'Old street clip').getByText('ACTIVE', { exact: true }));
    await videoRow(page, 'Neighbours at the park').getByRole('button', { name: 'Activate Neighbours at the park' }).click();
    await seeVisible(videoRow(page, 'Neighbours at the park').getByText('ACTIVE', { exact: true }));
    page.once('dialog', (dialog) => void dialog.accept());
    await videoRow(page, 'Old street clip').getByRole('button', { name: 'Delete Old street clip' }).click();
    await seeVisible(toastTitled(page, 'Video Deleted'));
    await expect.poll(() => videoRow(page, 'Old street clip').count()).toBe(0);

    // The activity log names who did what, to whom.
    const activity = section(page, 'Activity');
    await seeVisible(activity.getByText(`verified Email for ${member.email}`, { exact: false }));
    await seeVisible(activity.getByText(`gifted Lifetime membership to ${member.email}`, { exact: false }));
    await seeVisible(activity.getByText(`invited ${inviteeEmail} with Connector membership`, { exact: false }));
    await seeVisible(activity.getByText('banned the word "counterfeit"', { exact: false }));

    // The business at a glance: a chart, and its numbers as a table (decision 50; the rollup ran at start).
    const insights = section(page, adminInsightMessages.title);
    const membersByPlan = insights.getByRole('region', { name: adminInsightMessages.membersByPlan });
    await seeVisible(membersByPlan.getByRole('img', { name: adminInsightMessages.membersByPlanLabel }));
    await membersByPlan.getByText(adminInsightMessages.showTable).click();
    await seeVisible(membersByPlan.getByRole('table', { name: adminInsightMessages.tableCaption(adminInsightMessages.membersByPlan) }));

    await users.getByLabel('Search by name or email').fill('');
    await seeVisible(section(page, 'All Users (2)'));
    await captureBothSizes(page, 'admin');

    // The banned word now blocks a listing by the (verified, located) member.
    await api.callApi('PUT', '/api/user/profile', { token: member.token, body: { postcode: '3068' } });
    const blocked = await api.sendApi('POST', '/api/listings', {
      token: member.token,
      body: { title: 'Designer handbag', description: 'A counterfeit bag, barely used.', price: '40', category: 'clothing', imageUrls: [] },
    });
    expect(blocked.status).toBe(400);
    expect(((await blocked.json()) as { bannedWords?: string[] }).bannedWords).toContain('counterfeit');

    // The invited neighbour joins through the mailed link and gets Connector.
    const invitationPath = await readInvitationPath(inviteeEmail);
    const invitee = await openPageAs(null);
    await invitee.goto(invitationPath);
    await seeVisible(invitee.getByText("You've been invited to join with Connector membership"));
    const inviteeEmailField = invitee.getByLabel('Email', { exact: true });
    expect(await inviteeEmailField.inputValue()).toBe(inviteeEmail);
    expect(await inviteeEmailField.getAttribute('readonly')).not.toBeNull();
    await invitee.getByLabel('First name').fill('Leo');
    await invitee.getByLabel('Last name').fill('Martin');
    await invitee.getByLabel('Password', { exact: true }).fill(memberPassword);
    await invitee.getByRole('button', { name: 'Create Account' }).click();
    await seeVisible(invitee.getByRole('link', { name: 'My Dashboard' }).first());
    const inviteeToken = await invitee.evaluate(() => window.localStorage.getItem('authToken'));
    expect(inviteeToken).toBeTruthy();
    const joined = await readMe(inviteeToken!);
    expect(joined.email).toBe(inviteeEmail);
    expect(joined.membershipTier).toBe('connector');

    // A used link no longer works: the page says so and stays as usual.
    const reused = await openPageAs(null);
    await reused.goto(invitationPath);
    await seeVisible(reused.getByRole('alert').getByText(adminMessages.inviteInvalid));
    await seeVisible(reused.getByRole('button', { name: 'Sign In', exact: true }));

    // A visitor's landing page plays the active video, and it can be seeked.
    const [active] = (await api.callApi<HomepageVideo[]>('GET', '/api/admin/homepage-videos', { token: admin.token })).filter((video) => video.isActive);
    expect(active.displayName).toBe('Neighbours at the park');
    const visitor = await openPageAs(null);
    await visitor.goto('/');
    const heroVideo = visitor.getByRole('region', { name: /Buy and sell with the neighbours/ }).locator('video');
    await expect
      .poll(() => heroVideo.evaluate((video: HTMLVideoElement) => video.currentSrc), { timeout: patientMs })
      .toMatch(new RegExp(`/videos/${active.filename}$`));
    await expect.poll(() => heroVideo.evaluate((video: HTMLVideoElement) => !video.paused && video.currentTime > 0), { timeout: patientMs }).toBe(true);
    const seek = await heroVideo.evaluate(async (video: HTMLVideoElement) => {
      video.pause();
      const seeked = new Promise((resolve) => video.addEventListener('seeked', resolve, { once: true }));
      video.currentTime = 3;
      await seeked;
      return { readyState: video.readyState, currentTime: video.currentTime };
    });
    expect(seek.readyState).toBeGreaterThanOrEqual(1);
    expect(seek.currentTime).toBeCloseTo(3, 1);
    // The explainer is the visitor's to start.
    const explainer = visitor.getByRole('region', { name: 'How verification works' }).locator('video');
    expect(await explainer.evaluate((video: HTMLVideoElement) => ({ controls: video.controls, paused: video.paused }))).toEqual({ controls: true, paused: true });
    expect(await explainer.evaluate((video: HTMLVideoElement) => video.currentSrc)).toMatch(/\/videos\/default\.webm$/);
    await captureBothSizes(visitor, 'landing');
  });

  it('the landing page plays the bundled video when none is active, and never autoplays for reduced motion', async () => {
    // The journey above left one active video; take it away.
    const admin = await adminMember();
    for (const video of await api.callApi<HomepageVideo[]>('GET', '/api/admin/homepage-videos', { token: admin.token })) {
      await api.callApi('DELETE', `/api/admin/homepage-videos/${video.id}`, { token: admin.token });
    }
    const visitor = await openPageAs(null);
    await visitor.goto('/');
    const heroVideo = visitor.getByRole('region', { name: /Buy and sell with the neighbours/ }).locator('video');
    await expect.poll(() => heroVideo.evaluate((video: HTMLVideoElement) => video.currentSrc), { timeout: patientMs }).toMatch(/\/videos\/default\.webm$/);
    await expect.poll(() => heroVideo.evaluate((video: HTMLVideoElement) => !video.paused), { timeout: patientMs }).toBe(true);

    await visitor.emulateMedia({ reducedMotion: 'reduce' });
    await visitor.reload();
    await expect.poll(() => heroVideo.evaluate((video: HTMLVideoElement) => video.currentSrc), { timeout: patientMs }).toMatch(/\/videos\/default\.webm$/);
    await visitor.waitForTimeout(500);
    expect(await heroVideo.evaluate((video: HTMLVideoElement) => video.paused)).toBe(true);
    await visitor.getByRole('button', { name: 'Play background video' }).click();
    await expect.poll(() => heroVideo.evaluate((video: HTMLVideoElement) => !video.paused)).toBe(true);
  });

  it('a member who is not an admin sees Access Denied on /admin', async () => {
    const member = await newMember({ firstName: 'Sam' });
    const page = await openPageAs(member);
    await page.goto('/admin');
    await seeVisible(page.getByRole('heading', { level: 1, name: 'Access Denied' }));
    await seeVisible(page.getByText(errorMessages.adminOnly));
    expect(await page.title()).toBe('Access Denied | Neighbourly');
    const response = await api.sendApi('GET', '/api/admin/users', { token: member.token });
    expect(response.status).toBe(403);
  });
});
