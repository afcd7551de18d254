import { History } from 'lucide-react';
import { isMembershipTier, locale, tierRules, verificationTypeLabels, type VerificationType } from '../../../../domain';
import { type AuditEntry, useAuditLog } from '@/features/admin/api';
import { AdminSection } from './admin-section';
import { QueryProblem } from './query-problem';

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const tierLabel = (value: unknown) => (isMembershipTier(value) ? tierRules[value].label : text(value));
const checkLabel = (value: unknown) => verificationTypeLabels[value as VerificationType] ?? text(value);

/** What happened, in words: "gifted Lifetime membership to mia@example.com". */
export function describeAction(entry: AuditEntry): string {
  const { details } = entry;
  const target = entry.targetEmail ?? 'a removed member';
  switch (entry.action) {
    case 'verify_user':
      return `verified ${checkLabel(details.verificationType)} for ${target}`;
    case 'gift_membership':
      return `gifted ${tierLabel(details.membershipTier)} membership to ${target}`;
    case 'invite_user':
      return `invited ${text(details.email)} with ${tierLabel(details.membershipTier)} membership`;
    case 'ban_word':
      return `banned the word "${text(details.word)}"`;
    case 'unban_word':
      return `allowed the word "${text(details.word)}" again`;
    case 'upload_video':
      return `uploaded the video "${text(details.displayName)}"`;
    case 'activate_video':
      return `activated the video "${text(details.displayName)}"`;
    case 'delete_video':
      return `deleted the video "${text(details.displayName)}"`;
    case 'reply_support':
      return `replied to a support message from ${text(details.email)}`;
    default:
      return entry.action.replaceAll('_', ' ');
  }
}

const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });

/** Every admin action, newest first: who did what, to whom, and when. */
export function AuditLogCard() {
  const log = useAuditLog();
  return (
    <AdminSection icon={History} title="Activity" description="The latest admin actions, newest first.">
      {log.isPending && <p className="text-sm text-ink-500">Loading activity…</p>}
      {log.isError && <QueryProblem what="the activity" error={log.error} onRetry={() => log.refetch()} />}
      {log.data?.length === 0 && <p className="text-sm text-ink-500">Nothing yet: admin actions will be listed here.</p>}
      {log.data && log.data.length > 0 && (
        <ol aria-label="Admin activity" tabIndex={0} className="max-h-96 divide-y divide-sand-200 overflow-y-auto">
          {log.data.map((entry) => (
            <li key={entry.id} className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
              <p className="min-w-0 text-sm break-words">
                <span className="font-semibold">{entry.actorEmail ?? 'A removed admin'}</span> {describeAction(entry)}
              </p>
              <time dateTime={entry.createdAt} className="shrink-0 text-xs text-ink-500">
                {formatWhen(entry.createdAt)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </AdminSection>
  );
}
