// The operator's dashboard on /admin (decision 50): the Insights card asks for its range, shows the
// range's figures (revenue in exact AUD, the report median, the free months' conversion), a chart
// each with its numbers as a table, the domain's words beside a wrong date, a plain line for a range
// without days, a retry after a failed load, and the CSV fetched with the session's token.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { type AdminInsightDay, type AdminInsights, adminInsightMessages, tierRules } from '../../src/domain';
import { InsightsCard } from '../../src/web/features/admin/components/insights-card';
import { fakeServer, renderPage } from './support/fixtures';

const insightsPath = '/api/admin/insights';
const csvPath = '/api/admin/insights/csv';

const quiet: AdminInsightDay = {
  date: '',
  membersNew: 0,
  membersStarter: 0,
  membersExplorer: 0,
  membersConnector: 0,
  membersLifetime: 0,
  listingsNew: 0,
  listingsActive: 0,
  messages: 0,
  reportsOpened: 0,
  reportsClosed: 0,
  reportMedianMinutes: null,
  trialsStarted: 0,
  trialsConverted: 0,
  revenue: '0.00',
};

const threeDays: AdminInsights = {
  from: '2026-02-27',
  to: '2026-03-01',
  bucket: 'day',
  days: [
    { ...quiet, date: '2026-02-27', membersNew: 3, membersStarter: 10, membersExplorer: 20, membersConnector: 4, membersLifetime: 1, listingsNew: 5, listingsActive: 40, messages: 12, revenue: '1234.50' },
    { ...quiet, date: '2026-02-28', membersNew: 1, membersStarter: 11, membersExplorer: 21, membersConnector: 4, membersLifetime: 1, listingsActive: 41, reportsOpened: 2, trialsStarted: 5 },
    { ...quiet, date: '2026-03-01', membersStarter: 11, membersExplorer: 22, membersConnector: 5, membersLifetime: 1, listingsActive: 41, reportsClosed: 2, reportMedianMinutes: 200, trialsConverted: 2, revenue: '980.00' },
  ],
  revenueByMonth: [
    { month: '2026-02', revenue: '1234.50' },
    { month: '2026-03', revenue: '980.00' },
  ],
  trials: { started: 5, converted: 2, rate: 0.4 },
  reportMedianMinutes: 200,
  busiestPostcodes: [{ postcode: '2010', suburb: 'Surry Hills', state: 'NSW', listings: 8 }],
};

const errorResponse = (status: number, body: object) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

// The charts are their own chunk: in a test, the first transform of it can take longer than a query waits.
beforeAll(() => import('../../src/web/features/admin/components/insights-charts'));
// 6 March 2026, 1 pm in Sydney: the last 90 days start on 7 December.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-06T02:00:00Z'));
});
afterEach(() => vi.useRealTimers());

const insightCalls = (sent: { path: string; query?: string }[]) => sent.filter((request) => request.path === insightsPath).map((request) => request.query);

function renderCard() {
  const rendered = renderPage(<InsightsCard />, { signedIn: true });
  return { ...rendered, card: screen.getByRole('region', { name: adminInsightMessages.title }) };
}

describe('the Insights card on /admin', () => {
  it('asks for the last 90 days, then the chosen range, and shows the figures and a chart with its table', async () => {
    const server = fakeServer((request) => (request.path === insightsPath ? threeDays : {}));
    const { user, card } = renderCard();
    await within(card).findByRole('img', { name: adminInsightMessages.membersByPlanLabel });
    expect(insightCalls(server.sent)).toEqual(['?from=2025-12-07&to=2026-03-06']);
    expect(within(card).getByLabelText(adminInsightMessages.from)).toHaveValue('2025-12-07');

    await user.click(within(card).getByRole('button', { name: adminInsightMessages.last30Days }));
    await waitFor(() => expect(insightCalls(server.sent)).toEqual(['?from=2025-12-07&to=2026-03-06', '?from=2026-02-05&to=2026-03-06']));
    expect(within(card).getByRole('button', { name: adminInsightMessages.last30Days })).toHaveAttribute('aria-pressed', 'true');

    // The range's figures: revenue added exactly, the median in words, the conversion as a share.
    const figures = within(card).getByLabelText(adminInsightMessages.figures);
    const figure = (label: string) => within(figures).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(figure(adminInsightMessages.revenueTotal)).toBe('$2,214.50');
    expect(figure(adminInsightMessages.membersNewTotal)).toBe('4');
    expect(within(card).getByText('Median time to close a report: 3 h 20 min')).toBeInTheDocument();
    expect(within(card).getByText('Free months that became paid plans: 40% (2 of 5 free months started in this range)')).toBeInTheDocument();
    expect(within(card).getByText(adminInsightMessages.revenueNote)).toBeInTheDocument();

    // Revenue by month in exact AUD, beside its bars and in its table.
    const revenue = within(card).getByRole('region', { name: adminInsightMessages.revenueByMonth });
    expect(within(revenue).getByRole('img', { name: adminInsightMessages.revenueByMonthLabel })).toHaveTextContent('$1,234.50');
    const revenueRows = within(within(revenue).getByRole('table')).getAllByRole('row');
    expect(revenueRows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))).toEqual([
      ['Month', 'Revenue (AUD)'],
      ['Feb 2026', '$1,234.50'],
      ['Mar 2026', '$980'],
    ]);

    // Members by plan: the chart's numbers, a row a day, reachable as a table.
    const members = within(card).getByRole('region', { name: adminInsightMessages.membersByPlan });
    await user.click(within(members).getByText(adminInsightMessages.showTable));
    const table = within(members).getByRole('table', { name: adminInsightMessages.tableCaption(adminInsightMessages.membersByPlan) });
    const rows = within(table).getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Day', tierRules.starter.label, tierRules.explorer.label, tierRules.connector.label, tierRules.lifetime.label],
      ['Fri, 27 Feb', '10', '20', '4', '1'],
      ['Sat, 28 Feb', '11', '21', '4', '1'],
      ['Sun, 1 Mar', '11', '22', '5', '1'],
    ]);
    // The region that scrolls the table takes the keyboard's focus.
    expect(within(members).getByRole('region', { name: adminInsightMessages.tableCaption(adminInsightMessages.membersByPlan) })).toHaveAttribute('tabindex', '0');

    const postcodes = within(card).getByRole('table', { name: adminInsightMessages.busiestPostcodesCaption });
    expect(within(postcodes).getAllByRole('row')[1]).toHaveTextContent('2010Surry HillsNSW8');
  });

  it('says a wrong range beside its field: a backwards range at once, a refused one in the server’s words', async () => {
    let refuse = false;
    const server = fakeServer((request) => {
      if (request.path !== insightsPath) return {};
      if (refuse) return errorResponse(400, { message: adminInsightMessages.rangeTooLong, code: 'VALIDATION_FAILED', fieldErrors: [{ path: 'from', message: adminInsightMessages.rangeTooLong }] });
      return threeDays;
    });
    const { user, card } = renderCard();
    await within(card).findByRole('img', { name: adminInsightMessages.membersByPlanLabel });
    const from = within(card).getByLabelText(adminInsightMessages.from);
    const to = within(card).getByLabelText(adminInsightMessages.to);

    fireEvent.change(to, { target: { value: '2025-01-01' } });
    await user.click(within(card).getByRole('button', { name: adminInsightMessages.show }));
    expect(to).toHaveAccessibleDescription(adminInsightMessages.rangeBackwards);
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(insightCalls(server.sent)).toHaveLength(1);

    refuse = true;
    fireEvent.change(to, { target: { value: '2026-03-06' } });
    fireEvent.change(from, { target: { value: '2024-01-01' } });
    await user.click(within(card).getByRole('button', { name: adminInsightMessages.show }));
    await waitFor(() => expect(from).toHaveAccessibleDescription(adminInsightMessages.rangeTooLong));
    expect(insightCalls(server.sent)).toEqual(['?from=2025-12-07&to=2026-03-06', '?from=2024-01-01&to=2026-03-06']);
    expect(to).not.toHaveAttribute('aria-invalid');
    expect(within(card).queryByRole('alert')).toBeNull();
  });

  it('says so when the range has no days yet', async () => {
    fakeServer((request) => (request.path === insightsPath ? { ...threeDays, days: [], revenueByMonth: [], busiestPostcodes: [] } : {}));
    const { card } = renderCard();
    expect(await within(card).findByText(adminInsightMessages.noDays)).toBeInTheDocument();
    expect(within(card).queryByRole('img')).toBeNull();
  });

  it('shows a skeleton while loading, says when the load failed, and loads on Try again', async () => {
    let failing = true;
    const server = fakeServer((request) => (request.path === insightsPath ? (failing ? errorResponse(500, { message: 'Something went wrong' }) : threeDays) : {}));
    const { user, card } = renderCard();
    expect(within(card).getByRole('status')).toHaveTextContent(adminInsightMessages.loading);
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent(`We couldn't load ${adminInsightMessages.loadWhat}: Something went wrong`);
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByRole('img', { name: adminInsightMessages.membersByPlanLabel })).toBeInTheDocument();
    expect(insightCalls(server.sent)).toHaveLength(2);
  });

  it('downloads the range as CSV with the session’s token and saves it under the server’s name', async () => {
    const server = fakeServer((request) =>
      request.path === csvPath
        ? new Response('Date,New members\n', { headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="insights-2025-12-07-to-2026-03-06.csv"' } })
        : request.path === insightsPath
          ? threeDays
          : {},
    );
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:insights');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user, card } = renderCard();
    await user.click(within(card).getByRole('button', { name: adminInsightMessages.downloadCsv }));
    await waitFor(() => expect(saved).toEqual(['insights-2025-12-07-to-2026-03-06.csv']));
    expect(server.sent.filter((request) => request.path === csvPath)).toEqual([{ method: 'GET', path: csvPath, body: undefined, query: '?from=2025-12-07&to=2026-03-06' }]);
    const [, init] = (fetch as Mock).mock.calls.find(([input]) => String(input).startsWith(csvPath))!;
    expect(new Headers((init as RequestInit).headers).get('authorization')).toBe('Bearer test-token');
  });
});
