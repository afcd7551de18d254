// The admin's Reports card (decision 21): each reported thing with what reporters said and their
// badges, only the actions that fit it, a reason before any action, a suspension's length, and a
// suspended member's end date with a way to lift it.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatSuspensionEnd, moderationActionLabels, moderationLabels, moderationMessages, reportQueueViews, reportReasonLabels } from '../../src/domain/moderation';
import type { ReportGroup } from '../../src/domain/moderation-schemas';
import { Toaster } from '../../src/web/components/ui/toaster';
import { ReportsCard } from '../../src/web/features/admin/components/reports-card';
import { fakeServer, renderPage } from './support/fixtures';

const suspendedUntil = new Date(Date.now() + 5 * 24 * 60 * 60 * 1000);
const reporter = (id: string, firstName: string, verified: { email?: boolean; phone?: boolean; card?: boolean } = {}) => ({
  id,
  firstName,
  lastName: 'Reporter',
  isEmailVerified: verified.email ?? false,
  isPhoneVerified: verified.phone ?? false,
  isCardVerified: verified.card ?? false,
});

const listingGroup: ReportGroup = {
  targetKind: 'listing',
  targetId: 'listing-1',
  reportId: 'report-3',
  reportCount: 2,
  trustedReporterCount: 0,
  newestAt: '2026-03-05T09:00:00.000Z',
  reports: [
    { id: 'report-3', reason: 'scam', details: 'Wants a deposit first.', createdAt: '2026-03-05T09:00:00.000Z', status: 'open', reporterTrusted: false, reporter: reporter('r-1', 'Ava', { email: true, phone: true }) },
    { id: 'report-2', reason: 'prohibited', details: null, createdAt: '2026-03-04T09:00:00.000Z', status: 'open', reporterTrusted: false, reporter: reporter('r-2', 'Ben') },
  ],
  member: { id: 'seller-1', firstName: 'Mia', lastName: 'Tran', email: 'mia@example.com', membershipTier: 'explorer', suspendedUntil: suspendedUntil.toISOString(), suspendedForGood: false },
  listing: { id: 'listing-1', title: 'Cheap iPhone', price: '50', imageUrl: null, hiddenReason: null, isActive: true, reviewRequested: false },
  rating: null,
  messages: null,
};

const ratingGroup: ReportGroup = {
  targetKind: 'rating',
  targetId: 'rating-1',
  reportId: 'report-9',
  reportCount: 1,
  trustedReporterCount: 0,
  newestAt: '2026-03-03T09:00:00.000Z',
  reports: [{ id: 'report-9', reason: 'offensive', details: null, createdAt: '2026-03-03T09:00:00.000Z', status: 'open', reporterTrusted: false, reporter: reporter('r-3', 'Cal', { card: true }) }],
  member: { id: 'buyer-1', firstName: 'Sam', lastName: 'Lee', email: 'sam@example.com', membershipTier: 'starter', suspendedUntil: null, suspendedForGood: false },
  listing: null,
  rating: { id: 'rating-1', stars: 1, comment: 'Rude and late.', removed: false },
  messages: null,
};

const conversationGroup: ReportGroup = {
  targetKind: 'conversation',
  targetId: 'conversation-1',
  reportId: 'report-7',
  reportCount: 1,
  trustedReporterCount: 0,
  newestAt: '2026-03-02T09:00:00.000Z',
  reports: [{ id: 'report-7', reason: 'spam', details: null, createdAt: '2026-03-02T09:00:00.000Z', status: 'open', reporterTrusted: false, reporter: reporter('r-4', 'Dee') }],
  member: { id: 'spammer-1', firstName: 'Eve', lastName: 'Spam', email: 'eve@example.com', membershipTier: 'explorer', suspendedUntil: null, suspendedForGood: true },
  listing: null,
  rating: null,
  messages: [
    { senderId: 'spammer-1', senderName: 'Eve S.', body: 'Buy followers at my site!', createdAt: '2026-03-02T08:00:00.000Z' },
    { senderId: 'r-4', senderName: 'Dee R.', body: 'No thanks.', createdAt: '2026-03-02T08:01:00.000Z' },
  ],
};

function renderQueue(groups: ReportGroup[] = [listingGroup, ratingGroup, conversationGroup]) {
  const server = fakeServer(({ method }) => (method === 'GET' ? groups : { message: method === 'DELETE' ? moderationMessages.suspensionLifted : moderationMessages.actionDone }));
  const rendered = renderPage(
    <>
      <ReportsCard />
      <Toaster />
    </>,
    { signedIn: true, data: [[['/api/admin/reports', 'open'], groups]] },
  );
  const writes = () => server.sent.filter((request) => request.method !== 'GET');
  const group = (name: RegExp) => screen.getByRole('article', { name });
  return { ...rendered, server, writes, group };
}

describe('the Reports card', () => {
  it('says so when nothing is waiting', () => {
    renderQueue([]);
    expect(screen.getByText(moderationMessages.queueEmpty)).toBeInTheDocument();
  });

  it('shows what was reported, each reason and details, and who reported it with their badges', () => {
    const { group } = renderQueue();
    const listing = group(/^Listing: 2 reports$/);
    expect(within(listing).getByRole('link', { name: 'Cheap iPhone' })).toHaveAttribute('href', '/listing/listing-1');
    expect(within(listing).getByText('$50')).toBeInTheDocument();
    expect(within(listing).getByText(reportReasonLabels.scam)).toBeInTheDocument();
    expect(within(listing).getByText('Wants a deposit first.')).toBeInTheDocument();
    expect(within(listing).getByText(reportReasonLabels.prohibited)).toBeInTheDocument();
    const ava = within(listing).getByText('Ava Reporter').parentElement!;
    expect(within(ava).getByText(moderationLabels.reporterBadges.email)).toBeInTheDocument();
    expect(within(ava).getByText(moderationLabels.reporterBadges.phone)).toBeInTheDocument();
    expect(within(ava).queryByText(moderationLabels.reporterBadges.card)).toBeNull();

    const rating = group(/^Rating: 1 report$/);
    expect(within(rating).getByRole('img', { name: '1 out of 5 stars' })).toBeInTheDocument();
    expect(within(rating).getByText('Rude and late.')).toBeInTheDocument();

    const conversation = group(/^Conversation: 1 report$/);
    const thread = within(conversation).getByRole('list', { name: moderationLabels.conversationTitle });
    expect(within(thread).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('Buy followers at my site!'),
      expect.stringContaining('No thanks.'),
    ]);
  });

  it('offers only the actions that fit what was reported', () => {
    const { group } = renderQueue();
    const names = (article: HTMLElement) => within(article).getAllByRole('button').map((button) => button.textContent);
    expect(names(group(/^Listing/))).toEqual(expect.arrayContaining(['Dismiss', 'Hide the listing', 'Warn the member', 'Suspend the member']));
    expect(names(group(/^Listing/))).not.toContain('Remove the rating');
    expect(names(group(/^Rating/))).toEqual(expect.arrayContaining(['Dismiss', 'Remove the rating', 'Warn the member', 'Suspend the member']));
    expect(names(group(/^Rating/))).not.toContain('Hide the listing');
    expect(names(group(/^Conversation/))).not.toContain('Hide the listing');
    expect(names(group(/^Conversation/))).not.toContain('Remove the rating');
  });

  it('suspends for the chosen length, only with a reason', async () => {
    const { user, group, writes } = renderQueue();
    await user.click(within(group(/^Listing/)).getByRole('button', { name: moderationActionLabels.suspend }));
    const dialog = screen.getByRole('dialog', { name: moderationActionLabels.suspend });
    const lengths = within(dialog).getByRole('group', { name: moderationLabels.suspendForLabel });
    expect(within(lengths).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['7 days', '30 days', 'For good']);
    expect(within(lengths).getByRole('radio', { name: '7 days' })).toBeChecked();

    await user.click(within(lengths).getByRole('radio', { name: '30 days' }));
    await user.click(within(dialog).getByRole('button', { name: moderationActionLabels.suspend }));
    expect(await within(dialog).findByText(moderationMessages.actionReasonRequired)).toBeInTheDocument();
    expect(writes()).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: moderationLabels.actionReasonLabel }), 'Scam listings, again.');
    await user.click(within(dialog).getByRole('button', { name: moderationActionLabels.suspend }));
    expect(await screen.findByText(moderationMessages.actionDone)).toBeInTheDocument();
    expect(writes()).toEqual([{ method: 'POST', path: '/api/admin/reports/report-3/actions', body: { action: 'suspend', days: 30, reason: 'Scam listings, again.' } }]);
  });

  it('suspends for good with no end date', async () => {
    const { user, group, writes } = renderQueue();
    await user.click(within(group(/^Rating/)).getByRole('button', { name: moderationActionLabels.suspend }));
    const dialog = screen.getByRole('dialog', { name: moderationActionLabels.suspend });
    await user.click(within(dialog).getByRole('radio', { name: 'For good' }));
    await user.type(within(dialog).getByRole('textbox', { name: moderationLabels.actionReasonLabel }), 'Abuse after a warning.');
    await user.click(within(dialog).getByRole('button', { name: moderationActionLabels.suspend }));
    await expect.poll(writes).toEqual([{ method: 'POST', path: '/api/admin/reports/report-9/actions', body: { action: 'suspend', days: null, reason: 'Abuse after a warning.' } }]);
  });

  it('removes a rating with its reason, and asks no length for other actions', async () => {
    const { user, group, writes } = renderQueue();
    await user.click(within(group(/^Rating/)).getByRole('button', { name: moderationActionLabels['remove-rating'] }));
    const dialog = screen.getByRole('dialog', { name: moderationActionLabels['remove-rating'] });
    expect(within(dialog).queryByRole('radio')).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: moderationLabels.actionReasonLabel }), 'Not about the exchange.');
    await user.click(within(dialog).getByRole('button', { name: moderationActionLabels['remove-rating'] }));
    await expect.poll(writes).toEqual([{ method: 'POST', path: '/api/admin/reports/report-9/actions', body: { action: 'remove-rating', reason: 'Not about the exchange.' } }]);
  });

  it("shows until when a member is suspended (or for good) and lifts it", async () => {
    const { user, group, writes } = renderQueue();
    const listing = group(/^Listing/);
    expect(within(listing).getByText(moderationLabels.suspendedUntil(suspendedUntil))).toBeInTheDocument();
    expect(moderationLabels.suspendedUntil(suspendedUntil)).toContain(formatSuspensionEnd(suspendedUntil));
    expect(within(group(/^Conversation/)).getByText(moderationLabels.suspendedForGood)).toBeInTheDocument();
    expect(within(group(/^Rating/)).queryByRole('button', { name: moderationLabels.liftSuspension })).toBeNull();

    await user.click(within(listing).getByRole('button', { name: moderationLabels.liftSuspension }));
    expect(await screen.findByText(moderationMessages.suspensionLifted)).toBeInTheDocument();
    expect(writes()).toEqual([{ method: 'DELETE', path: '/api/admin/members/seller-1/suspension', body: undefined }]);
  });

  it('shows the reports dealt with, without actions, where a suspension can still be lifted', async () => {
    const { user, server, writes } = renderQueue([listingGroup]);
    await user.click(screen.getByRole('button', { name: reportQueueViews.closed }));
    expect(screen.getByRole('button', { name: reportQueueViews.closed })).toHaveAttribute('aria-pressed', 'true');
    const closed = await screen.findByRole('list', { name: reportQueueViews.closed });
    expect(server.sent.filter((request) => request.method === 'GET')).toEqual([{ method: 'GET', path: '/api/admin/reports', body: undefined, query: '?status=closed' }]);
    const item = within(closed).getByRole('article', { name: /^Listing/ });
    expect(within(item).queryByRole('button', { name: moderationActionLabels.suspend })).toBeNull();
    await user.click(within(item).getByRole('button', { name: moderationLabels.liftSuspension }));
    await expect.poll(writes).toEqual([{ method: 'DELETE', path: '/api/admin/members/seller-1/suspension', body: undefined }]);
  });
});
