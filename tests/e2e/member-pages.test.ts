// Every member and admin page, signed in as a member ready to trade and (where the page differs) one who
// just joined: an axe accessibility check at 1280 and 360 px and no sideways scrolling, in a real
// Chromium against the built app (the public pages get the same in public-pages.test.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { adminInsightMessages } from '../../src/domain/admin-insights';
import { insightMessages } from '../../src/domain/insights';
import { phoneNeededNotice } from '../../src/domain/trading-checks';
import type { ApiMember } from './support/api';
import { auditPage } from './support/axe';
import { expectVisible, viewports } from './support/browser';
import { useJourney } from './support/journey';
import { pageChecks } from './support/page-checks';

const { api, baseUrl, newContext, listItem, verifiedSeller, newMember, adminMember } = useJourney({ name: 'member-pages', env: { ADMIN_EMAILS: 'member-pages-admin@example.com' } });
const { openPage, visit, checkPage } = pageChecks({ newContext, baseUrl });

let member: ApiMember;
let newcomer: ApiMember;
let withoutPhone: ApiMember;
let admin: ApiMember;
/** The seller of the listing the member saved and asked about. */
let theirSeller: ApiMember;
/** Another seller's listing the member talked about, saved and reported; the member's own listing. */
let theirListing: string;
let ownListing: string;
let theirSellerId: string;
let conversationId: string;

beforeAll(async () => {
  // A member with a verified email, a postcode and one listing, so the member pages show real content.
  member = await verifiedSeller({ firstName: 'Nina', postcode: '3000' });
  ownListing = await listItem(member, { title: 'Timber bookshelf', description: 'Five shelves, solid pine, a few marks on the side.', price: '40', category: 'home' });
  // Real content on the pages added since: a thread with messages both ways, a saved listing and search, a report in the admin's queue.
  const other = await verifiedSeller({ firstName: 'Oscar', postcode: '3000' });
  theirSeller = other;
  theirSellerId = (await api.callApi<{ id: string }>('GET', '/api/auth/me', { token: other.token })).id;
  theirListing = await listItem(other, { title: 'Cast iron skillet', description: 'Seasoned 26 cm skillet, ready to cook with.', price: '35', category: 'home' });
  conversationId = (await api.callApi<{ conversation: { id: string } }>('POST', `/api/listings/${theirListing}/conversations`, { token: member.token, body: { message: 'Is the skillet still for sale?' } })).conversation.id;
  await api.callApi('POST', `/api/conversations/${conversationId}/messages`, { token: other.token, body: { body: 'It is! Pick up any evening.' } });
  await api.sendApi('PUT', `/api/favourites/${theirListing}`, { token: member.token });
  await api.callApi('POST', '/api/saved-searches', { token: member.token, body: { name: 'Skillets', query: { search: 'skillet' }, frequency: 'daily' } });
  await api.callApi('POST', '/api/reports', { token: member.token, body: { listingId: theirListing, reason: 'scam', details: 'The photo is of another pan.' } });
  admin = await adminMember();
  newcomer = await newMember({ firstName: 'Theo' });
  // Email verified, phone not: every page shows the notice asking for the phone (decision 35).
  withoutPhone = await newMember({ firstName: 'Priya' });
  await api.verifyEmail(withoutPhone);
});

const members = { 'verified member': () => member, 'new member': () => newcomer, 'member without a verified phone': () => withoutPhone, admin: () => admin };

// The main signed-in routes, for a member ready to trade and (where the page differs) one who just joined.
const memberRoutes: { path: string; who: keyof typeof members }[] = [
  { path: '/dashboard', who: 'verified member' },
  { path: '/listings', who: 'verified member' },
  { path: '/create-listing', who: 'verified member' },
  { path: '/create-listing', who: 'new member' },
  { path: '/create-listing', who: 'member without a verified phone' },
  { path: '/account', who: 'verified member' },
  { path: '/account', who: 'new member' },
  { path: '/verify-email', who: 'new member' },
  { path: '/verify-email', who: 'verified member' },
  { path: '/help', who: 'verified member' },
  { path: '/contact', who: 'verified member' },
  // The pages added since the first checks, each with real data on it.
  { path: '/messages', who: 'verified member' },
  { path: '/messages/:conversation', who: 'verified member' },
  { path: '/saved', who: 'verified member' },
  { path: '/listing/:theirs', who: 'verified member' },
  { path: '/listing/:own', who: 'verified member' },
  { path: '/listing/:own/edit', who: 'verified member' },
  { path: '/seller/:theirs', who: 'verified member' },
  { path: '/subscribe/explorer', who: 'verified member' },
  { path: '/verify-phone', who: 'member without a verified phone' },
  { path: '/membership-plans', who: 'verified member' },
  { path: '/admin', who: 'admin' },
];

/** The real address of a route with the fixtures' ids in it. */
function addressOf(path: string): string {
  return path
    .replace(':conversation', conversationId)
    .replace('/listing/:theirs', `/listing/${theirListing}`)
    .replace('/listing/:own', `/listing/${ownListing}`)
    .replace('/seller/:theirs', `/seller/${theirSellerId}`);
}

describe('accessibility and small screens', () => {
  it.each(memberRoutes)('signed in as a $who, $path passes axe and fits 360 px', async ({ path, who }) => {
    const { page } = await openPage({ as: members[who]() });
    await checkPage(page, addressOf(path));
    // Every page but the phone check itself asks for the phone.
    if (who === 'member without a verified phone' && path !== '/verify-phone') await expectVisible(page.getByRole('region', { name: phoneNeededNotice.title }));
  });
});

describe('listing insights on the seller’s dashboard', () => {
  it('show the seller a 30-day chart of a listing and its numbers as a table, on a phone', async () => {
    const { page } = await openPage({ as: theirSeller, viewport: viewports.phone });
    await visit(page, '/dashboard');
    await page.getByRole('button', { name: insightMessages.openFor('Cast iron skillet') }).click();
    const dialog = page.getByRole('dialog', { name: insightMessages.title });
    await expectVisible(dialog.getByRole('img', { name: insightMessages.chartLabel }));
    await dialog.getByText(insightMessages.showTable).click();
    // Today, the last row: the member's save and conversation (views depend on the last write of the counter).
    const today = dialog.getByRole('table').getByRole('row').last();
    expect((await today.getByRole('cell').allTextContents()).slice(1)).toEqual(['1', '1']);
    expect((await auditPage(page)).filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);
  });
});

describe('charts when the window narrows', () => {
  it('the operator’s charts fit a narrowed window before they are measured and drawn again', async () => {
    const { page } = await openPage({ as: admin });
    // A browser tells the page of its new size a frame or more later (on a busy phone, later still): here, never.
    await page.addInitScript(() => {
      window.ResizeObserver = class {
        observe() {}
        unobserve() {}
        disconnect() {}
      } as unknown as typeof ResizeObserver;
    });
    await visit(page, '/admin');
    const chart = page.getByRole('img', { name: adminInsightMessages.membersByPlanLabel });
    await expectVisible(chart);
    const drawnWidth = await chart.evaluate((svg) => svg.getBoundingClientRect().width);
    await page.setViewportSize(viewports.phone);
    const widths = await page.evaluate(() => ({ document: document.documentElement.scrollWidth, main: document.querySelector('main')!.scrollWidth }));
    expect(Math.max(widths.document, widths.main), JSON.stringify(widths)).toBeLessThanOrEqual(viewports.phone.width);
    // Drawn for the wide window, the chart would not have fitted the phone (the test means something).
    expect(drawnWidth).toBeGreaterThan(viewports.phone.width);
  });
});
