import { type ConversationListingStatus, reservationMessages } from '../../../../domain';
import { cn } from '@/lib/cn';

/** The tag a conversation's listing wears when it is no longer simply for sale. */
export function listingStatusTag(status: ConversationListingStatus, isSeller: boolean): string | null {
  if (status === 'sold') return 'Sold';
  if (status === 'soldToYou') return isSeller ? 'Sold' : 'Sold to you';
  if (status === 'deleted') return 'Deleted';
  if (status === 'paused') return 'Paused';
  // Held for this conversation's buyer, or for another buyer (decision 46).
  if (status === 'reservedForYou') return isSeller ? reservationMessages.reservedLabel : reservationMessages.heldForYouLabel;
  if (status === 'reserved') return reservationMessages.reservedLabel;
  return null;
}

const tagTones: Partial<Record<ConversationListingStatus, string>> = {
  deleted: 'bg-sand-200 text-ink-700',
  paused: 'bg-sun-100 text-ink-900',
  reserved: 'bg-sun-300 text-ink-900',
  reservedForYou: 'bg-sun-300 text-ink-900',
};

export function ListingStatusTag({ status, isSeller, className }: { status: ConversationListingStatus; isSeller: boolean; className?: string }) {
  const tag = listingStatusTag(status, isSeller);
  if (!tag) return null;
  return (
    <span className={cn('inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-[0.6875rem] font-bold tracking-wide uppercase', tagTones[status] ?? 'bg-ink-900 text-white', className)}>
      {tag}
    </span>
  );
}
