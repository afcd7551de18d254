// The Insights card's figures and charts (decision 50), in their own chunk with the chart code
// (decision 49). Every chart has its numbers in a table behind "Show as table".
import { type AdminInsightDay, type AdminInsights, adminInsightCsvColumns, adminInsightMessages, tierRules } from '../../../../domain';
import { formatLongDay } from '@/components/charts/chart-days';
import type { DailySeries } from '@/components/charts/chart-tones';
import { DailyChart } from '@/components/charts/daily-chart';
import { DailyTable } from '@/components/charts/daily-table';
import { MonthBars } from '@/components/charts/month-bars';
import { addAmounts, amountForDrawing, formatAud, formatMinutes, formatRate } from '@/features/admin/insight-figures';
import { InsightPanel } from './insight-panel';
import { MonthTable, PostcodeTable } from './insight-tables';

type Day = AdminInsightDay;
type CountKey = Exclude<keyof Day, 'date' | 'revenue' | 'reportMedianMinutes'>;

/** The CSV's headings name the same numbers on screen: one wording for both. */
const heading = Object.fromEntries(adminInsightCsvColumns) as Record<keyof Day, string>;
const series = (key: CountKey, tone: DailySeries<Day>['tone'], label = heading[key]): DailySeries<Day> => ({ label, value: (day) => day[key], tone });

const plans = [
  series('membersStarter', 'ink', tierRules.starter.label),
  series('membersExplorer', 'sky', tierRules.explorer.label),
  series('membersConnector', 'leaf', tierRules.connector.label),
  series('membersLifetime', 'brand', tierRules.lifetime.label),
];
const membersNew = series('membersNew', 'brand');
const listingsActive = series('listingsActive', 'leaf');
const listingsNew = series('listingsNew', 'brand');
const messages = series('messages', 'sky');
const reportsOpened = series('reportsOpened', 'brand');
const reportsClosed = series('reportsClosed', 'ink');
const trialsStarted = series('trialsStarted', 'sky');
const trialsConverted = series('trialsConverted', 'leaf');

/** "Mon 3 Mar: 4 reports opened, 2 reports closed", on hover. */
const describe = (shown: DailySeries<Day>[]) => (day: Day) => `${formatLongDay(day.date)}: ${shown.map((one) => `${one.value(day).toLocaleString('en-AU')} ${one.label.toLowerCase()}`).join(', ')}`;

/** A chart of the days and its table, with the same series. */
function DailyPanel({ days, title, label, bars, lines, figure, note }: { days: Day[]; title: string; label: string; bars: DailySeries<Day> | DailySeries<Day>[]; lines?: DailySeries<Day>[]; figure?: string; note?: string }) {
  const shown = [...(Array.isArray(bars) ? bars : [bars]), ...(lines ?? [])];
  // One series needs no key: the heading says what it is.
  return (
    <InsightPanel
      title={title}
      figure={figure}
      note={note}
      chart={<DailyChart days={days} bars={bars} lines={lines} label={label} describeDay={describe(shown)} legend={shown.length > 1} />}
      table={<DailyTable days={days} series={shown} caption={adminInsightMessages.tableCaption(title)} dayLabel={adminInsightMessages.day} />}
    />
  );
}

const sum = (days: Day[], key: CountKey) => days.reduce((total, day) => total + day[key], 0);

function RangeFigures({ insights }: { insights: AdminInsights }) {
  const items = [
    [adminInsightMessages.membersNewTotal, sum(insights.days, 'membersNew').toLocaleString('en-AU')],
    [heading.listingsNew, sum(insights.days, 'listingsNew').toLocaleString('en-AU')],
    [heading.messages, sum(insights.days, 'messages').toLocaleString('en-AU')],
    [adminInsightMessages.revenueTotal, formatAud(addAmounts(insights.revenueByMonth.map((month) => month.revenue)))],
  ];
  return (
    <dl aria-label={adminInsightMessages.figures} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0 rounded-xl bg-sand-100 px-3 py-3">
          <dt className="text-xs font-semibold text-ink-700">{label}</dt>
          <dd className="mt-1 text-xl font-extrabold tracking-tight tabular-nums break-words sm:text-2xl">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function InsightsCharts({ insights }: { insights: AdminInsights }) {
  const { days, trials } = insights;
  const median = insights.reportMedianMinutes === null ? adminInsightMessages.noReportsClosed : adminInsightMessages.medianToClose(formatMinutes(insights.reportMedianMinutes));
  const conversion = trials.rate === null ? adminInsightMessages.noTrials : `${adminInsightMessages.conversionRate}: ${formatRate(trials.rate)} (${adminInsightMessages.conversionOf(trials.converted, trials.started)})`;
  const months = insights.revenueByMonth.map((month) => ({ month: month.month, value: amountForDrawing(month.revenue), text: formatAud(month.revenue) }));

  return (
    <div className="space-y-5">
      <RangeFigures insights={insights} />
      <div className="grid items-start gap-5 lg:grid-cols-2">
        <DailyPanel days={days} title={adminInsightMessages.membersByPlan} label={adminInsightMessages.membersByPlanLabel} bars={plans} />
        <DailyPanel days={days} title={adminInsightMessages.membersNew} label={adminInsightMessages.membersNewLabel} bars={membersNew} />
        <DailyPanel days={days} title={heading.listingsActive} label={adminInsightMessages.listingsActiveLabel} bars={listingsActive} />
        <DailyPanel days={days} title={heading.listingsNew} label={adminInsightMessages.listingsNewLabel} bars={listingsNew} />
        <DailyPanel days={days} title={adminInsightMessages.messages} label={adminInsightMessages.messagesLabel} bars={messages} />
        <DailyPanel days={days} title={adminInsightMessages.reports} label={adminInsightMessages.reportsLabel} bars={reportsOpened} lines={[reportsClosed]} figure={median} />
        <DailyPanel days={days} title={adminInsightMessages.trials} label={adminInsightMessages.trialsLabel} bars={trialsStarted} lines={[trialsConverted]} figure={conversion} />
        <InsightPanel
          title={adminInsightMessages.revenueByMonth}
          chart={<MonthBars months={months} label={adminInsightMessages.revenueByMonthLabel} />}
          note={adminInsightMessages.revenueNote}
          table={<MonthTable months={insights.revenueByMonth} />}
        />
      </div>
      <PostcodeTable postcodes={insights.busiestPostcodes} />
    </div>
  );
}
