// What the thread shows of an offer's state (decision 45). An open offer past its 48 hours reads
// expired at once, as every answer of the server reads it, before the minute sweep's line arrives.
import type { ConversationListingStatus, MessageOffer } from '../../../domain';
import { type OfferStatus, offerMessages } from '../../../domain/offers';
import type { ThreadMessage } from '@/shared/messages/thread-cache';

/** The offer's state at `now` (null: not known yet, as on the server's render). */
export function shownOfferStatus(offer: MessageOffer, now: Date | null): OfferStatus {
  if (offer.status === 'open' && now !== null && Date.parse(offer.expiresAt) <= now.getTime()) return 'expired';
  return offer.status;
}

/** "Open · expires in 47 hours", "Accepted", "Countered"... */
export function offerStatusLabel(offer: MessageOffer, now: Date | null): string {
  const status = shownOfferStatus(offer, now);
  if (status === 'open' && now !== null) return offerMessages.openFor(Date.parse(offer.expiresAt) - now.getTime());
  return offerMessages.statusLabels[status];
}

/** An offer of the thread still waits for its answer (a conversation has one at a time). */
export function hasOpenOffer(messages: readonly ThreadMessage[], now: Date | null): boolean {
  return messages.some((message) => message.offer !== null && shownOfferStatus(message.offer, now) === 'open');
}

/**
 * The conversation's listing takes offers and their answers: for sale, held for a buyer or not (a
 * held listing stays for sale, decision 46; the server says why when it refuses to accept another
 * buyer's offer while the item is held).
 */
export function takesOffers(status: ConversationListingStatus): boolean {
  return status === 'active' || status === 'reserved' || status === 'reservedForYou';
}
