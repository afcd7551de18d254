// A listing's page: its condition, Share beside the price; up to 4 more from its seller, with a link to all of them
// once there are more than 5; and under a sold listing (to anyone but its seller) up to 4 similar
// listings nearby from the browse API, never the sold one itself.
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CurrentUser, type ListingView, type SellerProfile, type SellerSummary, conditionNotStated } from '../../src/domain';
import { currentUserQueryKey } from '../../src/web/lib/auth';
import { preloadListingMemberParts } from '../../src/web/features/listings/components/listing-member-parts';
import { ListingDetailPage } from '../../src/web/features/listings/pages/listing-detail-page';
import { listingQueryKeys } from '../../src/web/shared/listing/listing-cache';
import { conversationQueryKeys } from '../../src/web/shared/messages/conversation-queries';
import { type SentRequest, aListing, aMember, fakeServer, renderPage } from './support/fixtures';

const seller = aMember({ id: 'seller-1', firstName: 'Mia' });
const buyer = aMember({ id: 'buyer-1', firstName: 'Sam', postcode: '2040', suburb: 'Leichhardt', state: 'NSW' });
const sellerSummary: SellerSummary = { id: seller.id, firstName: 'Mia', lastName: 'Tran', profileImageUrl: null, membershipTier: 'explorer', ratingAverage: null, ratingCount: 0, isEmailVerified: true, isPhoneVerified: true, isCardVerified: false };
const sold = aListing({
  id: '0b7d3c52-6f1e-4b8a-9c1d-2e3f4a5b6c7d',
  title: 'Teak outdoor setting',
  category: 'furniture',
  postcode: '2040',
  suburb: 'Leichhardt',
  state: 'NSW',
  isActive: false,
  sellerId: seller.id,
  seller: sellerSummary,
});
const nearby = ['Pine bookshelf', 'Cane armchair', 'Oak dining table', 'Velvet sofa', 'Bar stools'].map((title) => aListing({ title, category: 'furniture', sellerId: 'seller-2' }));

const sellerProfile: SellerProfile = {
  ...sellerSummary,
  memberSince: '2024-06-01T00:00:00.000Z',
  isEmailVerified: true,
  isPhoneVerified: false,
  isCardVerified: false,
  suburb: 'Leichhardt',
  state: 'NSW',
  activeListingCount: 0,
};

function isBrowse(request: SentRequest): boolean {
  return request.method === 'GET' && request.path === '/api/listings';
}

/**
 * The page as `viewer` (null: a visitor) opens it, with the browse API answering `similar` (the sold
 * listing among them) and the seller's listings for sale being `sellerListings`.
 */
function renderListingPage(listing: ListingView, viewer: CurrentUser | null, similar: ListingView[] = [listing, ...nearby], sellerListings: ListingView[] = [listing]) {
  const server = fakeServer((request) => (isBrowse(request) ? similar : []));
  const rendered = renderPage(<ListingDetailPage user={viewer} id={listing.id} />, {
    signedIn: viewer !== null,
    data: [
      [currentUserQueryKey, viewer],
      [listingQueryKeys.listing(listing.id), listing],
      [listingQueryKeys.sellerListings(listing.sellerId), sellerListings],
      [listingQueryKeys.sellerProfile(listing.sellerId), sellerProfile],
      [conversationQueryKeys.listing(listing.id), []],
    ],
  });
  return { ...rendered, server };
}

// A member's listing page has parts of its own (the seller's tools, the "how far" note), which the
// route loads beside the page's code (listing-member-parts.ts); rendered here without the route,
// they are loaded first, so no test depends on whether an earlier one happened to load them.
beforeAll(() => preloadListingMemberParts(), 60_000);

describe('a listing page', () => {
  it('points from a sold listing to up to 4 similar ones nearby, asked of browse by category and postcode', async () => {
    const { server } = renderListingPage(sold, buyer);
    const section = await screen.findByRole('region', { name: 'Similar listings nearby' });
    const titles = within(section)
      .getAllByRole('listitem')
      .map((card) => within(card).getByRole('heading').textContent);
    expect(titles).toEqual(['Pine bookshelf', 'Cane armchair', 'Oak dining table', 'Velvet sofa']);
    expect(within(section).queryByText(sold.title)).toBeNull();
    const browse = server.sent.filter(isBrowse);
    expect(browse).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(browse[0]?.query))).toEqual({ category: 'furniture', near: '2040', sort: 'distance', limit: '5' });
  });

  it('shows a visitor the similar listings too', async () => {
    renderListingPage(sold, null);
    expect(await screen.findByRole('region', { name: 'Similar listings nearby' })).toBeInTheDocument();
  });

  it('shows nothing extra when there is nothing similar nearby', async () => {
    const { server } = renderListingPage(sold, buyer, [sold]);
    await expect.poll(() => server.sent.filter(isBrowse)).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Similar listings nearby' })).toBeNull();
    expect(screen.getByText('Sold')).toBeInTheDocument();
  });

  it('does not look for similar listings while the listing is for sale, nor for its own seller', async () => {
    const forSale = { ...sold, isActive: true };
    const active = renderListingPage(forSale, buyer);
    expect(screen.getByRole('heading', { level: 1, name: forSale.title })).toBeInTheDocument();
    active.unmount();
    const own = renderListingPage(sold, seller);
    expect(screen.getByRole('heading', { level: 1, name: sold.title })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect([...active.server.sent, ...own.server.sent].filter(isBrowse)).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Similar listings nearby' })).toBeNull();
  });

  it('says the condition its seller stated, or that a listing from before conditions does not state one', () => {
    const stated = renderListingPage({ ...sold, isActive: true, condition: 'like-new' }, buyer);
    expect(screen.getByText('Condition: Like new')).toBeInTheDocument();
    stated.unmount();
    renderListingPage({ ...sold, isActive: true, condition: null }, buyer);
    expect(screen.getByText(conditionNotStated)).toBeInTheDocument();
    expect(screen.queryByText(/^Condition:/)).toBeNull();
  });

  it('has a Share button beside the price, for sale or sold, but not on a hidden listing', () => {
    const active = renderListingPage({ ...sold, isActive: true }, buyer);
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    active.unmount();
    const hidden = renderListingPage({ ...sold, hiddenReason: 'reports' }, seller);
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    hidden.unmount();
    renderListingPage(sold, null);
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
  });
});

describe("a listing page's 'More from this seller'", () => {
  const forSale = { ...sold, isActive: true };
  /** The seller's listings for sale: this one and `count` others, newest first as the API sends them. */
  const withOthers = (count: number) => [forSale, ...Array.from({ length: count }, (_, index) => aListing({ title: `Other ${index + 1}`, sellerId: seller.id, seller: sellerSummary }))];
  const moreFromSeller = () => screen.getByRole('region', { name: 'More from this seller' });
  const titlesIn = (section: HTMLElement) =>
    within(section)
      .getAllByRole('article')
      .map((card) => within(card).getByRole('heading').textContent);

  it('is shown only when the seller has more than this one listing', () => {
    const alone = renderListingPage(forSale, buyer, [], withOthers(0));
    expect(screen.getByRole('heading', { level: 1, name: forSale.title })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'More from this seller' })).toBeNull();
    alone.unmount();
    renderListingPage(forSale, buyer, [], withOthers(1));
    expect(titlesIn(moreFromSeller())).toEqual(['Other 1']);
  });

  it("shows up to 4 of the seller's other listings, never this one, and no link to all while the seller has 5", () => {
    renderListingPage(forSale, buyer, [], withOthers(4));
    expect(titlesIn(moreFromSeller())).toEqual(['Other 1', 'Other 2', 'Other 3', 'Other 4']);
    expect(within(moreFromSeller()).queryByRole('link', { name: /View All Listings from/ })).toBeNull();
  });

  it("links to all of the seller's listings once the seller has more than 5, still showing 4", () => {
    renderListingPage(forSale, buyer, [], withOthers(5));
    expect(titlesIn(moreFromSeller())).toEqual(['Other 1', 'Other 2', 'Other 3', 'Other 4']);
    expect(within(moreFromSeller()).getByRole('link', { name: 'View All Listings from Mia' })).toHaveAttribute('href', `/seller/${seller.id}`);
  });
});
