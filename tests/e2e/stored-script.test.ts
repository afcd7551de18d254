// Markup typed into names and listings is shown as text wherever it appears and never runs: the
// browse card, the listing, the seller's page and both dashboards, in a real Chromium.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '../../src/domain/account';
import { listingRuleMessages } from '../../src/domain/listing';
import type { ApiMember } from './support/api';
import { expectVisible, saveScreenshot } from './support/browser';
import { useJourney } from './support/journey';

const patientMs = 30_000;

// Each payload sets window.__pwned if it ever runs.
const hostileName = { firstName: '<img src=x onerror=window.__pwned=1>', lastName: '<script>window.__pwned=2</script>' };
const hostileListing = {
  title: '<script>window.__pwned=3</script><b>Bike</b>',
  description:
    '<img src=x onerror="window.__pwned=4"> [Pay here](javascript:window.__pwned=5) <a href="javascript:window.__pwned=6">deal</a> <svg onload=window.__pwned=7> javascript:alert(8)',
  price: '25',
  category: 'sports',
};

type PageWatch = { page: Page; dialogs: string[] };

const { api, newContext, verifiedSeller } = useJourney({ name: 'stored-script' });

let seller: ApiMember;
let buyer: ApiMember;
let listingId: string;
let sellerId: string;

beforeAll(async () => {
  seller = await verifiedSeller({ ...hostileName, postcode: '3068' });
  buyer = await verifiedSeller({ firstName: 'Priya', lastName: 'Shah', postcode: '3068' });
  const listing = await api.callApi<{ id: string; sellerId: string }>('POST', '/api/listings', { token: seller.token, body: { ...hostileListing, imageUrls: [] } });
  listingId = listing.id;
  sellerId = listing.sellerId;
});

/** A signed-in page that records every dialog and every script the CSP had to block. */
async function openPageAs(member: ApiMember): Promise<PageWatch> {
  const context = await newContext();
  await context.addInitScript((token) => {
    window.localStorage.setItem('authToken', token);
    const blocked: string[] = [];
    (window as unknown as { __blockedScripts: string[] }).__blockedScripts = blocked;
    document.addEventListener('securitypolicyviolation', (event) => {
      if (event.effectiveDirective.startsWith('script-src')) blocked.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`);
    });
  }, member.token);
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { page, dialogs };
}

/**
 * Nothing ran (no flag, no dialog), nothing was even attempted (the CSP blocked no script, so the
 * markup never became elements in the first place), and no element carries the payloads.
 */
async function expectNothingRan({ page, dialogs }: PageWatch, where: string): Promise<void> {
  // Give an image's onerror time to fire, had one been made.
  await page.waitForTimeout(300);
  const state = await page.evaluate(() => ({
    pwned: (window as unknown as { __pwned?: unknown }).__pwned ?? null,
    blocked: (window as unknown as { __blockedScripts: string[] }).__blockedScripts,
    injected: [...document.querySelectorAll('[onerror], [onload], a[href^="javascript:" i], iframe, img[src$="/x"], svg[onload]')].map((element) => element.outerHTML.slice(0, 120)),
    // The inline elements a page may have are data that never runs: the server render's page data and
    // a listing's schema.org block (JSON-LD).
    inlineScripts: [...document.querySelectorAll('script:not([src])')]
      .filter((element) => !((element.id === 'app-state' && element.getAttribute('type') === 'application/json') || element.getAttribute('type') === 'application/ld+json'))
      .map((element) => element.outerHTML.slice(0, 120)),
    // And each holds only its JSON: nothing in a listing ended the block to start another.
    dataBlocks: [...document.querySelectorAll('script[type="application/json"], script[type="application/ld+json"]')].filter((element) => {
      try {
        JSON.parse(element.textContent ?? '');
        return false;
      } catch {
        return true;
      }
    }).length,
  }));
  expect(state.pwned, where).toBeNull();
  expect(dialogs, where).toEqual([]);
  expect(state.blocked, where).toEqual([]);
  expect(state.injected, where).toEqual([]);
  expect(state.inlineScripts, where).toEqual([]);
  expect(state.dataBlocks, where).toBe(0);
}

const see = (page: Page, text: string) => expectVisible(page.getByText(text, { exact: false }).first(), patientMs);

describe('stored markup', () => {
  it('is refused where a place name must come from the postcode list', async () => {
    const response = await api.sendApi('PUT', '/api/user/profile', {
      token: seller.token,
      body: { postcode: '3068', suburb: '<script>window.__pwned=9</script>' },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(accountMessages.suburbNotInPostcode);
  });

  it('shows as text on the browse card, the listing, the seller’s page and the buyer’s dashboard, and never runs', async () => {
    const watch = await openPageAs(buyer);
    const { page } = watch;

    await page.goto('/listings');
    await expectVisible(page.getByRole('link', { name: hostileListing.title, exact: true }).first(), patientMs);
    await see(page, hostileName.firstName);
    await expectNothingRan(watch, 'browse');

    await page.goto(`/listing/${listingId}`);
    await expectVisible(page.getByRole('heading', { level: 1, name: hostileListing.title }), patientMs);
    await see(page, hostileListing.description);
    await see(page, hostileName.firstName);
    expect(await page.title()).toBe(`${hostileListing.title} - $25 in Clifton Hill VIC | Neighbourly`);
    await saveScreenshot(page, 'stored-script-listing');
    await expectNothingRan(watch, 'listing detail');

    await page.goto(`/seller/${sellerId}`);
    await see(page, hostileName.firstName);
    await expectVisible(page.getByRole('link', { name: hostileListing.title, exact: true }).first(), patientMs);
    await expectNothingRan(watch, 'seller page');

    await page.goto('/dashboard');
    await expectVisible(page.getByRole('heading', { name: "What's New Around You" }), patientMs);
    await expectVisible(page.getByRole('link', { name: hostileListing.title, exact: true }).first(), patientMs);
    await expectNothingRan(watch, 'buyer dashboard');
  });

  it('shows as text on the seller’s own dashboard and account, and never runs', async () => {
    const watch = await openPageAs(seller);
    const { page } = watch;
    await page.goto('/dashboard');
    await expectVisible(page.getByRole('heading', { level: 1, name: `G'day ${hostileName.firstName}` }), patientMs);
    await expectVisible(page.getByRole('heading', { name: 'Your Listings' }), patientMs);
    await expectVisible(page.getByRole('tabpanel').getByRole('link', { name: hostileListing.title, exact: true }).first(), patientMs);
    await saveScreenshot(page, 'stored-script-dashboard');
    await expectNothingRan(watch, 'seller dashboard');

    await page.goto('/account');
    await expectVisible(page.getByRole('heading', { name: 'Account Information' }), patientMs);
    await expectNothingRan(watch, 'account');
  });

  it('shows markup in the address as text too: a search and a listing id', async () => {
    const watch = await openPageAs(buyer);
    const { page } = watch;
    const search = '<img src=x onerror=window.__pwned=10>';
    await page.goto(`/listings?search=${encodeURIComponent(search)}`);
    await expectVisible(page.getByText('No listings match your search'), patientMs);
    expect(await page.getByLabel('Search').inputValue()).toBe(search);
    await expectNothingRan(watch, 'search');

    await page.goto(`/listing/${encodeURIComponent('<script>window.__pwned=11</script>')}`);
    await see(page, listingRuleMessages.listingNotFound);
    await expectNothingRan(watch, 'unknown listing');
  });
});
