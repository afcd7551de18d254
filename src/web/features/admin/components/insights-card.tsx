import { ChartColumn, Download } from 'lucide-react';
import { Suspense, useState } from 'react';
import { adminInsightLimits, adminInsightMessages } from '../../../../domain';
import { Button } from '@/components/ui/button';
import { type InsightRange, useAdminInsights, useDownloadAdminInsights } from '@/features/admin/api';
import { lastDays } from '@/features/admin/insight-range';
import { ApiError } from '@/lib/api-client';
import { lazyPage } from '@/lib/lazy-page';
import { AdminSection } from './admin-section';
import { InsightsRangePicker } from './insights-range-picker';
import { InsightsSkeleton } from './insights-skeleton';
import { QueryProblem } from './query-problem';

// The charts (d3-scale and the SVG) are their own chunk, asked for when the card first shows, so the
// admin page's own code grows by this frame only (decision 49).
const InsightsCharts = lazyPage(() => import('./insights-charts'), 'InsightsCharts');

/** The operator's dashboard (issue 41 item 2, decision 50): the business over a range of days. */
export function InsightsCard() {
  const [range, setRange] = useState<InsightRange>(() => lastDays(adminInsightLimits.defaultDays));
  const insights = useAdminInsights(range);
  const download = useDownloadAdminInsights();
  // A range the server refused is said beside its field; anything else is a failed load.
  const fieldErrors = insights.error instanceof ApiError ? insights.error.fieldErrors : undefined;

  return (
    <AdminSection
      icon={ChartColumn}
      title={adminInsightMessages.title}
      description={adminInsightMessages.description}
      actions={
        <Button variant="secondary" disabled={download.isPending} onClick={() => download.mutate(range)}>
          <Download aria-hidden="true" />
          {adminInsightMessages.downloadCsv}
        </Button>
      }
    >
      <InsightsRangePicker range={range} onChange={setRange} serverErrors={fieldErrors} />
      <div className="mt-6">
        {insights.isPending && <InsightsSkeleton />}
        {insights.isError && !fieldErrors && <QueryProblem what={adminInsightMessages.loadWhat} error={insights.error} onRetry={() => void insights.refetch()} />}
        {insights.data &&
          (insights.data.days.length === 0 ? (
            <p className="rounded-2xl bg-sand-100 p-4 text-sm text-ink-700">{adminInsightMessages.noDays}</p>
          ) : (
            // The last range stays in sight, dimmed, while the next one loads.
            <div aria-busy={insights.isPlaceholderData} className={insights.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
              <Suspense fallback={<InsightsSkeleton />}>
                <InsightsCharts insights={insights.data} />
              </Suspense>
            </div>
          ))}
      </div>
    </AdminSection>
  );
}
