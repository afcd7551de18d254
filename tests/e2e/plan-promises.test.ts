// What the plans promise, walked in a real Chromium: keeping Explorer after the free month is
// charged when the month ends (and can be cancelled for nothing), Lifetime is never given up by
// accident, a paid year is kept when the member leaves it, and a smaller plan lets the member choose
// which listings stay active.
import { describe, expect, it } from 'vitest';
import { formatDateAU } from '../../src/domain/dates';
import { expectVisible, hasHorizontalScroll, saveScreenshot, toastTitled, viewports } from './support/browser';
import type { ApiMember } from './support/api';
import { testCard, useJourney } from './support/journey';

const { api, openPageAs, seeVisible, seeHidden, captureBothSizes, readMember: readCurrentUser, listItem, verifiedSeller, giftPlan } = useJourney({
  name: 'plan-promises',
  env: { ADMIN_EMAILS: `plans.admin.${Date.now()}@example.com` },
});

type CurrentUser = { id: string; membershipTier: string; trialEndDate: string | null; listingLimitNoticeAt: string | null };

const readMember = (member: ApiMember) => readCurrentUser<CurrentUser>(member);

describe('plans keep their word', () => {
  it('keeping Explorer during the free month saves the card, names the first charge date everywhere, and cancelling costs nothing', async () => {
    const member = await verifiedSeller({ firstName: 'Ruby' });
    const trialEnd = formatDateAU((await readMember(member)).trialEndDate!);
    const page = await openPageAs(member);
    await page.goto('/subscribe/explorer');
    await seeVisible(page.getByRole('heading', { level: 1, name: 'Subscribe to Explorer' }));
    await seeVisible(page.getByText(`Nothing is charged today. Your first charge of $24 is on ${trialEnd}, for a year of Explorer.`));
    await page.getByRole('button', { name: 'Subscribe Now' }).click();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Save card' }).click();
    await seeVisible(page.getByRole('heading', { level: 1, name: 'Welcome to the family!' }));
    await seeVisible(page.getByText(`Your paid year of Explorer starts on ${trialEnd}, when you'll be charged $24.`, { exact: false }));
    expect(await readMember(member)).toMatchObject({ membershipTier: 'explorer' });
    expect((await readMember(member)).trialEndDate).not.toBeNull();

    const [mail] = (await api.readOutbox(member.email)).filter((message) => message.subject === 'Your Explorer membership');
    expect(mail.text).toContain(`starts on ${trialEnd}, when you'll be charged $24`);

    await page.goto('/account');
    await seeVisible(page.getByText(`Your card is saved: your first charge of $24 for a year of Explorer is on ${trialEnd}.`, { exact: false }));
    await page.setViewportSize(viewports.phone);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await saveScreenshot(page, 'account-first-charge-360');
    await page.setViewportSize(viewports.desktop);
    await page.getByRole('button', { name: `Cancel before ${trialEnd}` }).click();
    await seeVisible(toastTitled(page, 'Membership updated'));
    await seeVisible(page.getByRole('region', { name: /Notifications/ }).getByText(`You keep Explorer until your free month ends on ${trialEnd}.`, { exact: false }).first());
    await expectVisible(page.getByText('Your free month runs until', { exact: false }));
    // The button goes once the membership is read again after the toast: wait for it rather than race it.
    await page.getByRole('button', { name: `Cancel before ${trialEnd}` }).waitFor({ state: 'detached', timeout: 10_000 });
    expect(await page.getByRole('button', { name: `Cancel before ${trialEnd}` }).count()).toBe(0);
  });

  it('a Lifetime member is shown what they would lose, and keeps Lifetime unless they confirm', async () => {
    const member = await verifiedSeller({ firstName: 'Otto', tier: 'lifetime' });
    const page = await openPageAs(member, viewports.phone);
    await page.goto('/subscribe/starter');
    await seeVisible(page.getByRole('heading', { level: 1, name: 'You have Lifetime membership' }));
    await seeVisible(page.getByRole('list', { name: 'What you would lose' }).getByText('Listings from all of Australia', { exact: false }));
    expect(await hasHorizontalScroll(page)).toBe(false);
    await saveScreenshot(page, 'lifetime-to-starter-360');
    expect((await readMember(member)).membershipTier).toBe('lifetime');

    await page.getByRole('link', { name: 'Keep Lifetime' }).click();
    await page.waitForURL('**/account');
    expect((await readMember(member)).membershipTier).toBe('lifetime');

    await page.goto('/subscribe/connector');
    await seeVisible(page.getByText('You are already on this plan.'));

    await page.goto('/subscribe/starter');
    await page.getByRole('button', { name: 'Give up Lifetime' }).click();
    await seeVisible(toastTitled(page, 'Membership updated'));
    await expect.poll(async () => (await readMember(member)).membershipTier).toBe('starter');
  });

  it('a smaller plan gives notice on the dashboard, and the member keeps the listing they choose', async () => {
    const member = await verifiedSeller({ firstName: 'Iris' });
    await giftPlan(member, 'connector');
    for (const title of ['Green armchair', 'Oak bookshelf', 'Brass lamp']) {
      await listItem(member, { title, description: 'Good condition, pickup from Fitzroy North.', price: '40', category: 'home' });
    }
    await api.callApi('POST', '/api/create-subscription', { token: member.token, body: { tier: 'starter' } });
    expect((await readMember(member)).listingLimitNoticeAt).not.toBeNull();

    const page = await openPageAs(member, viewports.phone);
    await page.goto('/dashboard');
    const notice = page.getByRole('status', { name: "Your plan's listing limit" });
    await seeVisible(notice.getByText('Your Starter plan allows 1 active listing and you have 3.', { exact: false }));
    expect(await hasHorizontalScroll(page)).toBe(false);
    await saveScreenshot(page, 'dashboard-listing-limit-notice-360');

    await notice.getByRole('button', { name: 'Choose listings to keep' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose listings to keep' });
    await seeVisible(dialog);
    // The newest is chosen to begin with; the limit stops a second choice.
    expect(await dialog.getByRole('checkbox', { name: 'Brass lamp' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'Green armchair' }).isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: 'Brass lamp' }).uncheck();
    await dialog.getByRole('checkbox', { name: 'Green armchair' }).check();
    await saveScreenshot(page, 'dashboard-keep-active-360');
    await dialog.getByRole('button', { name: 'Keep these active' }).click();
    await seeVisible(toastTitled(page, 'Listings updated'));
    await expectVisible(page.getByText('2 listings are paused because your plan allows fewer.', { exact: false }));
    expect(await notice.count()).toBe(0);

    const mine = await api.callApi<{ title: string; isActive: boolean; isPaused: boolean }[]>('GET', '/api/my-listings', { token: member.token });
    expect(mine.filter((listing) => listing.isActive).map((listing) => listing.title)).toEqual(['Green armchair']);
    expect(mine.filter((listing) => listing.isPaused).map((listing) => listing.title).sort()).toEqual(['Brass lamp', 'Oak bookshelf']);
    const allTab = page.getByRole('tab', { name: /^All/ });
    await allTab.click();
    await expect.poll(() => allTab.getAttribute('aria-selected')).toBe('true');
    await seeVisible(page.getByRole('tabpanel').getByText('Paused', { exact: true }).first());
    await page.getByRole('tab', { name: /^Sold/ }).click();
    await seeVisible(page.getByText('No sold items yet'));
  });

  it('a paying Connector who chooses Starter is told what changes and when, keeps Connector until then, and can keep it after all', async () => {
    const member = await verifiedSeller({ firstName: 'Nell' });
    // Connector during the free month is charged at once: a paid year from today.
    const checkout = await api.callApi<{ clientSecret: string }>('POST', '/api/create-subscription', { token: member.token, body: { tier: 'connector' } });
    await api.callApi('POST', '/api/payments/test/pay', { token: member.token, body: { clientSecret: checkout.clientSecret, ...testCard } });
    type Plan = { subscription: { renewsAt: string | null; scheduledTier: string | null } | null };
    const readPlan = () => api.callApi<Plan>('GET', '/api/membership', { token: member.token });
    const paidUntil = formatDateAU((await readPlan()).subscription!.renewsAt!);

    const page = await openPageAs(member);
    // A cheaper paid plan waits for the same day, with nothing to pay today.
    await page.goto('/subscribe/explorer');
    await seeVisible(page.getByRole('heading', { level: 1, name: `Move to Explorer on ${paidUntil}` }));
    await seeVisible(page.getByRole('list', { name: `What changes on ${paidUntil}` }).getByText('$24 a year instead of $60'));
    expect(await page.getByRole('button', { name: 'Subscribe Now' }).count()).toBe(0);
    await captureBothSizes(page, 'subscribe-explorer-paid-year');

    await page.goto('/subscribe/starter');
    await seeVisible(page.getByRole('heading', { level: 1, name: `Move to Starter on ${paidUntil}` }));
    await seeVisible(page.getByRole('list', { name: `What changes on ${paidUntil}` }).getByText('1 active listing at once instead of 8'));
    await captureBothSizes(page, 'subscribe-starter-paid-year');
    expect((await readMember(member)).membershipTier).toBe('connector');
    expect((await readPlan()).subscription!.scheduledTier).toBeNull();

    await page.getByRole('button', { name: `Move to Starter on ${paidUntil}` }).click();
    await seeVisible(page.getByRole('heading', { level: 1, name: `Connector until ${paidUntil}, then Starter` }));
    await seeVisible(toastTitled(page, 'Membership updated'));
    await captureBothSizes(page, 'subscribe-starter-planned');
    expect(page.url()).toMatch(/\/subscribe\/starter$/);
    expect((await readMember(member)).membershipTier).toBe('connector');
    expect((await readPlan()).subscription!.scheduledTier).toBe('starter');

    await page.goto('/account');
    await seeVisible(page.getByText(`Connector until ${paidUntil}, then Starter`));
    await captureBothSizes(page, 'account-scheduled-change');
    await page.getByRole('button', { name: 'Keep Connector' }).click();
    await seeVisible(toastTitled(page, 'Membership updated'));
    await seeHidden(page.getByText(`Connector until ${paidUntil}, then Starter`));
    await seeVisible(page.getByText(`renewing on ${paidUntil}`, { exact: false }));
    expect((await readPlan()).subscription!.scheduledTier).toBeNull();
    expect((await readMember(member)).membershipTier).toBe('connector');
  });
});
