// Listing insights on the seller's dashboard (decisions 48 and 49): Insights on each card opens the
// listing's last 30 days, with the totals, a chart and the numbers as a table; a listing with nothing
// yet says so, a failed load offers to try again. On /account, the weekly summary's switch.
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { type InsightDay, type ListingInsights, insightMessages } from '../../src/domain';
import { NotificationSettings } from '../../src/web/features/account/components/notification-settings';
import { YourListings } from '../../src/web/features/dashboard/components/your-listings';
import { currentUserQueryKey } from '../../src/web/lib/auth';
import { aListing, aMember, fakeServer, renderPage } from './support/fixtures';

const member = aMember();
const bookshelf = aListing({ title: 'Oak bookshelf' });
const insightsPath = `/api/my-listings/${bookshelf.id}/insights`;

/** 30 days up to 6 March 2026, oldest first, all zeros but for `busy`. */
function insightsWith(busy: Record<string, Partial<InsightDay>> = {}): ListingInsights {
  const days = Array.from({ length: 30 }, (_, index) => {
    const date = new Date(Date.UTC(2026, 2, 6 - 29 + index)).toISOString().slice(0, 10);
    return { date, views: 0, saves: 0, conversations: 0, ...busy[date] };
  });
  const sum = (pick: (day: InsightDay) => number) => days.reduce((total, day) => total + pick(day), 0);
  return { listingId: bookshelf.id, days, totals: { views: sum((day) => day.views), saves: sum((day) => day.saves), conversations: sum((day) => day.conversations) } };
}

const aBusyMonth = insightsWith({
  '2026-02-05': { views: 2 },
  '2026-03-02': { views: 7, saves: 1 },
  '2026-03-03': { views: 4, saves: 2, conversations: 1 },
});

// The chart's code is its own chunk, fetched when Insights is first opened: in a test, the first
// transform of it can take longer than a query waits.
beforeAll(() => import('../../src/web/features/dashboard/components/listing-insights'));

async function openInsights() {
  const rendered = renderPage(<YourListings listings={[bookshelf]} stats={undefined} />, { signedIn: true, data: [[currentUserQueryKey, member]] });
  await rendered.user.click(screen.getByRole('button', { name: insightMessages.openFor('Oak bookshelf') }));
  return { ...rendered, dialog: screen.getByRole('dialog', { name: insightMessages.title }) };
}

function errorResponse() {
  return new Response(JSON.stringify({ message: 'Something went wrong' }), { status: 500, headers: { 'content-type': 'application/json' } });
}

describe('a listing’s insights on the dashboard', () => {
  it('fetches the listing’s 30 days and shows the totals, the chart and its numbers as a table', async () => {
    const server = fakeServer((request) => (request.path === insightsPath ? aBusyMonth : []));
    const { user, dialog } = await openInsights();
    expect(within(dialog).getByText('Oak bookshelf')).toBeInTheDocument();

    const total = (label: string) => within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    await within(dialog).findByRole('img', { name: insightMessages.chartLabel });
    expect([total(insightMessages.views), total(insightMessages.saves), total(insightMessages.conversations)]).toEqual(['13', '3', '1']);
    expect(within(dialog).getByText(insightMessages.chartCaption(30))).toBeInTheDocument();
    expect(within(dialog).getByText(insightMessages.viewsExplained)).toBeInTheDocument();
    expect(server.sent.filter((request) => request.path === insightsPath)).toEqual([{ method: 'GET', path: insightsPath, body: undefined }]);

    await user.click(within(dialog).getByText(insightMessages.showTable));
    const table = within(dialog).getByRole('table', { name: insightMessages.tableCaption(30) });
    const rows = within(table).getAllByRole('row');
    // The heading row, then one row a day, oldest first.
    expect(rows).toHaveLength(31);
    const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);
    expect(cells(rows[0])).toEqual([insightMessages.day, insightMessages.views, insightMessages.saves, insightMessages.conversations]);
    expect(cells(rows[1])).toEqual(['Thu, 5 Feb', '2', '0', '0']);
    expect(cells(rows[27])).toEqual(['Tue, 3 Mar', '4', '2', '1']);
    expect(cells(rows[30])).toEqual(['Fri, 6 Mar', '0', '0', '0']);
  });

  it('says so plainly when nothing has happened in the 30 days', async () => {
    fakeServer((request) => (request.path === insightsPath ? insightsWith() : []));
    const { dialog } = await openInsights();
    expect(await within(dialog).findByText(insightMessages.nothingYet(30))).toBeInTheDocument();
    expect(within(dialog).queryByRole('img')).toBeNull();
    expect(within(dialog).queryByRole('table')).toBeNull();
  });

  it('says when the insights could not be loaded, and loads them on Try again', async () => {
    let failing = true;
    const server = fakeServer((request) => (request.path === insightsPath ? (failing ? errorResponse() : aBusyMonth) : []));
    const { user, dialog } = await openInsights();
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(insightMessages.loadFailed);
    failing = false;
    await user.click(within(alert).getByRole('button', { name: insightMessages.retry }));
    expect(await within(dialog).findByRole('img', { name: insightMessages.chartLabel })).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(server.sent.filter((request) => request.path === insightsPath)).toHaveLength(2);
  });
});

describe('the weekly summary switch on /account', () => {
  it('shows the saved setting and turns the summary off', async () => {
    const seller = aMember({ insightsMail: true });
    const server = fakeServer(({ body }) => ({ ...seller, ...(body as object) }));
    const { user } = renderPage(<NotificationSettings user={seller} />, { signedIn: true });
    const toggle = screen.getByRole('switch', { name: insightMessages.mailSwitchLabel });
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription(insightMessages.mailSwitchDescription);
    await user.click(toggle);
    await expect.poll(() => server.sent).toEqual([{ method: 'PUT', path: '/api/user/notifications', body: { insightsMail: false } }]);
  });
});
