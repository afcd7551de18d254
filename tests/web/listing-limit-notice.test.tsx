// A plan that allows fewer active listings than the member has (decision 12): the dashboard's
// notice and its keep-active chooser, which holds the plan's limit and starts from the newest.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listingLimitNotice, rulesForTier } from '../../src/domain';
import { ListingLimitNotice } from '../../src/web/features/dashboard/components/listing-limit-notice';
import { aListing, aMember, fakeServer, renderPage } from './support/fixtures';

const noticeAt = '2025-03-01T00:00:00.000Z';
// Newest first, as GET /api/my-listings sends them.
const brassLamp = aListing({ title: 'Brass lamp' });
const oakBookshelf = aListing({ title: 'Oak bookshelf' });
const greenArmchair = aListing({ title: 'Green armchair' });
const soldChair = aListing({ title: 'Sold chair', isActive: false });

async function openChooser(tier: 'starter' | 'explorer', listings = [brassLamp, oakBookshelf, greenArmchair, soldChair]) {
  const rendered = renderPage(<ListingLimitNotice user={aMember({ membershipTier: tier, listingLimitNoticeAt: noticeAt })} listings={listings} />);
  await rendered.user.click(screen.getByRole('button', { name: 'Choose listings to keep' }));
  return { ...rendered, dialog: screen.getByRole('dialog', { name: 'Choose listings to keep' }) };
}

describe('the listing limit notice', () => {
  it('says what the plan allows, by when to choose and what happens otherwise, counting only active listings', () => {
    renderPage(<ListingLimitNotice user={aMember({ membershipTier: 'starter', listingLimitNoticeAt: noticeAt })} listings={[brassLamp, oakBookshelf, greenArmchair, soldChair]} />);
    const notice = screen.getByRole('status', { name: "Your plan's listing limit" });
    expect(notice).toHaveTextContent(listingLimitNotice({ tier: 'starter', activeCount: 3, noticeAt }));
    expect(within(notice).getByRole('link', { name: 'Upgrade to keep them all' })).toHaveAttribute('href', '/membership-plans');
  });

  it('is not shown without a notice from the server, or once the active listings fit the plan', () => {
    const { container, unmount } = renderPage(<ListingLimitNotice user={aMember({ membershipTier: 'starter' })} listings={[brassLamp, oakBookshelf]} />);
    expect(container).toBeEmptyDOMElement();
    unmount();
    renderPage(<ListingLimitNotice user={aMember({ membershipTier: 'starter', listingLimitNoticeAt: noticeAt })} listings={[brassLamp, soldChair]} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('choosing the listings to keep', () => {
  it('starts with the newest chosen and lets no more than the limit be chosen', async () => {
    const { user, dialog } = await openChooser('starter');
    const box = (name: string) => within(dialog).getByRole('checkbox', { name });
    // The sold listing is not offered: it is not active.
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(3);
    expect(box('Brass lamp')).toBeChecked();
    expect(box('Oak bookshelf')).not.toBeChecked();
    expect(box('Oak bookshelf')).toBeDisabled();
    expect(box('Green armchair')).toBeDisabled();
    expect(within(dialog).getByText('Keep up to 1 active (1 chosen). The others are paused, not deleted.')).toBeInTheDocument();

    await user.click(box('Brass lamp'));
    expect(box('Green armchair')).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Keep these active' })).toBeDisabled();
    await user.click(box('Green armchair'));
    expect(box('Green armchair')).toBeChecked();
    expect(box('Brass lamp')).toBeDisabled();
    expect(within(dialog).getByText('Keep up to 1 active (1 chosen). The others are paused, not deleted.')).toBeInTheDocument();
  });

  it("takes the plan's own limit: an Explorer over 5 starts with the newest 5", async () => {
    const listings = Array.from({ length: 7 }, (_, index) => aListing({ title: `Garden gnome ${7 - index}` }));
    const { dialog } = await openChooser('explorer', listings);
    const limit = rulesForTier('explorer').listingLimit!;
    const checked = within(dialog)
      .getAllByRole('checkbox')
      .filter((box) => (box as HTMLInputElement).checked);
    expect(checked).toHaveLength(limit);
    expect(within(dialog).getByRole('checkbox', { name: 'Garden gnome 7' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Garden gnome 2' })).toBeDisabled();
  });

  it('sends the chosen listings, says so and closes', async () => {
    const server = fakeServer(() => ({ message: '2 listings are paused.' }));
    const { user, dialog } = await openChooser('starter');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Brass lamp' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Oak bookshelf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Keep these active' }));

    await expect.poll(() => server.sent.find((request) => request.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/my-listings/keep-active',
      body: { listingIds: [oakBookshelf.id] },
    });
    await expect.poll(() => screen.queryByRole('dialog', { name: 'Choose listings to keep' })).toBeNull();
  });
});
