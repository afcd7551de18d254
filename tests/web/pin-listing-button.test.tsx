// Pin to top (spec 1 and 9: Connector's one pinned post): pinning past the allowance moves the pin,
// so the member first confirms which listing loses it.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CurrentUser, ListingView } from '../../src/domain';
import { PinListingButton } from '../../src/web/shared/listing/pin-listing-button';
import { aListing, aMember, fakeServer, renderPage } from './support/fixtures';

const oldCouch = aListing({ title: 'Old couch', tier: 'connector' });
const blueBike = aListing({ title: 'Blue bike', tier: 'connector' });

/** The owner's card button, with the member and their listings as the dashboard has loaded them. */
function renderPinButton(listing: ListingView, { member = aMember({ membershipTier: 'connector' }), ownListings = [oldCouch, blueBike] }: { member?: CurrentUser; ownListings?: ListingView[] } = {}) {
  const server = fakeServer(({ method, path, body }) => {
    if (path === '/api/auth/me') return member;
    if (path === '/api/my-listings') return ownListings;
    if (method === 'PUT') return { ...listing, ...(body as object) };
    return [];
  });
  const rendered = renderPage(<PinListingButton listing={listing} />, {
    signedIn: true,
    data: [
      [['/api/auth/me'], member],
      [['/api/my-listings'], ownListings],
    ],
  });
  const pinRequests = () => server.sent.filter((request) => request.method === 'PUT');
  return { ...rendered, pinRequests };
}

describe('the pin button', () => {
  it('pins at once while the plan has a pin to spare', async () => {
    const { user, pinRequests } = renderPinButton(blueBike);
    await user.click(screen.getByRole('button', { name: 'Pin to top: Blue bike' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await expect.poll(pinRequests).toEqual([{ method: 'PUT', path: `/api/listings/${blueBike.id}/pin`, body: { pinned: true } }]);
  });

  it('asks before moving the pin, names the listing that loses it, and Cancel changes nothing', async () => {
    const pinnedCouch = { ...oldCouch, isPinned: true };
    const { user, pinRequests } = renderPinButton(blueBike, { ownListings: [pinnedCouch, blueBike] });

    await user.click(screen.getByRole('button', { name: 'Pin to top: Blue bike' }));
    const dialog = screen.getByRole('dialog', { name: 'Move your pin?' });
    expect(dialog).toHaveAccessibleDescription('Pin “Blue bike” instead? “Old couch” will no longer be pinned.');
    expect(within(dialog).getByText('Your Connector plan pins one listing at a time to the top of browse.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Move your pin?' })).toBeNull();
    expect(pinRequests()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Pin to top: Blue bike' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Move your pin?' })).getByRole('button', { name: 'Move pin' }));
    await expect.poll(pinRequests).toEqual([{ method: 'PUT', path: `/api/listings/${blueBike.id}/pin`, body: { pinned: true } }]);
    await expect.poll(() => screen.queryByRole('dialog', { name: 'Move your pin?' })).toBeNull();
  });

  it('unpins a pinned listing without asking', async () => {
    const pinnedCouch = { ...oldCouch, isPinned: true };
    const { user, pinRequests } = renderPinButton(pinnedCouch, { ownListings: [pinnedCouch, blueBike] });
    await user.click(screen.getByRole('button', { name: 'Unpin Old couch' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await expect.poll(pinRequests).toEqual([{ method: 'PUT', path: `/api/listings/${oldCouch.id}/pin`, body: { pinned: false } }]);
  });

  it('is not offered on plans without pinned posts, nor on a sold listing', () => {
    for (const tier of ['starter', 'explorer'] as const) {
      const { unmount } = renderPinButton(blueBike, { member: aMember({ membershipTier: tier }) });
      expect(screen.queryByRole('button'), tier).toBeNull();
      unmount();
    }
    renderPinButton({ ...blueBike, isActive: false });
    expect(screen.queryByRole('button')).toBeNull();
  });
});
