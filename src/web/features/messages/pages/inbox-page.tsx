import { MessagesSquare } from 'lucide-react';
import { Link } from 'wouter';
import type { CurrentUser } from '../../../../domain';
import { EmptyState } from '@/components/empty-state';
import { PageContainer } from '@/components/page-container';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useConversations } from '@/shared/messages/conversation-queries';
import { ConversationRow } from '@/features/messages/components/conversation-row';
import { useClock } from '@/features/messages/hooks/use-clock';
import { useOlderConversations } from '@/features/messages/hooks/use-older-conversations';
import { Button } from '@/components/ui/button';

function InboxSkeleton() {
  return (
    <div role="status" className="space-y-2 p-2">
      <span className="sr-only">Loading your messages…</span>
      {Array.from({ length: 4 }, (_, index) => (
        <div key={index} aria-hidden="true" className="flex items-center gap-3 px-3 py-3">
          <span className="size-14 shrink-0 animate-pulse rounded-xl bg-sand-100" />
          <span className="flex-1 space-y-2">
            <span className="block h-4 w-1/2 animate-pulse rounded-full bg-sand-100" />
            <span className="block h-3 w-3/4 animate-pulse rounded-full bg-sand-100" />
          </span>
        </div>
      ))}
    </div>
  );
}

/** /messages: every conversation of the member, the newest first. */
export function InboxPage({ user }: { user: CurrentUser }) {
  useDocumentTitle('Messages');
  const conversations = useConversations();
  const older = useOlderConversations(conversations.data);
  const clock = useClock();

  return (
    <PageContainer className="max-w-3xl">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Messages</h1>
      <p className="mt-2 text-ink-700">Your chats with buyers and sellers, newest first.</p>

      <div className="mt-8">
        {conversations.isPending ? (
          <Card>
            <InboxSkeleton />
          </Card>
        ) : conversations.isError ? (
          <p role="alert" className="text-brand-700">
            We couldn't load your messages. Please refresh the page.
          </p>
        ) : conversations.data.length === 0 ? (
          <EmptyState icon={MessagesSquare} title="No messages yet" description="When you message a seller, or a buyer messages you, the chat shows up here.">
            <Link href="/listings" className={buttonVariants()}>
              Browse listings
            </Link>
          </EmptyState>
        ) : (
          <>
            <Card className="p-1.5 sm:p-2">
              <ul aria-label="Conversations" className="divide-y divide-sand-100">
                {[...conversations.data, ...older.older].map((conversation) => (
                  <li key={conversation.id} className="py-0.5">
                    <ConversationRow conversation={conversation} viewerId={user.id} clock={clock} />
                  </li>
                ))}
              </ul>
            </Card>
            {older.hasMore && (
              <div className="mt-6 flex flex-col items-center gap-2">
                {older.failed && (
                  <p role="alert" className="text-brand-700">
                    We couldn't load your older messages. Please try again.
                  </p>
                )}
                <Button variant="secondary" onClick={older.loadMore} disabled={older.isLoading}>
                  {older.isLoading ? 'Loading…' : 'Show older conversations'}
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </PageContainer>
  );
}
