// A listing held for one buyer (decision 46): accepting an offer, or the seller's "Hold for this
// buyer", reserves it for that buyer's conversation. It stays in browse with a "Reserved" mark,
// others can still message the seller and are told it is on hold, and the seller releases it or
// marks it sold to that buyer. No zod here: every card shows these words.

/** What a listing's `status` reads: for sale, held for one buyer, or sold. */
export const listingStatuses = ['active', 'reserved', 'sold'] as const;
export type ListingStatus = (typeof listingStatuses)[number];

/** A listing's status from its row: a paused or hidden listing (seen by its seller alone) is not for sale, so it reads sold. */
export function listingStatusOf(listing: { isActive: boolean; reservedAt: Date | string | null }): ListingStatus {
  if (!listing.isActive) return 'sold';
  return listing.reservedAt === null ? 'active' : 'reserved';
}

/** schema.org's ItemAvailability of a listing's offer. */
export function schemaOrgAvailability(status: ListingStatus): string {
  if (status === 'reserved') return 'https://schema.org/Reserved';
  return status === 'active' ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut';
}

/** Open Graph's product:availability: a held item cannot be had now, as a sold one. */
export function openGraphAvailability(status: ListingStatus): string {
  return status === 'active' ? 'in stock' : 'out of stock';
}

export const reservationMessages = {
  /** The mark on cards and the listing page. */
  reservedLabel: 'Reserved',
  /** The tag of the held buyer's conversation, for that buyer. */
  heldForYouLabel: 'Held for you',
  holdButton: 'Hold for this buyer',
  releaseButton: 'Release hold',
  /** The seller's sale to the held buyer, in their conversation. */
  markSoldTo: (buyerName: string) => `Mark sold to ${buyerName}`,
  /** The listing page, to anyone but the seller, while it is held. */
  onHoldNotice: 'On hold for another buyer. You can still message the seller.',
  held: 'Item on hold for this buyer',
  released: 'Hold released',
  heldForAnother: 'This item is on hold for another buyer. Release the hold first.',
  /** A buyer accepting the seller's counter-offer while the seller holds the item for someone else. */
  heldForAnotherBuyer: 'The seller is holding this item for another buyer right now.',
  notHeld: 'This item is not on hold.',
  notForSale: "This item isn't for sale, so it can't be held.",
  /** The lines the thread of the held conversation shows. */
  heldLine: 'Put this item on hold for you',
  releasedLine: 'Released the hold on this item',
} as const;
