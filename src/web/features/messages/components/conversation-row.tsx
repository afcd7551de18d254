import { Link } from 'wouter';
import type { ConversationSummary } from '../../../../domain';
import { formerMemberName } from '../../../../domain/your-data';
import { cn } from '@/lib/cn';
import { type Clock } from '@/features/messages/hooks/use-clock';
import { formatFullTime, formatRelativeTime } from '@/features/messages/message-times';
import { ListingStatusTag } from './listing-status-tag';
import { ListingThumbnail } from './listing-thumbnail';
import { MemberBadges } from '@/shared/account/member-badges';

/** Who the other member is, in a row or a header: their first name (members may have none), or "Former member" once they closed their account. */
export function memberName(member: { firstName: string | null; hasLeft: boolean }): string {
  if (member.hasLeft) return formerMemberName;
  return member.firstName?.trim() || 'Neighbour';
}

/** One conversation in the inbox: the listing, who, the last message and how long ago, what is unread. */
export function ConversationRow({ conversation, viewerId, clock }: { conversation: ConversationSummary; viewerId: string; clock: Clock }) {
  const { listing, lastMessage, unreadCount } = conversation;
  const unread = unreadCount > 0;
  const sentAt = lastMessage ? new Date(lastMessage.createdAt) : null;
  return (
    <Link
      href={`/messages/${conversation.id}`}
      className={cn(
        'flex items-center gap-3 rounded-2xl px-3 py-3 transition-colors hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:px-4',
        unread && 'bg-brand-50/60',
      )}
    >
      <ListingThumbnail imageUrl={listing.imageUrl} />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className={cn('truncate', unread ? 'font-extrabold' : 'font-bold')}>{listing.title}</span>
          {sentAt && (
            <time dateTime={sentAt.toISOString()} title={formatFullTime(sentAt, clock.timeZone)} className="shrink-0 text-xs text-ink-500">
              {formatRelativeTime(sentAt, clock.now, clock.timeZone)}
            </time>
          )}
        </span>
        {/* On a narrow screen the badges and the listing's status go under the name rather than squeeze it out. */}
        <span className="mt-0.5 flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-0.5 text-sm text-ink-700">
          <span className="max-w-full truncate font-semibold">{memberName(conversation.otherMember)}</span>
          {!conversation.otherMember.hasLeft && <MemberBadges member={conversation.otherMember} />}
          <ListingStatusTag status={conversation.listingStatus} isSeller={conversation.isSeller} />
        </span>
        <span className="mt-0.5 flex items-center justify-between gap-2">
          <span className={cn('truncate text-sm', unread ? 'font-semibold text-ink-900' : 'text-ink-500')}>
            {lastMessage ? `${lastMessage.senderId === viewerId ? 'You: ' : ''}${lastMessage.body}` : 'No messages yet'}
          </span>
          {unread && (
            <span className="inline-flex min-w-6 shrink-0 items-center justify-center rounded-full bg-brand-600 px-1.5 py-0.5 text-xs font-bold text-white">
              {unreadCount > 99 ? '99+' : unreadCount}
              <span className="sr-only"> unread</span>
            </span>
          )}
        </span>
      </span>
    </Link>
  );
}
