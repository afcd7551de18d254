import { Inbox, RefreshCw } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { locale, supportLevelRules, supportMessages, supportReplyBody, tierRules } from '../../../../domain';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { type SupportRequest, useReplyToSupportRequest, useSupportInbox } from '@/features/admin/api';
import { AdminSection } from './admin-section';
import { QueryProblem } from './query-problem';

const formatWhen = (iso: string) => new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
const replyMaxLength = supportReplyBody.shape.message.maxLength ?? undefined;

/** "Connector member" or "Visitor", and the support that plan gave when they wrote. */
function senderPlan(request: SupportRequest): string {
  return request.membershipTier ? `${tierRules[request.membershipTier].label} member` : supportMessages.visitor;
}

function ReplyForm({ request }: { request: SupportRequest }) {
  const reply = useReplyToSupportRequest();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = supportReplyBody.safeParse({ message: text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    reply.mutate({ requestId: request.id, message: parsed.data.message }, { onSuccess: () => setText('') });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label={`Reply to ${request.name}`}>
      <FormField label={supportMessages.replyLabel} hint={request.memberId ? supportMessages.replyHint : `Sent by email to ${request.email}.`} error={error}>
        <Textarea rows={4} maxLength={replyMaxLength} value={text} onChange={(event) => setText(event.target.value)} />
      </FormField>
      <Button type="submit" disabled={reply.isPending}>
        {reply.isPending ? supportMessages.sendingReply : supportMessages.sendReply}
      </Button>
    </form>
  );
}

function SupportRequestItem({ request }: { request: SupportRequest }) {
  const level = supportLevelRules[request.supportLevel];
  return (
    <li className="min-w-0 rounded-xl border border-sand-200 p-4 sm:p-5">
      <article aria-label={`${request.name}, ${level.label}`} className="space-y-3">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span
            className={cn(
              'rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide uppercase',
              request.supportLevel === 'priority' ? 'bg-brand-600 text-white' : request.supportLevel === 'email' ? 'bg-sun-300 text-ink-900' : 'bg-sand-100 text-ink-700',
            )}
          >
            {level.label}
          </span>
          <span className="font-semibold">{senderPlan(request)}</span>
          <time dateTime={request.createdAt} className="text-ink-500">
            {formatWhen(request.createdAt)}
          </time>
        </div>
        <p className="text-sm break-words">
          <span className="font-semibold">{request.name}</span> <span className="text-ink-500">{request.email}</span>
        </p>
        {/* Shown as text, whatever it holds: React escapes it. */}
        <p className="rounded-xl bg-sand-50 p-3 text-sm whitespace-pre-wrap break-words text-ink-900">{request.message}</p>
        {request.replies.length > 0 && (
          <ul aria-label="Replies" className="space-y-2">
            {request.replies.map((reply) => (
              <li key={reply.id} className="rounded-xl border-l-4 border-leaf-600 bg-white px-3 py-2 text-sm">
                <p className="text-xs text-ink-500">
                  {reply.adminEmail ?? 'An admin'} · <time dateTime={reply.createdAt}>{formatWhen(reply.createdAt)}</time>
                </p>
                <p className="mt-1 whitespace-pre-wrap break-words">{reply.message}</p>
              </li>
            ))}
          </ul>
        )}
        <ReplyForm request={request} />
      </article>
    </li>
  );
}

/**
 * The support inbox (decision 32): contact form messages, open first, by the sender's plan when they
 * wrote and then the oldest; each answered from here, by mail and on the member's account.
 */
export function SupportInboxCard() {
  const inbox = useSupportInbox();
  const open = inbox.data?.filter((request) => request.status === 'open') ?? [];
  const answered = inbox.data?.filter((request) => request.status === 'answered') ?? [];
  return (
    <div id="support-inbox" className="scroll-mt-24">
      <AdminSection
        icon={Inbox}
        title={open.length > 0 ? `${supportMessages.inboxTitle} (${open.length} open)` : supportMessages.inboxTitle}
        description={supportMessages.inboxDescription}
        actions={
          <Button variant="ghost" size="icon" aria-label="Refresh the support inbox" title="Refresh the support inbox" disabled={inbox.isFetching} onClick={() => void inbox.refetch()}>
            <RefreshCw aria-hidden="true" />
          </Button>
        }
      >
        {inbox.isPending && <p className="text-sm text-ink-500">{supportMessages.loadingInbox}</p>}
        {inbox.isError && <QueryProblem what={supportMessages.inboxWhat} error={inbox.error} onRetry={() => inbox.refetch()} />}
        {inbox.data && (
          <div className="space-y-6">
            <section aria-label={supportMessages.open}>
              {open.length === 0 ? (
                <p className="text-sm text-ink-500">{supportMessages.inboxEmpty}</p>
              ) : (
                <ol aria-label={`${supportMessages.open} messages`} className="space-y-4">
                  {open.map((request) => (
                    <SupportRequestItem key={request.id} request={request} />
                  ))}
                </ol>
              )}
            </section>
            <details className="group">
              <summary className="min-h-11 cursor-pointer py-2 font-semibold text-ink-700">
                {supportMessages.answered} ({answered.length})
              </summary>
              {answered.length === 0 ? (
                <p className="text-sm text-ink-500">{supportMessages.answeredEmpty}</p>
              ) : (
                <ol aria-label={`${supportMessages.answered} messages`} className="mt-3 space-y-4">
                  {answered.map((request) => (
                    <SupportRequestItem key={request.id} request={request} />
                  ))}
                </ol>
              )}
            </details>
          </div>
        )}
      </AdminSection>
    </div>
  );
}
