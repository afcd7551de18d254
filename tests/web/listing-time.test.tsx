// Listing times as members see them (decision 34): the seller's card says how long a listing has been
// up and offers Renew once its plan's listing time has passed; the plan cards and the FAQ say what
// standard and extended listing times are.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ListingView, tierRules } from '../../src/domain';
import { faqEntries } from '../../src/web/features/how-it-works/faq';
import { ListingTime } from '../../src/web/shared/listing/listing-time';
import { PlanCard } from '../../src/web/shared/membership/plan-card';
import { aListing, aMember, fakeServer, renderPage } from './support/fixtures';

const dayMs = 24 * 60 * 60 * 1000;
const now = new Date('2026-11-27T09:00:00.000Z');
const daysBefore = (days: number) => new Date(now.getTime() - days * dayMs - 60_000).toISOString();

function listedAgo(days: number, overrides: Partial<ListingView> & { tier?: 'starter' | 'explorer' | 'connector' } = {}): ListingView {
  return aListing({ title: 'Cane chair', createdAt: daysBefore(days), listedAt: daysBefore(days), ...overrides });
}

function renderListingTime(listing: ListingView) {
  const server = fakeServer(({ method }) => (method === 'POST' ? { ...listing, listedAt: now.toISOString() } : []));
  const rendered = renderPage(<ListingTime listing={listing} now={now} />, { signedIn: true, data: [[['/api/auth/me'], aMember()]] });
  return { ...rendered, renewRequests: () => server.sent.filter((request) => request.method === 'POST') };
}

describe("a listing's time on its seller's card", () => {
  it('offers Renew once a Starter listing has been up past its 30 days, and renews it', async () => {
    const listing = listedAgo(34, { tier: 'starter' });
    const { user, renewRequests } = renderListingTime(listing);
    expect(screen.getByText('Listed 34 days ago · Renew to move it back to the top')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Renew Cane chair' }));
    await expect.poll(renewRequests).toEqual([{ method: 'POST', path: `/api/listings/${listing.id}/renew`, body: undefined, query: undefined }]);
  });

  it('says how long a listing stays among the newest, longer on a paid plan, without Renew', () => {
    const { unmount } = renderListingTime(listedAgo(12, { tier: 'starter' }));
    expect(screen.getByText('Listed 12 days ago · Among the newest for 18 more days')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    unmount();

    renderListingTime(listedAgo(34, { tier: 'explorer' }));
    expect(screen.getByText('Listed 34 days ago · Among the newest for 26 more days')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('counts from the renewal, and offers Renew at once for a listing already moved below the newer ones', () => {
    const { unmount } = renderListingTime(listedAgo(0, { tier: 'connector', createdAt: daysBefore(70) }));
    expect(screen.getByText('Renewed today · Among the newest for 60 more days')).toBeInTheDocument();
    unmount();

    // Moved on Starter's 30 days; the seller has since upgraded to a plan with 60.
    renderListingTime(listedAgo(40, { tier: 'explorer', belowNewest: true }));
    expect(screen.getByText('Listed 40 days ago · Renew to move it back to the top')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Renew Cane chair' })).toBeInTheDocument();
  });

  it('is not shown on a sold listing', () => {
    const { container } = renderListingTime(listedAgo(40, { tier: 'starter', isActive: false }));
    expect(container).toBeEmptyDOMElement();
  });
});

describe('the promise of listing times', () => {
  it('gives standard and extended listing times their days on the plan cards', () => {
    const lines = (tier: 'starter' | 'explorer' | 'connector') => {
      const { unmount } = renderPage(<PlanCard rules={tierRules[tier]} action={<a href="/auth">Choose</a>} />);
      const found = within(screen.getByRole('article', { name: tierRules[tier].label }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
      unmount();
      return found;
    };
    expect(lines('starter')).toContain('Standard listing times: 30 days among the newest, then renew with one tap');
    expect(lines('explorer')).toContain('Extended listing times: 60 days among the newest, then renew with one tap');
    expect(lines('connector')).toContain('Extended listing times: 60 days among the newest, then renew with one tap');
  });

  it('keeps the FAQ true: listings never expire, and their listing time is explained', () => {
    const answer = faqEntries.find((entry) => entry.question === 'Do my listings expire?')?.answer ?? '';
    expect(answer).toMatch(/^No\. Listings never expire/);
    expect(answer).not.toContain('nothing to renew');
    expect(answer).toContain('30 days on Starter and 60 days on Explorer, Connector and Lifetime');
    expect(answer).toContain('renew it from your dashboard with one tap');
  });
});
