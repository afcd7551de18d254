// A member's journey through sign-up, sign-in and password reset, in a real Chromium against the built app.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectHidden, expectVisible, hasHorizontalScroll, saveScreenshot, toastTitled, viewports } from './support/browser';
import { authTokenCookieName } from '../../src/domain/session';
import { memberPassword } from './support/api';
import { type Viewport, useJourney } from './support/journey';

const { api, baseUrl, openPageAs } = useJourney({ name: 'auth-journey' });

/** A visitor's tab: these journeys sign in through the page. */
const openPage = (viewport: Viewport = viewports.desktop) => openPageAs(null, viewport);

async function registerThroughApi(member: { email: string; password: string; firstName: string; lastName: string }) {
  const response = await api.sendApi('POST', '/api/auth/register', { body: member });
  expect(response.status).toBe(201);
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log out' }).click();
  await expectVisible(toastTitled(page, 'Logged out'));
  // The sign-in page, with or without the way back (?next=) a members' page adds when its member
  // leaves; read from the address itself, whichever navigation (in the page or a load) took it there.
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe('/auth');
  await expectVisible(page.getByRole('button', { name: 'Sign In', exact: true }), 30_000);
}

describe('signing up, in and out', () => {
  it('a new member registers, signs out, signs in, resets the password and signs in with the new one', async () => {
    const page = await openPage();
    const email = api.uniqueEmail('alex');
    const firstName = 'Alex';
    const greeting = page.getByRole('heading', { level: 1, name: `G'day ${firstName}` });

    await page.goto('/auth');
    await expectVisible(page.getByRole('heading', { level: 1 }));
    expect(await page.title()).toBe('Sign in | Neighbourly');
    await expectVisible(page.getByText('Verified community members only'));
    await saveScreenshot(page, 'auth-1280');
    await page.setViewportSize(viewports.phone);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await saveScreenshot(page, 'auth-360');
    await page.setViewportSize(viewports.desktop);

    // Register.
    await page.getByRole('button', { name: 'Create New Account' }).click();
    await page.getByLabel('First name').fill(firstName);
    await page.getByLabel('Last name').fill('Nguyen');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('first-password-1');
    // The page reloads about 0.8 s after the welcome (spec 9); the greeting may show before it.
    const reloaded = page.waitForEvent('load', { timeout: 15_000 });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectVisible(toastTitled(page, 'Welcome to Neighbourly!'));
    await reloaded;
    await expectVisible(greeting, 15_000);
    await expectVisible(page.getByRole('link', { name: /List Something/ }));
    await saveScreenshot(page, 'dashboard-1280');
    await page.setViewportSize(viewports.phone);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await saveScreenshot(page, 'dashboard-360');
    await page.setViewportSize(viewports.desktop);

    // Out and back in.
    await logOut(page);
    await signIn(page, email, 'first-password-1');
    await expectVisible(toastTitled(page, 'Welcome back!'));
    await expectVisible(greeting);
    await logOut(page);

    // Reset the password in three steps.
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await expectVisible(page.getByText('Step 1 of 3'));
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send Reset Code' }).click();
    await expectVisible(toastTitled(page, 'Reset code sent!'));
    await expectVisible(page.getByText('Step 2 of 3'));

    const code = await api.latestCode(email);
    await page.getByLabel('Reset code').fill(code);
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await expectVisible(toastTitled(page, 'Code verified!'));
    await expectVisible(page.getByText('Step 3 of 3'));

    await page.getByLabel('New password').fill('second-password-2');
    // It opens the dashboard afresh about 0.8 s later; signing out before that would be undone by it.
    const dashboardLoaded = page.waitForEvent('load', { timeout: 15_000 });
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expectVisible(toastTitled(page, 'Password updated!'));
    await dashboardLoaded;
    await page.waitForURL('**/dashboard', { timeout: 15_000 });
    await expectVisible(greeting);

    // The new password works.
    await logOut(page);
    await signIn(page, email, 'second-password-2');
    await expectVisible(greeting);
  });

  it('Log out tapped while the page is still starting (its code on a slow line) still ends on the sign-in page', async () => {
    const member = await api.registerMember({ firstName: 'Kai' });
    const page = await openPageAs(member);
    // The page is rendered on the server for the member (their cookie), as after the password reset;
    // its scripts have run (load), the dashboard's own code is still on its way: the tap is held,
    // then handled while the page hydrates (it went home, still signed in, before the fix).
    await page.context().addCookies([{ name: authTokenCookieName, value: member.token, url: baseUrl() }]);
    await page.route(/\/assets\/dashboard-page-.+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
    });
    await page.goto('/dashboard');
    await expectVisible(page.getByRole('heading', { level: 1, name: "G'day Kai" }));
    await logOut(page);
    expect(await page.getByRole('heading', { level: 1, name: "G'day Kai" }).count()).toBe(0);
  });

  it('a wrong password shows the Login Failed toast and keeps the visitor on the sign-in page', async () => {
    const email = api.uniqueEmail('sam');
    await registerThroughApi({ email, password: 'right-password-1', firstName: 'Sam', lastName: 'Lee' });
    const page = await openPage();
    await page.goto('/auth');
    await signIn(page, email, 'wrong-password-1');
    await expectVisible(toastTitled(page, 'Login Failed'));
    expect(new URL(page.url()).pathname).toBe('/auth');
    expect(await page.getByRole('heading', { name: "G'day Sam" }).count()).toBe(0);
  });

  it('registering with a one-letter first name shows the rule under the field', async () => {
    const page = await openPage();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Create New Account' }).click();
    await page.getByLabel('First name').fill('A');
    await page.getByLabel('Last name').fill('Smith');
    await page.getByLabel('Email', { exact: true }).fill(api.uniqueEmail('a'));
    await page.getByLabel('Password', { exact: true }).fill('long-enough-1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectVisible(page.getByText('First name must be at least 2 characters'));
    expect(await page.getByLabel('First name').getAttribute('aria-invalid')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/auth');
  });
});

describe('your sign-in, from /account', () => {
  it('a member sees both devices, changes the password (the other browser is signed out), signs out everywhere else and changes the email', async () => {
    const email = api.uniqueEmail('jo');
    await registerThroughApi({ email, password: 'first-password-1', firstName: 'Jo', lastName: 'Park' });
    const [home, phone] = [await openPage(), await openPage(viewports.phone)];
    for (const page of [home, phone]) {
      await page.goto('/auth');
      await signIn(page, email, 'first-password-1');
      await expectVisible(page.getByRole('heading', { level: 1, name: "G'day Jo" }));
    }

    await home.goto('/account');
    const devices = home.getByRole('list', { name: "Where you're signed in" });
    await expectVisible(devices.getByText('This device · active now'));
    expect(await devices.getByRole('listitem').count()).toBe(3);

    // A wrong current password is said under its field; nothing changes.
    const passwordForm = home.getByRole('form', { name: 'Change your password' });
    await passwordForm.getByLabel('Current password').fill('not-my-password');
    await passwordForm.getByLabel('New password').fill('second-password-2');
    await passwordForm.getByRole('button', { name: 'Change Password' }).click();
    await expectVisible(passwordForm.getByText("That isn't your current password."));

    await passwordForm.getByLabel('Current password').fill('first-password-1');
    await passwordForm.getByRole('button', { name: 'Change Password' }).click();
    await expectVisible(toastTitled(home, 'Password changed'));
    await expectHidden(devices.getByRole('button', { name: /^Sign out Chrome/ }).first());
    expect(await devices.getByRole('listitem').count()).toBe(1);

    // The phone was signed out by the change.
    await phone.goto('/dashboard');
    await phone.waitForURL(/\/auth(\?.*)?$/);
    await expectVisible(phone.getByRole('button', { name: 'Sign In', exact: true }));
    await signIn(phone, email, 'second-password-2');
    await expectVisible(phone.getByRole('heading', { level: 1, name: "G'day Jo" }));

    // Signed in again on the phone; signed out from home, everywhere but home.
    await home.reload();
    await expectVisible(devices.getByRole('button', { name: /^Sign out / }));
    await home.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expectVisible(toastTitled(home, 'Signed out everywhere else'));
    await expectVisible(home.getByRole('region', { name: /Notifications/ }).getByText('1 other device was signed out.'));
    await phone.goto('/dashboard');
    await phone.waitForURL(/\/auth(\?.*)?$/);

    // A new email, proved with the code sent there; sign-in then uses it.
    const newEmail = api.uniqueEmail('jo-new');
    await home.getByRole('button', { name: 'Change email' }).click();
    await home.getByLabel('New email').fill(newEmail);
    await home.getByLabel('Your password', { exact: true }).fill('second-password-2');
    await home.getByRole('button', { name: 'Send Code' }).click();
    await expectVisible(toastTitled(home, 'Check your new inbox'));
    await home.getByLabel('Code from your new inbox').fill(await api.latestCode(newEmail));
    await home.getByRole('button', { name: 'Change Email' }).click();
    await expectVisible(toastTitled(home, 'Email changed'));
    expect(await home.getByLabel('Email', { exact: true }).inputValue()).toBe(newEmail);
    await home.setViewportSize(viewports.phone);
    expect(await hasHorizontalScroll(home)).toBe(false);
  });
});

describe('finding your way', () => {
  it('an unknown path shows 404 Page Not Found with a way home', async () => {
    const page = await openPage();
    await page.goto('/no-such-place');
    await expectVisible(page.getByRole('heading', { level: 1, name: '404 Page Not Found' }));
    await page.getByRole('link', { name: 'Take me home' }).click();
    await expectVisible(page.getByRole('link', { name: 'Join the Community!' }).first());
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('a signed-out visitor who opens a member page is sent to sign in', async () => {
    const page = await openPage();
    await page.goto('/dashboard');
    await page.waitForURL('**/auth');
    await expectVisible(page.getByRole('button', { name: 'Sign In', exact: true }));
  });

  it('the mobile menu opens and closes on a 360 px screen', async () => {
    const page = await openPage(viewports.phone);
    await page.goto('/');
    expect(await hasHorizontalScroll(page)).toBe(false);
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    const menu = page.locator('#mobile-menu');
    await expectHidden(menu);
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');

    await menuButton.click();
    await expectVisible(menu.getByRole('link', { name: 'Join the Community!' }));
    const closeButton = page.getByRole('button', { name: 'Close menu' });
    expect(await closeButton.getAttribute('aria-expanded')).toBe('true');

    await closeButton.click();
    await expectHidden(menu);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expectVisible(menu);
    await page.keyboard.press('Escape');
    await expectHidden(menu);
    expect(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Join the Community!' }).click();
    await page.waitForURL('**/auth');
    await expectHidden(menu);
  });
});

describe('your data, and leaving', () => {
  it('a member downloads a copy of their data, then closes the account and is signed out for good', async () => {
    const member = await api.createVerifiedMember({ firstName: 'Robin', postcode: '3068' });
    const page = await openPageAs(member, viewports.phone);
    await page.goto('/account#your-data');
    await page.getByRole('button', { name: 'Download your data' }).click();
    await expectVisible(toastTitled(page, 'Preparing your data'));
    // The job makes it; the list, asked again while it is being prepared, shows it ready.
    const copies = page.getByRole('list', { name: 'Copies of your data' });
    const download = copies.getByRole('button', { name: /^Download your copy from / });
    await expectVisible(download, 30_000);
    await expectVisible(page.getByText(/You can ask for a new copy once a day/));
    expect(await page.getByRole('button', { name: 'Download your data' }).isDisabled()).toBe(true);

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^neighbourly-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const saved = path.join(await mkdtemp(path.join(tmpdir(), 'data-copy-')), file.suggestedFilename());
    await file.saveAs(saved);
    const zip = unzipSync(new Uint8Array(await readFile(saved)));
    expect(JSON.parse(strFromU8(zip['data.json'])).profile).toMatchObject({ email: member.email, firstName: 'Robin' });
    expect(await hasHorizontalScroll(page)).toBe(false);

    // Closing: says what happens, asks for the password, then signs the tab out.
    await page.getByRole('button', { name: 'Close account', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Close your account?' });
    await expectVisible(dialog.getByText('Your listings come down from every page, search and map at once.'));
    expect(await hasHorizontalScroll(page)).toBe(false);
    await dialog.getByLabel('Your password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Close my account' }).click();
    await expectVisible(dialog.getByText("That isn't your current password."));
    await dialog.getByLabel('Your password').fill(memberPassword);
    await dialog.getByRole('button', { name: 'Close my account' }).click();
    await expectVisible(toastTitled(page, 'Account closed'));
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe('/');

    // The old session and password open nothing any more.
    expect((await api.sendApi('GET', '/api/auth/me', { token: member.token })).status).toBe(401);
    expect((await api.sendApi('POST', '/api/auth/login', { body: { email: member.email, password: memberPassword } })).status).toBe(401);
    await page.goto('/account');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe('/auth');
  });
});
