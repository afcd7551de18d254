import { Workflow } from 'lucide-react';
import { locale } from '../../../../domain';
import { useJobsSummary } from '@/features/admin/api';
import { AdminSection } from './admin-section';
import { QueryProblem } from './query-problem';

/** What the job kinds are, in words. */
const jobLabels: Record<string, string> = {
  mail: 'Sending a mail',
  'membership-upkeep': 'Hourly membership upkeep',
  'photo-cleanup': 'Photo clean-up',
  'away-mail': 'Unread-message mail',
};

const formatWhen = (iso: string) => new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });

/** The job queue: how much waits, runs and failed, and the latest failures with their error. */
export function JobsCard() {
  const jobs = useJobsSummary();
  return (
    <AdminSection icon={Workflow} title="Jobs" description="Mail and the scheduled upkeep run as jobs; a failed job is tried again a few times before it shows here.">
      {jobs.isPending && <p className="text-sm text-ink-500">Loading jobs…</p>}
      {jobs.isError && <QueryProblem what="the jobs" error={jobs.error} onRetry={() => jobs.refetch()} />}
      {jobs.data && (
        <>
          <dl className="grid grid-cols-3 gap-3 text-center">
            {[
              ['Queued', jobs.data.queued],
              ['Running', jobs.data.active],
              ['Failed', jobs.data.failed],
            ].map(([label, value]) => (
              <div key={label} className="rounded-xl bg-sand-100 px-3 py-3">
                <dt className="text-xs font-semibold tracking-wide text-ink-500 uppercase">{label}</dt>
                <dd className="mt-1 text-2xl font-extrabold">{value}</dd>
              </div>
            ))}
          </dl>
          {jobs.data.lastFailures.length === 0 ? (
            <p className="mt-4 text-sm text-ink-500">No failed jobs.</p>
          ) : (
            <ol aria-label="Latest failed jobs" className="mt-4 divide-y divide-sand-200">
              {jobs.data.lastFailures.map((failure, index) => (
                <li key={`${failure.failedAt}-${index}`} className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
                  <p className="min-w-0 text-sm break-words">
                    <span className="font-semibold">{jobLabels[failure.name] ?? failure.name}</span>: {failure.error}
                  </p>
                  <time dateTime={failure.failedAt} className="shrink-0 text-xs text-ink-500">
                    {formatWhen(failure.failedAt)}
                  </time>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </AdminSection>
  );
}
