// Offers in a conversation (decision 45): the buyer offers an amount in AUD, the other side accepts,
// declines or counters, the maker may withdraw, and an open offer lapses after 48 hours. Every step
// is also a message in the thread, so it reaches the other member live and, while away, by mail.
// No zod here (offer-schemas.ts holds the schemas): the thread shows these words without them.
import { formatPrice, priceCents } from './listing';

export const offerLimits = {
  /** An open offer lapses this long after it was made. */
  openHours: 48,
  /** Calls of each offer address (offer, accept, decline, counter, withdraw) one member may make in an hour (write-limits.ts). */
  callsPerHour: 30,
  /** Offers and counters in one conversation in a day, from both sides together. */
  offersPerConversationPerDay: 10,
} as const;

/** What became of an offer. Only `open` can be answered; `expired` is an open offer past its 48 hours. */
export const offerStatuses = ['open', 'accepted', 'declined', 'countered', 'withdrawn', 'expired'] as const;
export type OfferStatus = (typeof offerStatuses)[number];

/** What a message of the thread records: an offer made, a counter-offer, or the answer that closed one. */
export const offerSteps = ['offer', 'counter', 'accepted', 'declined', 'withdrawn', 'expired'] as const;
export type OfferStep = (typeof offerSteps)[number];

/** The answers to an open offer, as the API's addresses name them (POST /api/offers/:id/<answer>). */
export const offerAnswers = ['accept', 'decline', 'counter', 'withdraw'] as const;
export type OfferAnswer = (typeof offerAnswers)[number];

export const offerMessages = {
  amountRequired: 'Enter the amount you want to offer.',
  amountInvalid: 'Enter an amount in dollars and cents, like 120 or 120.50.',
  aboveAsking: (askingPrice: string) => `Offer at most the asking price of ${formatPrice(askingPrice)}.`,
  counterSameAmount: 'A counter-offer needs an amount other than the offer it answers.',
  sellerOffers: "Sellers don't make offers: answer the buyer's offer with a counter-offer.",
  openOfferExists: 'An offer is already waiting in this conversation. Answer it, or withdraw yours, before making another.',
  notFound: 'This offer does not exist, or it is not part of your conversations.',
  notYoursToAnswer: "You made this offer, so it is the other member's to answer. You can withdraw it.",
  notYoursToWithdraw: 'Only the member who made an offer can withdraw it.',
  alreadyAnswered: (status: Exclude<OfferStatus, 'open'>) => (status === 'expired' ? 'This offer has expired. Make a new one if you are still keen.' : `This offer was already ${status}.`),
  notForSale: "This item isn't for sale any more, so it takes no offers.",
  tooManyOffers: `That is ${offerLimits.offersPerConversationPerDay} offers in this conversation today. Talk it over in messages, or try again tomorrow.`,
  // The toasts of each step, for the member who took it.
  sent: 'Offer sent',
  countered: 'Counter-offer sent',
  accepted: 'Offer accepted',
  declined: 'Offer declined',
  withdrawn: 'Offer withdrawn',
  // The thread's words: the buyer's "Make an offer" form, the offer's card and its buttons.
  makeOffer: 'Make an offer',
  amountLabel: 'Your offer',
  counterLabel: 'Your counter-offer',
  askingHint: (askingPrice: string) => `Asking ${formatPrice(askingPrice)}`,
  sendOffer: 'Send offer',
  sendCounter: 'Send counter-offer',
  sending: 'Sending…',
  accept: 'Accept',
  decline: 'Decline',
  counter: 'Counter',
  withdraw: 'Withdraw',
  /** The card's title: "Your offer", "Mia's counter-offer" (`name` null: the viewer made it). */
  cardTitle: (step: 'offer' | 'counter', name: string | null) => `${name === null ? 'Your' : `${name}'s`} ${step === 'counter' ? 'counter-offer' : 'offer'}`,
  statusLabels: { open: 'Open', accepted: 'Accepted', declined: 'Declined', countered: 'Countered', withdrawn: 'Withdrawn', expired: 'Expired' } satisfies Record<OfferStatus, string>,
  /** An open offer's label while its time runs: "Open · expires in 47 hours", then in minutes in its last hour. */
  openFor: (millisecondsLeft: number) => {
    const hourMs = 60 * 60 * 1000;
    const hours = Math.round(millisecondsLeft / hourMs);
    if (millisecondsLeft >= hourMs) return `Open · expires in ${hours} ${hours === 1 ? 'hour' : 'hours'}`;
    return `Open · expires in ${Math.max(1, Math.ceil(millisecondsLeft / 60_000))} min`;
  },
  /** An answer's line in the thread, by who took it: "Mia accepted the offer of $140" (`name` null: the viewer). */
  answerLine: (step: 'accepted' | 'declined' | 'withdrawn', name: string | null, amount: string) =>
    `${name ?? 'You'} ${step === 'withdrawn' ? 'withdrew' : step} the offer of ${formatPrice(amount)}`,
} as const;

/** The line a step writes in the thread, as both members read it. */
export function offerStepText(step: OfferStep, amount: string): string {
  const money = formatPrice(amount);
  switch (step) {
    case 'offer':
      return `Offered ${money}`;
    case 'counter':
      return `Countered with ${money}`;
    case 'accepted':
      return `Accepted the offer of ${money}`;
    case 'declined':
      return `Declined the offer of ${money}`;
    case 'withdrawn':
      return `Withdrew the offer of ${money}`;
    case 'expired':
      return `The offer of ${money} expired after ${offerLimits.openHours} hours`;
  }
}

/** The subject of the away mail when the step is the newest thing the other member did (`from` is "Ben N."). */
export function offerMailSubject(step: OfferStep, amount: string, from: string, listingTitle: string): string {
  const money = formatPrice(amount);
  const about = `for "${listingTitle}"`;
  switch (step) {
    case 'offer':
      return `${from} offered ${money} ${about}`;
    case 'counter':
      return `${from} countered with ${money} ${about}`;
    case 'accepted':
      return `${from} accepted the offer of ${money} ${about}`;
    case 'declined':
      return `${from} declined the offer of ${money} ${about}`;
    case 'withdrawn':
      return `${from} withdrew the offer of ${money} ${about}`;
    case 'expired':
      return `The offer of ${money} ${about} expired`;
  }
}

/**
 * Why an offer of `amount` (canonical, as parsePrice gives it) cannot be made on a listing asking
 * `askingPrice`, or null: never above the asking price, and a counter-offer differs from the
 * amount it answers. The amount's own form (above $0, two decimals, at most $9,999,999,999.99, the
 * limits of a price) is checked where it is read (offer-schemas in conversation-schemas.ts, the form).
 */
export function offerAmountProblem(amount: string, askingPrice: string, answering?: string): string | null {
  if (priceCents(amount) > priceCents(askingPrice)) return offerMessages.aboveAsking(askingPrice);
  if (answering !== undefined && priceCents(amount) === priceCents(answering)) return offerMessages.counterSameAmount;
  return null;
}

/** When an offer made at `madeAt` lapses. */
export function offerExpiresAt(madeAt: Date): Date {
  return new Date(madeAt.getTime() + offerLimits.openHours * 60 * 60 * 1000);
}
