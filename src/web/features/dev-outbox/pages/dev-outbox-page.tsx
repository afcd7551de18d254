import { Mail, MessageSquare, RefreshCw } from 'lucide-react';
import { type ApiResponse, locale } from '../../../../domain';
import { PageContainer } from '@/components/page-container';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useOutbox } from '@/features/dev-outbox/api';

function OutboxCard({ message }: { message: ApiResponse<'listDevOutbox'>[number] }) {
  const Icon = message.channel === 'sms' ? MessageSquare : Mail;
  return (
    <Card className="p-5">
      <article>
        <header className="flex flex-wrap items-start justify-between gap-2">
          <div className="flex min-w-0 items-center gap-3">
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-sand-100">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <h2 className="font-bold break-words">{message.subject || '(no subject)'}</h2>
              <p className="text-sm break-all text-ink-500">
                To {message.to} · <span className="uppercase">{message.channel}</span>
              </p>
            </div>
          </div>
          <time dateTime={message.createdAt} className="text-xs text-ink-500">
            {new Date(message.createdAt).toLocaleString(locale)}
          </time>
        </header>
        <pre className="mt-4 overflow-x-auto rounded-xl bg-sand-50 p-4 font-mono text-sm whitespace-pre-wrap break-words">
          {message.text}
        </pre>
      </article>
    </Card>
  );
}

/** /dev/outbox: mail and SMS that had no real transport, for development and tests. */
export function DevOutboxPage() {
  useDocumentTitle('Dev outbox');
  const outbox = useOutbox();
  return (
    <PageContainer className="max-w-3xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight">Dev outbox</h1>
        <Button variant="secondary" onClick={() => outbox.refetch()} disabled={outbox.isFetching}>
          <RefreshCw aria-hidden="true" />
          Refresh
        </Button>
      </div>
      <p className="mt-2 text-ink-700">Messages the app would have sent, newest first.</p>
      <div className="mt-6 space-y-4" aria-live="polite">
        {outbox.isPending && <p className="text-ink-500">Loading messages…</p>}
        {outbox.isError && <p className="text-brand-700">The outbox is unavailable: {outbox.error.message}</p>}
        {outbox.data?.length === 0 && <p className="text-ink-500">No messages yet.</p>}
        {outbox.data?.map((message) => <OutboxCard key={message.id} message={message} />)}
      </div>
    </PageContainer>
  );
}
