import type { ConversationListingStatus } from '../../../../domain';
import { cn } from '@/lib/cn';

/** The tag a conversation's listing wears when it is no longer simply for sale. */
export function listingStatusTag(status: ConversationListingStatus, isSeller: boolean): string | null {
  if (status === 'sold') return 'Sold';
  if (status === 'soldToYou') return isSeller ? 'Sold' : 'Sold to you';
  if (status === 'deleted') return 'Deleted';
  if (status === 'paused') return 'Paused';
  return null;
}

export function ListingStatusTag({ status, isSeller, className }: { status: ConversationListingStatus; isSeller: boolean; className?: string }) {
  const tag = listingStatusTag(status, isSeller);
  if (!tag) return null;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-[0.6875rem] font-bold tracking-wide uppercase',
        status === 'deleted' ? 'bg-sand-200 text-ink-700' : status === 'paused' ? 'bg-sun-100 text-ink-900' : 'bg-ink-900 text-white',
        className,
      )}
    >
      {tag}
    </span>
  );
}
