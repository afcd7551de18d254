// The main member pages, signed in as a member ready to trade and (where the page differs) one who
// just joined: an axe accessibility check at 1280 and 360 px and no sideways scrolling, in a real
// Chromium against the built app (the public pages get the same in public-pages.test.ts).
import { beforeAll, describe, it } from 'vitest';
import { phoneNeededNotice } from '../../src/domain/trading-checks';
import type { ApiMember } from './support/api';
import { expectVisible } from './support/browser';
import { useJourney } from './support/journey';
import { pageChecks } from './support/page-checks';

const { api, baseUrl, newContext, listItem, verifiedSeller, newMember } = useJourney({ name: 'member-pages' });
const { openPage, checkPage } = pageChecks({ newContext, baseUrl });

let member: ApiMember;
let newcomer: ApiMember;
let withoutPhone: ApiMember;

beforeAll(async () => {
  // A member with a verified email, a postcode and one listing, so the member pages show real content.
  member = await verifiedSeller({ firstName: 'Nina', postcode: '3000' });
  await listItem(member, { title: 'Timber bookshelf', description: 'Five shelves, solid pine, a few marks on the side.', price: '40', category: 'home' });
  newcomer = await newMember({ firstName: 'Theo' });
  // Email verified, phone not: every page shows the notice asking for the phone (decision 35).
  withoutPhone = await newMember({ firstName: 'Priya' });
  await api.verifyEmail(withoutPhone);
});

const members = { 'verified member': () => member, 'new member': () => newcomer, 'member without a verified phone': () => withoutPhone };

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
];

describe('accessibility and small screens', () => {
  it.each(memberRoutes)('signed in as a $who, $path passes axe and fits 360 px', async ({ path, who }) => {
    const { page } = await openPage({ as: members[who]() });
    await checkPage(page, path);
    if (who === 'member without a verified phone') await expectVisible(page.getByRole('region', { name: phoneNeededNotice.title }));
  });
});
