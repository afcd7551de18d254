// A listing held for one buyer (decision 46) where members meet it: "Reserved" on its card and its
// page, the page telling other buyers it is on hold (they can still write), and its seller's
// "Release hold", which asks the server and shows the listing for sale again.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CurrentUser, type ListingView, reservationMessages } from '../../src/domain';
import { preloadListingMemberParts } from '../../src/web/features/listings/components/listing-member-parts';
import { ListingDetailPage } from '../../src/web/features/listings/pages/listing-detail-page';
import { currentUserQueryKey } from '../../src/web/lib/auth';
import { ListingCard } from '../../src/web/shared/listing/listing-card';
import { listingQueryKeys } from '../../src/web/shared/listing/listing-cache';
import { conversationQueryKeys } from '../../src/web/shared/messages/conversation-queries';
import { type SentRequest, aListing, aMember, fakeServer, renderPage } from './support/fixtures';

const seller = aMember({ id: 'seller-1', firstName: 'Mia' });
const buyer = aMember({ id: 'buyer-1', firstName: 'Sam' });
const held = aListing({ id: '0b7d3c52-6f1e-4b8a-9c1d-2e3f4a5b6c7d', title: 'Rattan armchair', sellerId: seller.id, status: 'reserved', isPinned: true });

describe('a held listing', () => {
  // A member's listing page has parts of its own (the seller's tools), which the route loads beside
  // the page's code (listing-member-parts.ts); rendered here without the route, they are loaded first.
  beforeAll(() => preloadListingMemberParts(), 60_000);

  it('wears "Reserved" on its card, beside its pin', () => {
    fakeServer(() => []);
    renderPage(<ListingCard listing={held} />, { signedIn: true, data: [[currentUserQueryKey, buyer]] });
    const card = screen.getByRole('article');
    expect(within(card).getByText(reservationMessages.reservedLabel)).toBeVisible();
    expect(within(card).getByText('Pinned')).toBeVisible();
  });

  it('has no mark while simply for sale', () => {
    fakeServer(() => []);
    renderPage(<ListingCard listing={{ ...held, status: 'active' }} />, { signedIn: true, data: [[currentUserQueryKey, buyer]] });
    expect(screen.queryByText(reservationMessages.reservedLabel)).toBeNull();
  });

  function renderListingPage(listing: ListingView, viewer: CurrentUser, answer: (request: SentRequest) => unknown = () => []) {
    const profile = { ...listing.seller, memberSince: '2024-06-01T00:00:00.000Z', suburb: null, state: null, activeListingCount: 1 };
    const server = fakeServer((request) => (request.path === `/api/sellers/${listing.seller.id}` ? profile : answer(request)));
    renderPage(<ListingDetailPage user={viewer} id={listing.id} />, {
      signedIn: true,
      data: [
        [currentUserQueryKey, viewer],
        [listingQueryKeys.listing(listing.id), listing],
        [listingQueryKeys.sellerListings(listing.sellerId), [listing]],
        [listingQueryKeys.sellerProfile(listing.seller.id), profile],
        [conversationQueryKeys.listing(listing.id), []],
      ],
    });
    return server;
  }

  it('tells another buyer it is on hold, and still lets them message the seller', async () => {
    renderListingPage(held, buyer);
    expect(await screen.findByText(reservationMessages.onHoldNotice)).toBeVisible();
    expect(screen.getAllByText(reservationMessages.reservedLabel).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /send/i })).toBeEnabled();
  });

  it('gives its seller "Release hold", which releases it', async () => {
    const server = renderListingPage(held, seller, (request) => (request.method === 'DELETE' && request.path === `/api/listings/${held.id}/reservation` ? { ...held, status: 'active' } : []));
    expect(screen.queryByText(reservationMessages.onHoldNotice)).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: reservationMessages.releaseButton }));
    await waitFor(() => expect(server.sent.some((request) => request.method === 'DELETE' && request.path === `/api/listings/${held.id}/reservation`)).toBe(true));
    await waitFor(() => expect(screen.queryByRole('button', { name: reservationMessages.releaseButton })).toBeNull());
  });
});
