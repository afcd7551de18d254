import { Share2 } from 'lucide-react';
import type { ListingView } from '../../../../domain';
import { listingShareText, shareMessages } from '../../../../domain/listing-sharing';
import { toast } from '@/lib/use-toast';
import { pageActionButtonClass } from '@/shared/listing/favourite-button';

type SharedListing = Pick<ListingView, 'id' | 'title' | 'price' | 'isActive' | 'suburb' | 'state' | 'location'>;

/** The person closed the share sheet: nothing went wrong, so nothing is said. */
function isCancelled(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * The phone's share sheet where there is one; elsewhere the link is copied, and when even that is
 * refused the link is shown to copy by hand. Never a click that does nothing.
 */
async function shareListing(listing: SharedListing): Promise<void> {
  // Read only here, on click: the page renders the same on the server and in the browser.
  const shared = { title: listing.title, text: listingShareText(listing), url: new URL(`/listing/${listing.id}`, window.location.origin).href };
  if (typeof navigator.share === 'function' && navigator.canShare?.(shared) !== false) {
    try {
      await navigator.share(shared);
      return;
    } catch (error) {
      if (isCancelled(error)) return;
      // Refused for another reason (no permission, nothing to share to): copying still works.
    }
  }
  try {
    await navigator.clipboard.writeText(shared.url);
    toast({ title: shareMessages.linkCopied, description: shareMessages.linkCopiedBody });
  } catch {
    toast({ title: shareMessages.copyByHand, description: <span className="break-all select-all">{shared.url}</span>, duration: shareMessages.copyByHandMs });
  }
}

/** "Share" beside a listing's price, looking like the Save button next to it. */
export function ShareListingButton({ listing }: { listing: SharedListing }) {
  return (
    <button type="button" onClick={() => void shareListing(listing)} className={pageActionButtonClass}>
      <Share2 aria-hidden="true" className="text-ink-700" />
      {shareMessages.share}
    </button>
  );
}
