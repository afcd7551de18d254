import { Link } from 'wouter';
import { type MemberSupportRequest, firstReplyPromise, formatDateAU, supportMessages } from '../../../../domain';
import { useMySupportRequests } from '@/features/account/support-api';

function SupportRequestRow({ request }: { request: MemberSupportRequest }) {
  const open = request.status === 'open';
  return (
    <li className="space-y-2 py-4 first:pt-0 last:pb-0">
      <article aria-label={`Your message of ${formatDateAU(request.createdAt)}`} className="space-y-2">
        <p className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <time dateTime={request.createdAt} className="text-ink-500">
            {formatDateAU(request.createdAt)}
          </time>
          <span className={open ? 'rounded-full bg-sun-100 px-2.5 py-0.5 text-xs font-bold text-ink-900' : 'rounded-full bg-leaf-50 px-2.5 py-0.5 text-xs font-bold text-leaf-700'}>
            {open ? supportMessages.waitingForReply : supportMessages.answered}
          </span>
        </p>
        {/* What they wrote, shown as text whatever it holds. */}
        <p className="text-sm whitespace-pre-wrap break-words text-ink-700">{request.message}</p>
        {open && <p className="text-xs text-ink-500">{firstReplyPromise(request.supportLevel)}</p>}
        {request.replies.map((reply) => (
          <div key={reply.id} className="rounded-xl border-l-4 border-leaf-600 bg-leaf-50 px-3 py-2 text-sm">
            <p className="text-xs font-semibold text-leaf-700">
              {supportMessages.ourReply} · <time dateTime={reply.createdAt}>{formatDateAU(reply.createdAt)}</time>
            </p>
            <p className="mt-1 whitespace-pre-wrap break-words text-ink-900">{reply.message}</p>
          </div>
        ))}
      </article>
    </li>
  );
}

/** The member's messages to our team and our replies (decision 32), newest first. */
export function SupportRequests() {
  const requests = useMySupportRequests();
  if (requests.isPending) return <div role="status" aria-label="Loading your messages to our team" className="h-12 animate-pulse rounded-xl bg-sand-100" />;
  if (requests.isError) {
    return (
      <p role="alert" className="text-sm text-brand-700">
        {supportMessages.accountLoadFailed}
      </p>
    );
  }
  if (requests.data.length === 0) {
    return (
      <p className="text-sm text-ink-700">
        {supportMessages.accountEmpty}{' '}
        <Link href="/contact" className="font-semibold text-brand-700 underline underline-offset-2">
          Contact us
        </Link>
      </p>
    );
  }
  return (
    <ul aria-label={supportMessages.accountTitle} className="divide-y divide-sand-200">
      {requests.data.map((request) => (
        <SupportRequestRow key={request.id} request={request} />
      ))}
    </ul>
  );
}
