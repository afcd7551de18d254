import { ArrowLeft, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { type ConversationSummary, describePassedChecks, formatPrice, listingStatusNotice } from '../../../../domain';
import { moderationMessages } from '../../../../domain/moderation';
import { ReportButton } from '@/shared/moderation/report-button';
import { BlockMemberButton } from './block-member-button';
import { memberName } from './conversation-row';
import { ListingStatusTag } from './listing-status-tag';
import { ListingThumbnail } from './listing-thumbnail';
import { MemberBadges } from '@/shared/account/member-badges';

type ThreadHeaderProps = {
  conversation: ConversationSummary;
  /** What the viewer may do about the notice of the listing's state ("Release hold"). */
  noticeAction?: ReactNode;
};

/** The top of a conversation: the way back, the listing it is about, who with, and what changed. */
export function ThreadHeader({ conversation, noticeAction }: ThreadHeaderProps) {
  const { listing, otherMember } = conversation;
  const name = memberName(otherMember);
  const notice = listingStatusNotice(conversation.listingStatus, conversation.isSeller);
  const listingText = (
    <>
      <span className="block truncate font-bold">{listing.title}</span>
      {listing.price !== null && <span className="block text-sm font-extrabold text-brand-700">{formatPrice(listing.price)}</span>}
    </>
  );

  return (
    <div className="border-b border-sand-200 bg-white px-3 pt-2 pb-3 sm:px-5">
      <div className="flex items-center justify-between gap-2">
        <Link href="/messages" className="-ml-2 inline-flex min-h-11 items-center gap-1.5 rounded-full px-2 text-sm font-semibold text-ink-700 hover:text-brand-700">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Messages
        </Link>
        {/* A member who closed their account can no longer be reported or blocked. */}
        {!otherMember.hasLeft && (
          <div className="flex items-center">
            <ReportButton target={{ conversationId: conversation.id }} title={moderationMessages.reportConversationTitle} className="px-3" />
            <BlockMemberButton memberId={otherMember.id} name={name} blockedByMe={conversation.blockedByMe} />
          </div>
        )}
      </div>
      <div className="mt-1 flex items-center gap-3">
        <ListingThumbnail imageUrl={listing.imageUrl} className="size-12" />
        <div className="min-w-0 flex-1">
          {listing.id ? (
            <Link href={`/listing/${listing.id}`} className="block min-w-0 hover:underline">
              {listingText}
            </Link>
          ) : (
            <div className="min-w-0">{listingText}</div>
          )}
          <div className="mt-0.5 flex min-w-0 flex-wrap items-center gap-1.5 text-sm text-ink-700">
            <h1 className="truncate font-semibold">
              <span className="sr-only">Conversation with </span>
              {name}
            </h1>
            {!otherMember.hasLeft && <MemberBadges member={otherMember} />}
            <ListingStatusTag status={conversation.listingStatus} isSeller={conversation.isSeller} />
          </div>
          {/* Each side sees the other's checks (decision 35), while the other is still a member. */}
          {!otherMember.hasLeft && <p className="mt-0.5 text-xs text-ink-500">{describePassedChecks(name, otherMember)}</p>}
        </div>
      </div>
      {notice && (
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1.5 rounded-xl bg-sand-100 px-3 py-2 text-sm text-ink-700">
          <p className="flex min-w-0 flex-1 basis-40 items-start gap-2">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {notice}
          </p>
          {noticeAction}
        </div>
      )}
    </div>
  );
}
