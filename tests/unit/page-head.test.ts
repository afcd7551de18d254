// What a page rendered on the server tells search engines and chat apps' link previews in its head:
// a title and description made from what it shows, one canonical address, Open Graph and X cards with
// an absolute share picture, schema.org Product data with its Offer, noindex for private pages, and
// 410 for a listing its seller deleted.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser, ListingView, SellerProfile } from '../../src/domain';
import { browsePageTitle, describeListing, summarise } from '../../src/domain/page-head';
import { type ApiFetch, type RenderedPage, renderPage } from '../../src/web/entry-server';
import type { DocumentHead } from '../../src/web/lib/document-head';
import { preloadAllPages } from '../../src/web/lib/lazy-page';

const origin = 'https://neighbourly.example';
const sellerId = '00000000-0000-4000-8000-0000000000bb';
const listingId = '00000000-0000-4000-8000-000000000011';
const soldId = '00000000-0000-4000-8000-000000000012';
const removedId = '00000000-0000-4000-8000-000000000013';
const hiddenId = '00000000-0000-4000-8000-000000000014';
const reservedId = '00000000-0000-4000-8000-000000000015';

const seller = { id: sellerId, firstName: 'Hamish', lastName: 'Nguyen', profileImageUrl: null, membershipTier: 'explorer' as const, ratingAverage: 4.8, ratingCount: 12, isEmailVerified: true, isPhoneVerified: true, isCardVerified: false };

const listing: ListingView = {
  id: listingId,
  title: 'Teak outdoor setting',
  description: 'Solid teak,   weathered to silver grey.\nSeats six. Pickup from Leichhardt.',
  price: '340',
  condition: 'good',
  category: 'home',
  location: 'Leichhardt, NSW 2040',
  imageUrls: ['/media/listings/ab/abcd.jpg', '/media/listings/ab/efgh.jpg'],
  sellerId,
  isActive: true,
  status: 'active',
  isPinned: false,
  isPaused: false,
  hiddenReason: null,
  postcode: '2040',
  suburb: 'Leichhardt',
  state: 'NSW',
  isFavourite: false,
  createdAt: '2026-11-20T01:00:00.000Z',
  listedAt: '2026-11-20T01:00:00.000Z',
  belowNewest: false,
  updatedAt: '2026-11-21T01:00:00.000Z',
  seller,
};

const profile: SellerProfile = {
  ...seller,
  memberSince: '2025-02-01T00:00:00.000Z',
  isEmailVerified: true,
  isPhoneVerified: false,
  isCardVerified: false,
  suburb: 'Leichhardt',
  state: 'NSW',
  activeListingCount: 1,
};

const member = { id: '00000000-0000-4000-8000-0000000000aa', membershipTier: 'starter', postcode: '2000', state: 'NSW', suburb: 'Sydney', isAdmin: false } as CurrentUser;

const answers: Record<string, { status: number; body: unknown }> = {
  [`/api/listings/${listingId}`]: { status: 200, body: listing },
  [`/api/listings/${soldId}`]: { status: 200, body: { ...listing, id: soldId, isActive: false, status: 'sold', imageUrls: [] } },
  [`/api/listings/${reservedId}`]: { status: 200, body: { ...listing, id: reservedId, status: 'reserved' } },
  [`/api/listings/${hiddenId}`]: { status: 200, body: { ...listing, id: hiddenId, isActive: false, status: 'sold', hiddenReason: 'reports' } },
  [`/api/listings/${removedId}`]: { status: 410, body: { message: 'This listing has been removed', code: 'LISTING_REMOVED' } },
  [`/api/sellers/${sellerId}`]: { status: 200, body: profile },
  [`/api/seller-listings/${sellerId}`]: { status: 200, body: [listing] },
  [`/api/sellers/${sellerId}/ratings`]: { status: 200, body: [] },
  '/api/auth/me': { status: 200, body: member },
  '/api/homepage-video/active': { status: 200, body: null },
};

const fetchApi: ApiFetch = async (path) => {
  const missing = path.startsWith('/api/listings/') ? { message: 'Listing not found', code: 'LISTING_NOT_FOUND' } : { message: 'Not found', code: 'NOT_FOUND' };
  const answer = answers[path.split('?')[0]] ?? { status: 404, body: missing };
  return { ...answer, header: () => undefined };
};

async function render(url: string, token: string | null = null): Promise<{ status: number; head: DocumentHead }> {
  const page: RenderedPage = await renderPage({ url, origin, token, fetchApi });
  if (page.kind !== 'page') throw new Error(`${url} redirected to ${page.location}`);
  return { status: page.status, head: page.head };
}

const og = (head: DocumentHead, property: string) => head.openGraph.find(([name]) => name === property)?.[1];
const twitter = (head: DocumentHead, name: string) => head.twitterCard.find(([key]) => key === name)?.[1];

beforeAll(() => preloadAllPages(), 60_000);

describe("a listing's page", () => {
  it('is titled "{title} - ${price} in {suburb} {state} | Neighbourly", described from its text, at one canonical address', async () => {
    const { status, head } = await render(`/listing/${listingId}?utm_source=chat`);
    expect(status).toBe(200);
    expect(head.title).toBe('Teak outdoor setting - $340 in Leichhardt NSW | Neighbourly');
    expect(head.description).toBe('$340, pickup in Leichhardt NSW. Solid teak, weathered to silver grey. Seats six. Pickup from Leichhardt.');
    expect(head.canonicalUrl).toBe(`${origin}/listing/${listingId}`);
    expect(head.noindex).toBe(false);
  });

  it('shows chat apps its first photo as a 1200x630 share picture, with title, price and where', async () => {
    const { head } = await render(`/listing/${listingId}`);
    expect(og(head, 'og:type')).toBe('product');
    expect(og(head, 'og:title')).toBe('Teak outdoor setting - $340 in Leichhardt NSW');
    expect(og(head, 'og:url')).toBe(`${origin}/listing/${listingId}`);
    expect(og(head, 'og:image')).toBe(`${origin}/media/listings/ab/abcd-share.jpg`);
    expect([og(head, 'og:image:width'), og(head, 'og:image:height')]).toEqual(['1200', '630']);
    expect(og(head, 'product:price:amount')).toBe('340.00');
    expect(og(head, 'product:price:currency')).toBe('AUD');
    expect(twitter(head, 'twitter:card')).toBe('summary_large_image');
    expect(twitter(head, 'twitter:image')).toBe(`${origin}/media/listings/ab/abcd-share.jpg`);
  });

  it('carries schema.org Product data with an Offer in AUD, used, in stock, and where it is served', async () => {
    const { head } = await render(`/listing/${listingId}`);
    expect(head.structuredData).toHaveLength(1);
    // As a search engine reads it: the JSON the page carries.
    const product = JSON.parse(JSON.stringify(head.structuredData[0])) as Record<string, any>;
    expect(product['@context']).toBe('https://schema.org');
    expect(product['@type']).toBe('Product');
    expect(product.name).toBe('Teak outdoor setting');
    expect(product.image).toEqual([`${origin}/media/listings/ab/abcd.jpg`, `${origin}/media/listings/ab/efgh.jpg`]);
    expect(product.offers).toMatchObject({
      '@type': 'Offer',
      price: '340.00',
      priceCurrency: 'AUD',
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/UsedCondition',
      url: `${origin}/listing/${listingId}`,
      areaServed: { '@type': 'Place', name: 'Leichhardt NSW', address: { '@type': 'PostalAddress', addressLocality: 'Leichhardt', addressRegion: 'NSW', postalCode: '2040', addressCountry: 'AU' } },
    });
  });

  it('held for a buyer says Reserved to search engines and out of stock to link previews (decision 46)', async () => {
    const { head } = await render(`/listing/${reservedId}`);
    expect((head.structuredData[0] as { offers: { availability: string } }).offers.availability).toBe('https://schema.org/Reserved');
    expect(og(head, 'product:availability')).toBe('out of stock');
  });

  it('once sold stays listed, sold out, and without photos shows the site picture', async () => {
    const { status, head } = await render(`/listing/${soldId}`);
    expect(status).toBe(200);
    expect(head.noindex).toBe(false);
    expect(head.description.startsWith('Sold, pickup in Leichhardt NSW.')).toBe(true);
    expect((head.structuredData[0] as { offers: { availability: string } }).offers.availability).toBe('https://schema.org/SoldOut');
    expect(og(head, 'og:image')).toBe(`${origin}/images/share-default.png`);
  });

  it('deleted by its seller answers 410 Gone, kept out of search engines, with no preview', async () => {
    const { status, head } = await render(`/listing/${removedId}`);
    expect(status).toBe(410);
    expect(head.title).toBe('This listing has been removed | Neighbourly');
    expect(head.noindex).toBe(true);
    expect(head.canonicalUrl).toBeUndefined();
    expect(head.openGraph).toEqual([]);
    expect(head.structuredData).toEqual([]);
  });

  it('missing answers 404, and one hidden by our team is never indexed even for its seller', async () => {
    expect((await render('/listing/00000000-0000-4000-8000-000000000099')).status).toBe(404);
    const hidden = await render(`/listing/${hiddenId}`);
    expect(hidden.head.noindex).toBe(true);
    expect(hidden.head.structuredData).toEqual([]);
  });
});

describe("a seller's page and the landing page", () => {
  it('names the seller, their place and their listings, with a profile preview from their newest photo', async () => {
    const { head } = await render(`/seller/${sellerId}`);
    expect(head.title).toBe("Hamish N.'s listings | Neighbourly");
    expect(head.description).toBe('Second-hand items for sale by Hamish N. in Leichhardt NSW on Neighbourly: 1 listing.');
    expect(head.canonicalUrl).toBe(`${origin}/seller/${sellerId}`);
    expect(og(head, 'og:type')).toBe('profile');
    expect(og(head, 'og:image')).toBe(`${origin}/media/listings/ab/abcd-share.jpg`);
  });

  it('the landing page carries Organization and WebSite with a SearchAction, and its own preview', async () => {
    const { head } = await render('/');
    expect(head.title).toBe('Your friendly neighbourhood marketplace | Neighbourly');
    expect(head.canonicalUrl).toBe(`${origin}/`);
    expect(og(head, 'og:image')).toBe(`${origin}/images/share-default.png`);
    const [organization, website] = JSON.parse(JSON.stringify(head.structuredData)) as Array<Record<string, any>>;
    expect(organization).toMatchObject({ '@type': 'Organization', name: 'Neighbourly', url: `${origin}/` });
    expect(website).toMatchObject({ '@type': 'WebSite', url: `${origin}/` });
    expect(website.potentialAction).toMatchObject({ '@type': 'SearchAction', 'query-input': 'required name=search_term_string' });
    expect(website.potentialAction.target.urlTemplate).toBe(`${origin}/listings?search={search_term_string}`);
  });
});

describe('pages kept out of search engines', () => {
  it('a public page has its own description and canonical address; private ones say noindex and give none', async () => {
    const help = await render('/help');
    expect(help.head).toMatchObject({ noindex: false, canonicalUrl: `${origin}/help` });
    expect(help.head.description).toContain('buying, selling');

    for (const path of ['/auth', '/dashboard', '/account', '/messages', '/saved', '/admin', '/create-listing', '/subscribe/explorer']) {
      const signedIn = path !== '/auth';
      const { head } = await render(path, signedIn ? 'member-token' : null);
      expect({ path, noindex: head.noindex, canonical: head.canonicalUrl }).toEqual({ path, noindex: true, canonical: undefined });
    }
    // A member's dashboard at "/" is theirs, not the landing page.
    expect((await render('/', 'member-token')).head).toMatchObject({ noindex: true, canonicalUrl: undefined });
    const unknown = await render('/no-such-page');
    expect([unknown.status, unknown.head.noindex]).toEqual([404, true]);
  });
});

describe("a member's browse page", () => {
  it('is titled by its filters and names one address for them: in one order, without the default sort or a cursor', async () => {
    const { head } = await render('/listings?sort=newest&cursor=abc&category=sports&search=bike&utm_source=mail', 'member-token');
    expect(head.title).toBe('“bike” in Sports near Sydney NSW | Neighbourly');
    expect(head.noindex).toBe(false);
    expect(head.canonicalUrl).toBe(`${origin}/listings?search=bike&category=sports`);
    expect((await render('/listings?sort=price-low', 'member-token')).head.canonicalUrl).toBe(`${origin}/listings?sort=price-low`);
  });
});

describe('the words', () => {
  it("browse's title says what is shown and where", () => {
    const none = { search: '', category: '', location: '' as const, state: '', postcode: '' };
    const home = { suburb: 'Fitzroy', state: 'VIC' };
    expect(browsePageTitle({ ...none, category: 'sports' }, home)).toBe('Sports near Fitzroy VIC');
    expect(browsePageTitle(none, home)).toBe('Listings near Fitzroy VIC');
    expect(browsePageTitle({ ...none, search: 'bike', location: 'melbourne' }, home)).toBe('“bike” in Melbourne');
    expect(browsePageTitle({ ...none, search: 'bike', category: 'sports', state: 'QLD' }, home)).toBe('“bike” in Sports in QLD');
    expect(browsePageTitle({ ...none, postcode: '3141' }, { suburb: null, state: null })).toBe('Listings near 3141');
    expect(browsePageTitle({ ...none, search: 'bike', condition: 'like-new,good' }, home)).toBe('“bike”, Like new or Good, near Fitzroy VIC');
    expect(browsePageTitle({ ...none, condition: 'for-parts', state: 'QLD' }, home)).toBe('Listings, For parts, in QLD');
  });

  it('a description is cut at a word, under the length search engines show', () => {
    const long = 'word '.repeat(100);
    const cut = summarise(long);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('word…')).toBe(true);
    const listing = describeListing({ title: 'x', price: '12.5', suburb: null, state: null, description: long, isSold: false });
    expect(listing.startsWith('$12.50. word')).toBe(true);
    expect(listing.length).toBeLessThanOrEqual(160);
  });
});
