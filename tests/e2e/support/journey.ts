// The fixtures of an e2e journey: one server (with the journey's settings), the API to set things up,
// one Chromium, and pages opened as a member, closed after each test. A journey file starts with
//   const { api, openPageAs, seeVisible, verifiedSeller } = useJourney({ name: 'pinned-posts' });
// and then reads as its story: `const seller = await verifiedSeller({ tier: 'connector' })`.
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { MembershipTier } from '../../../src/domain/tiers';
import { type ApiMember, createApi, type MemberDetails, memberPassword } from './api';
import { expectHidden, expectVisible, hasHorizontalScroll, launchBrowser, saveFailureScreenshot, saveScreenshot, viewports } from './browser';
import { type RunningServer, startServer } from './server';

export type Viewport = { width: number; height: number };
/** Anyone the page can be opened as: a member (by their session token) or, with null, a visitor. */
export type SignedIn = { token: string } | null;
/** Without a condition, the listing states none (as the API allows; the form always asks). */
export type ListingDetails = { title: string; description?: string; price?: string; category?: string; condition?: string };
export type SellerDetails = MemberDetails & { postcode?: string; tier?: MembershipTier };

export type JourneyOptions = {
  /** Names the screenshots kept when a step fails. */
  name: string;
  /**
   * Settings for this journey's server only, such as ADMIN_EMAILS (adminMember() signs up the first).
   * A function is read when the server starts, after the file's earlier beforeAll hooks (a fake Stripe's address).
   */
  env?: Record<string, string> | (() => Record<string, string>);
  /** How long seeVisible and seeHidden wait: shared machines can be slow. */
  patientMs?: number;
};

export type Journey = ReturnType<typeof useJourney>;

/** The test card the built-in payment provider accepts. */
export const testCard = { cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' };

/** Registers the journey's hooks (start in beforeAll, close pages after each test, stop in afterAll) and answers its fixtures. */
export function useJourney({ name, env: settings = {}, patientMs = 20_000 }: JourneyOptions) {
  let env: Record<string, string> = {};
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  let admin: Promise<ApiMember> | undefined;

  const running = () => {
    if (!server || !browser) throw new Error('The journey starts in beforeAll: use its fixtures inside a hook or a test.');
    return { server, browser };
  };
  const baseUrl = () => running().server.baseUrl;
  const api = createApi(baseUrl);

  beforeAll(async () => {
    env = typeof settings === 'function' ? settings() : settings;
    server = await startServer({ env });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  /** A fresh browser context on the journey's server, closed after the test. */
  async function newContext(options: BrowserContextOptions = {}): Promise<BrowserContext> {
    const context = await running().browser.newContext({ viewport: viewports.desktop, baseURL: baseUrl(), ...options });
    contexts.push(context);
    return context;
  }

  /** A fresh tab, signed in as the member (null: a visitor), with the page's uncaught errors in the log. */
  async function openPageAs(member: SignedIn, viewport: Viewport = viewports.desktop, options: BrowserContextOptions = {}): Promise<Page> {
    const context = await newContext({ viewport, ...options });
    if (member) await context.addInitScript((token) => window.localStorage.setItem('authToken', token), member.token);
    const page = await context.newPage();
    page.on('pageerror', (error) => console.log('PAGEERROR', error.message));
    return page;
  }

  /** Waits until the element is visible; otherwise keeps a screenshot and fails with the page's address and text. */
  async function seeVisible(locator: Locator, timeout = patientMs): Promise<void> {
    try {
      await expectVisible(locator, timeout);
    } catch (error) {
      const page = locator.page();
      await saveFailureScreenshot(page, `${name}-failure-${Date.now()}`).catch(() => undefined);
      const text = await page
        .locator('body')
        .innerText({ timeout: 1_000 })
        .catch(() => '?');
      throw new Error(`${(error as Error).message}\nThe page at ${page.url()} read:\n${text}`, { cause: error });
    }
  }

  const seeHidden = (locator: Locator, timeout = patientMs) => expectHidden(locator, timeout);

  /** Screenshots at 1280 and 360 px, and no sideways scrolling on the phone, of the document or of the main region. */
  async function captureBothSizes(page: Page, screenshotName: string): Promise<void> {
    // From the top, so the sticky header is not painted halfway down the full-page picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.setViewportSize(viewports.desktop);
    await saveScreenshot(page, `${screenshotName}-1280`);
    await page.setViewportSize(viewports.phone);
    expect(await hasHorizontalScroll(page), `${screenshotName} scrolls sideways at 360 px`).toBe(false);
    // The app shell clips sideways overflow, so also check that nothing in the page is wider than the screen.
    expect(
      await page.evaluate(() => document.querySelector('main')!.scrollWidth <= window.innerWidth),
      `${screenshotName}'s main region is wider than 360 px`,
    ).toBe(true);
    await saveScreenshot(page, `${screenshotName}-360`);
    await page.setViewportSize(viewports.desktop);
  }

  /** The member as the server sees them (GET /api/auth/me). */
  const readMember = <T = Record<string, unknown>>(member: { token: string }) => api.callApi<T>('GET', '/api/auth/me', { token: member.token });

  /** Lists an item through the API and answers its id. */
  async function listItem(seller: { token: string }, { title, description = 'Good condition, pick up any evening this week.', price = '30', category = 'other', condition }: ListingDetails): Promise<string> {
    const listing = await api.callApi<{ id: string }>('POST', '/api/listings', { token: seller.token, body: { title, description, price, category, condition, imageUrls: [] } });
    return listing.id;
  }

  /** The admin named first in the journey's ADMIN_EMAILS: signed up and verified (which is when the rights come) the first time, signed in after. */
  function adminMember(): Promise<ApiMember> {
    const email = env.ADMIN_EMAILS?.split(',')[0]?.trim();
    if (!email) throw new Error(`${name}: adminMember() needs useJourney({ env: { ADMIN_EMAILS } })`);
    admin ??= (async () => {
      const body = { email, password: memberPassword, firstName: 'Ada', lastName: 'Admin' };
      const registered = await api.sendApi('POST', '/api/auth/register', { body });
      if (registered.status === 409) {
        // Signed up earlier in the journey (the admin journey does it step by step).
        const { token } = await api.callApi<{ token: string }>('POST', '/api/auth/login', { body: { email, password: memberPassword } });
        return { email, token, firstName: body.firstName };
      }
      if (!registered.ok) throw new Error(`Registering the admin answered ${registered.status}: ${await registered.text()}`);
      const { token } = (await registered.json()) as { token: string };
      const member = { email, token, firstName: body.firstName };
      await api.verifyEmail(member);
      return member;
    })();
    return admin;
  }

  /** An admin gives the member a plan, as the admin page's Gift Membership does. */
  async function giftPlan(member: { email: string }, tier: MembershipTier): Promise<void> {
    const { token } = await adminMember();
    await api.callApi('POST', '/api/admin/gift-membership', { token, body: { userEmail: member.email, membershipTier: tier } });
  }

  /** Moves the member to the plan as a member would: Starter is chosen, Connector paid for with the test card; Lifetime is only ever a gift. */
  async function choosePlan(member: { token: string; email: string }, tier: MembershipTier): Promise<void> {
    if (tier === 'explorer') return; // New members start on Explorer's free month.
    if (tier === 'lifetime') return giftPlan(member, tier);
    const { clientSecret } = await api.callApi<{ clientSecret?: string }>('POST', '/api/create-subscription', { token: member.token, body: { tier } });
    if (clientSecret) await api.callApi('POST', '/api/payments/test/pay', { token: member.token, body: { clientSecret, ...testCard } });
  }

  /** A member ready to trade: email and phone verified, a postcode (Fitzroy North unless given) and, when given, a plan. New members are Explorers. */
  async function verifiedSeller({ postcode = '3068', tier, ...details }: SellerDetails = {}): Promise<ApiMember> {
    const member = await api.createVerifiedMember({ ...details, postcode });
    if (tier) await choosePlan(member, tier);
    return member;
  }

  /** A member who has just joined: nothing verified, no postcode. */
  const newMember = (details: MemberDetails = {}) => api.registerMember(details);

  return {
    api,
    baseUrl,
    newContext,
    openPageAs,
    seeVisible,
    seeHidden,
    captureBothSizes,
    readMember,
    listItem,
    verifiedSeller,
    newMember,
    adminMember,
    giftPlan,
    choosePlan,
  };
}
