// What the trust loop changes on listing cards and the seller's dashboard (decision 21): a seller's
// rating on every card ("4.8 ★ (12)", nothing before the first), and a listing our team hid shown
// as hidden with the reason, never as sold, with no way to mark it sold or list it again.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ListingView, UserStats } from '../../src/domain';
import { listingHiddenMessages, moderationLabels, moderationMessages } from '../../src/domain/moderation';
import { formatRating } from '../../src/domain/ratings';
import { YourListings } from '../../src/web/features/dashboard/components/your-listings';
import { Toaster } from '../../src/web/components/ui/toaster';
import { ListingCard } from '../../src/web/shared/listing/listing-card';
import { aListing, aMember, fakeServer, renderPage } from './support/fixtures';

const owner = aMember();

function ratedBy(listing: ListingView, ratingAverage: number | null, ratingCount: number): ListingView {
  return { ...listing, seller: { ...listing.seller, ratingAverage, ratingCount } };
}

function renderCard(listing: ListingView, mode: 'browse' | 'owner' = 'browse') {
  fakeServer(({ path }) => (path === '/api/auth/me' ? owner : []));
  return renderPage(<ListingCard listing={listing} mode={mode} />, { signedIn: true, data: [[['/api/auth/me'], owner]] });
}

describe("the seller's rating on a listing card", () => {
  it('shows the average and count beside the name, and says it in words to screen readers', () => {
    const listing = ratedBy(aListing({ title: 'Blue bike', sellerId: 'seller-2' }), 4.8, 12);
    renderCard({ ...listing, seller: { ...listing.seller, id: 'seller-2' } });
    const card = screen.getByRole('article');
    expect(within(card).getByText('4.8 ★ (12)')).toBeInTheDocument();
    expect(formatRating({ average: 4.8, count: 12 })).toBe('4.8 ★ (12)');
    expect(within(card).getByText('Rated 4.8 out of 5 from 12 ratings')).toBeInTheDocument();
  });

  it('keeps one decimal for a whole average', () => {
    renderCard(ratedBy(aListing({ sellerId: 'seller-2' }), 5, 1));
    expect(within(screen.getByRole('article')).getByText('5.0 ★ (1)')).toBeInTheDocument();
  });

  it('shows no rating before anyone has rated the seller', () => {
    renderCard(ratedBy(aListing({ sellerId: 'seller-2' }), null, 0));
    expect(screen.getByRole('article').textContent).not.toContain('★');
  });
});

describe('a listing our team hid', () => {
  const hidden = aListing({ title: 'Hidden lamp', isActive: false, hiddenReason: 'reports' });

  it("shows on its seller's card as hidden, with the reason, and offers no Mark as sold", () => {
    renderCard(hidden, 'owner');
    const card = screen.getByRole('article');
    expect(within(card).getByText(moderationLabels.hiddenTag)).toBeInTheDocument();
    expect(within(card).queryByText('Sold')).toBeNull();
    expect(within(card).getByText(listingHiddenMessages.reports)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Mark as sold/ })).toBeNull();
  });

  it('lets its seller ask for a review once, and then says it was asked', async () => {
    const { sent } = fakeServer(({ path }) => (path === '/api/auth/me' ? owner : path.endsWith('/review') ? { message: moderationMessages.reviewRequested } : []));
    const { user } = renderPage(
      <>
        <ListingCard listing={hidden} mode="owner" />
        <Toaster />
      </>,
      { signedIn: true, data: [[['/api/auth/me'], owner]] },
    );
    await user.click(within(screen.getByRole('article')).getByRole('button', { name: moderationLabels.askForReview }));
    expect(sent.some((request) => request.method === 'POST' && request.path === `/api/my-listings/${hidden.id}/review`)).toBe(true);
    expect(await screen.findByText(moderationMessages.reviewRequested)).toBeInTheDocument();
  });

  it('shows that a review was asked for, with no second button, and none for a listing our team hid itself', () => {
    const { unmount } = renderCard({ ...hidden, reviewRequested: true }, 'owner');
    expect(within(screen.getByRole('article')).getByText(moderationLabels.reviewRequestedNote)).toBeInTheDocument();
    expect(within(screen.getByRole('article')).queryByRole('button', { name: moderationLabels.askForReview })).toBeNull();
    unmount();
    renderCard({ ...hidden, hiddenReason: 'moderator' }, 'owner');
    expect(within(screen.getByRole('article')).queryByRole('button', { name: moderationLabels.askForReview })).toBeNull();
  });

  it('is not counted under Sold on the dashboard, and is listed under All with a note', async () => {
    const forSale = aListing({ title: 'Green armchair' });
    const sold = aListing({ title: 'Sold chair', isActive: false });
    const suspended = aListing({ title: 'Paused by suspension', isActive: false, hiddenReason: 'suspension' });
    const stats: UserStats = { totalListings: 4, activeListings: 1, soldListings: 1, pausedListings: 0, hiddenListings: 2, membershipTier: 'explorer', listingLimit: 5 };
    fakeServer(({ path }) => (path === '/api/auth/me' ? owner : []));
    const { user } = renderPage(<YourListings listings={[forSale, sold, hidden, suspended]} stats={stats} />, { signedIn: true, data: [[['/api/auth/me'], owner]] });

    expect(screen.getByRole('tab', { name: 'Active (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sold (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All (4)' })).toBeInTheDocument();
    expect(screen.getByText(moderationLabels.hiddenListingsNote(2))).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Sold (1)' }));
    expect(within(screen.getByRole('tabpanel')).queryByText('Hidden lamp')).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'All (4)' }));
    const panel = screen.getByRole('tabpanel');
    const hiddenCard = within(panel).getByText('Hidden lamp').closest('article')!;
    expect(within(hiddenCard).getByText(listingHiddenMessages.reports)).toBeInTheDocument();
    const suspendedCard = within(panel).getByText('Paused by suspension').closest('article')!;
    expect(within(suspendedCard).getByText(listingHiddenMessages.suspension)).toBeInTheDocument();
  });
});
