// Sharing a listing from its page: what the phone's share sheet is handed, and what the page says
// when it copies the link instead (desktop browsers without the Web Share API).
import { formatPrice } from './listing';
import { placeName } from './page-head';
import { productName } from './product';

type SharedListing = { price: string; isActive: boolean; suburb: string | null; state: string | null; location: string };

/** "$340 in Leichhardt NSW on Neighbourly" (a sold one: "Sold in Leichhardt NSW on Neighbourly"). */
export function listingShareText(listing: SharedListing): string {
  const place = placeName(listing) ?? listing.location;
  return `${listing.isActive ? formatPrice(listing.price) : 'Sold'} in ${place} on ${productName}`;
}

export const shareMessages = {
  share: 'Share',
  linkCopied: 'Link copied',
  linkCopiedBody: 'Paste it in a chat or an email to share this listing.',
  copyByHand: 'Copy this link',
  /** spec 9: the product's longer toasts; long enough to select and copy a link by hand. */
  copyByHandMs: 10_000,
} as const;
