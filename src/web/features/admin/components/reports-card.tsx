import { Flag, RefreshCw } from 'lucide-react';
import { moderationLabels, moderationMessages } from '../../../../domain/moderation';
import { Button } from '@/components/ui/button';
import { useReportQueue } from '@/features/admin/api';
import { AdminSection } from './admin-section';
import { QueryProblem } from './query-problem';
import { ReportGroupItem } from './report-group';

/** What members reported, grouped by what it is about, the most reported and newest first; an action closes a group. */
export function ReportsCard() {
  const queue = useReportQueue();
  const count = queue.data?.length;
  return (
    <AdminSection
      icon={Flag}
      title={count ? `${moderationMessages.queueTitle} (${count})` : moderationMessages.queueTitle}
      description={moderationLabels.queueDescription}
      actions={
        <Button variant="ghost" size="icon" aria-label={moderationLabels.refreshQueue} title={moderationLabels.refreshQueue} disabled={queue.isFetching} onClick={() => void queue.refetch()}>
          <RefreshCw aria-hidden="true" />
        </Button>
      }
    >
      {queue.isPending && <p className="text-sm text-ink-500">{moderationLabels.loadingQueue}</p>}
      {queue.isError && <QueryProblem what={moderationLabels.queueWhat} error={queue.error} onRetry={() => queue.refetch()} />}
      {queue.data && queue.data.length === 0 && <p className="text-sm text-ink-500">{moderationMessages.queueEmpty}</p>}
      {queue.data && queue.data.length > 0 && (
        <ul aria-label={moderationMessages.queueTitle} className="space-y-4">
          {queue.data.map((group) => (
            <ReportGroupItem key={`${group.targetKind}:${group.targetId}`} group={group} />
          ))}
        </ul>
      )}
    </AdminSection>
  );
}
