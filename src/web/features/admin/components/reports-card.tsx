import { Flag, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { moderationLabels, moderationMessages, reportQueueViews } from '../../../../domain/moderation';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { type ReportStatus, useReportQueue } from '@/features/admin/api';
import { AdminSection } from './admin-section';
import { QueryProblem } from './query-problem';
import { ReportGroupItem } from './report-group';

const views: ReportStatus[] = ['open', 'closed'];

/**
 * What members reported, grouped by what it is about, the most reported and newest first; an action
 * closes a group. "Dealt with" shows the closed ones, where a suspension given through one is lifted.
 */
export function ReportsCard() {
  const [status, setStatus] = useState<ReportStatus>('open');
  const queue = useReportQueue(status);
  const count = status === 'open' ? queue.data?.length : undefined;
  return (
    <AdminSection
      icon={Flag}
      title={count ? `${moderationMessages.queueTitle} (${count})` : moderationMessages.queueTitle}
      description={status === 'open' ? moderationLabels.queueDescription : reportQueueViews.closedDescription}
      actions={
        <div className="flex items-center gap-2">
          <div role="group" aria-label={reportQueueViews.label} className="inline-flex rounded-full border border-sand-200 bg-sand-50 p-0.5">
            {views.map((view) => (
              <button
                key={view}
                type="button"
                aria-pressed={status === view}
                onClick={() => setStatus(view)}
                className={cn(
                  'min-h-10 rounded-full px-4 text-sm font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                  status === view ? 'bg-white text-ink-900 shadow-sm' : 'text-ink-500 hover:text-ink-900',
                )}
              >
                {reportQueueViews[view]}
              </button>
            ))}
          </div>
          <Button variant="ghost" size="icon" aria-label={moderationLabels.refreshQueue} title={moderationLabels.refreshQueue} disabled={queue.isFetching} onClick={() => void queue.refetch()}>
            <RefreshCw aria-hidden="true" />
          </Button>
        </div>
      }
    >
      {queue.isPending && <p className="text-sm text-ink-500">{moderationLabels.loadingQueue}</p>}
      {queue.isError && <QueryProblem what={moderationLabels.queueWhat} error={queue.error} onRetry={() => queue.refetch()} />}
      {queue.data && queue.data.length === 0 && <p className="text-sm text-ink-500">{status === 'open' ? moderationMessages.queueEmpty : reportQueueViews.closedEmpty}</p>}
      {queue.data && queue.data.length > 0 && (
        <ul aria-label={status === 'open' ? moderationMessages.queueTitle : reportQueueViews.closed} className="space-y-4">
          {queue.data.map((group) => (
            <ReportGroupItem key={`${group.targetKind}:${group.targetId}`} group={group} canAct={status === 'open'} />
          ))}
        </ul>
      )}
    </AdminSection>
  );
}
