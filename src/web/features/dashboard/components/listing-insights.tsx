// A listing's last 30 days for its seller (decision 48): the three totals, the chart of views with
// the days of saves and conversations marked, and the same numbers as a table. Loaded with its chart
// code only when the seller opens it (decision 49).
import { AlertCircle, ChartColumn } from 'lucide-react';
import { type InsightDay, describeWeek, insightLimits, insightMessages } from '../../../../domain';
import { DailyChart } from '@/components/charts/daily-chart';
import { DailyTable } from '@/components/charts/daily-table';
import { type DailySeries, markShapes } from '@/components/charts/chart-tones';
import { ChartSwatch } from '@/components/charts/chart-legend';
import { formatLongDay } from '@/components/charts/chart-days';
import { Button } from '@/components/ui/button';
import { useListingInsights } from '@/features/dashboard/api';
import { InsightsSkeleton } from './insights-skeleton';

type Totals = { views: number; saves: number; conversations: number };

const views: DailySeries<InsightDay> = { label: insightMessages.views, value: (day) => day.views, tone: 'brand' };
const saves: DailySeries<InsightDay> = { label: insightMessages.saves, value: (day) => day.saves, tone: 'leaf' };
const conversations: DailySeries<InsightDay> = { label: insightMessages.conversations, value: (day) => day.conversations, tone: 'ink' };

/**
 * The three totals, which are also the chart's key: a row each on a phone (a word as long as
 * "Conversations" does not fit a third of one), side by side from small screens up.
 */
function InsightTotals({ totals }: { totals: Totals }) {
  const items = [
    { label: insightMessages.views, value: totals.views, swatch: <ChartSwatch tone={views.tone} shape="bar" /> },
    { label: insightMessages.saves, value: totals.saves, swatch: <ChartSwatch tone={saves.tone} shape={markShapes[0]} /> },
    { label: insightMessages.conversations, value: totals.conversations, swatch: <ChartSwatch tone={conversations.tone} shape={markShapes[1]} /> },
  ];
  return (
    <dl className="divide-y divide-sand-200 rounded-2xl bg-sand-50 ring-1 ring-sand-200 sm:grid sm:grid-cols-3 sm:divide-x sm:divide-y-0">
      {items.map((item) => (
        <div key={item.label} className="flex items-center justify-between gap-3 px-4 py-2 sm:flex-col sm:justify-center sm:gap-0.5 sm:py-3">
          <dt className="flex items-center gap-1.5 text-sm font-semibold text-ink-700 sm:text-xs">
            {item.swatch}
            {item.label}
          </dt>
          <dd className="text-xl font-extrabold tracking-tight tabular-nums sm:text-2xl">{item.value.toLocaleString('en-AU')}</dd>
        </div>
      ))}
    </dl>
  );
}

function InsightsFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl bg-brand-50 p-4 text-brand-800">
      <p className="flex items-start gap-2 text-sm">
        <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {insightMessages.loadFailed}
      </p>
      <Button variant="secondary" onClick={onRetry} disabled={retrying}>
        {insightMessages.retry}
      </Button>
    </div>
  );
}

export function ListingInsights({ listingId }: { listingId: string }) {
  const insights = useListingInsights(listingId);
  if (insights.isPending) return <InsightsSkeleton />;
  if (insights.isError) return <InsightsFailed onRetry={() => void insights.refetch()} retrying={insights.isFetching} />;

  const { days, totals } = insights.data;
  const caption = insightMessages.chartCaption(insightLimits.chartDays);
  if (totals.views + totals.saves + totals.conversations === 0) {
    return (
      <div className="space-y-2 rounded-2xl bg-sand-50 p-4 ring-1 ring-sand-200">
        <p className="flex items-start gap-2 text-ink-900">
          <ChartColumn className="mt-0.5 size-5 shrink-0 text-ink-500" aria-hidden="true" />
          {insightMessages.nothingYet(insightLimits.chartDays)}
        </p>
        <p className="text-sm text-ink-700">{insightMessages.viewsExplained}</p>
      </div>
    );
  }

  return (
    <div className="space-y-5">
      <InsightTotals totals={totals} />
      <figure className="space-y-2">
        <DailyChart
          days={days}
          bars={views}
          marks={[saves, conversations]}
          label={insightMessages.chartLabel}
          // The totals above are its key.
          legend={false}
          describeDay={(day) => `${formatLongDay(day.date)}: ${describeWeek(day)}`}
        />
        <figcaption className="text-sm font-semibold text-ink-700">{caption}</figcaption>
      </figure>
      <p className="text-sm text-ink-700">{insightMessages.viewsExplained}</p>
      <details className="group rounded-2xl ring-1 ring-sand-200">
        <summary className="flex min-h-11 cursor-pointer items-center rounded-2xl px-4 text-sm font-semibold text-brand-700 hover:bg-sand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
          {insightMessages.showTable}
        </summary>
        <div className="px-2 pb-3 sm:px-4">
          <DailyTable days={days} series={[views, saves, conversations]} caption={insightMessages.tableCaption(insightLimits.chartDays)} dayLabel={insightMessages.day} />
        </div>
      </details>
    </div>
  );
}
