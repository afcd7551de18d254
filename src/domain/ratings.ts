// Ratings from real exchanges (decision 21): after a listing is marked sold to a buyer from their
// conversation, each side may rate the other once, 1 to 5 stars, within 30 days. No zod here: every
// listing card shows a seller's rating with these words.
import { describeBannedWords } from './text-filter';
import { formatCount } from './numbers';

export const ratingLimits = {
  minStars: 1,
  maxStars: 5,
  commentMax: 500,
  replyMax: 500,
  /** Days after the sale that each side may rate the other. */
  windowDays: 30,
  /**
   * Hours after the sale that its seller may still name another buyer (decision 26): after that, or
   * once either side has rated, the buyer is settled, so fake buyers cannot each rate one sale.
   */
  buyerSettledAfterHours: 24,
} as const;

const oneDecimal = new Intl.NumberFormat('en-AU', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** "4.8 ★ (12)"; null when nobody has rated the member yet. */
export function formatRating(rating: { average: number | null; count: number }): string | null {
  if (rating.count === 0 || rating.average === null) return null;
  return `${oneDecimal.format(rating.average)} ★ (${formatCount(rating.count)})`;
}

/** The average of a member's ratings from their sum and count, to one decimal place (null without any). */
export function averageRating(sum: number, count: number): number | null {
  return count === 0 ? null : Math.round((sum / count) * 10) / 10;
}

export const ratingMessages = {
  rateTitle: (firstName: string | null) => `Rate ${firstName ?? 'this member'}`,
  rateIntro: 'How did the exchange go? Your rating shows on their page.',
  starsLabel: 'Stars',
  starLabel: (stars: number) => `${stars} star${stars === 1 ? '' : 's'}`,
  commentLabel: 'Comment (optional)',
  submit: 'Post rating',
  posted: 'Thanks for rating this exchange',
  starsInvalid: 'Choose from 1 to 5 stars.',
  commentTooLong: `Please keep your comment under ${ratingLimits.commentMax} characters.`,
  replyTooLong: `Please keep your answer under ${ratingLimits.replyMax} characters.`,
  replyRequired: 'Write your answer first.',
  noExchange: 'You can rate a member only after they sold you this item, or you sold it to them, through a conversation.',
  ownRating: 'You can’t rate yourself.',
  alreadyRated: 'You have already rated this exchange.',
  buyerSettled: 'The buyer of this sale is settled: one of you has rated the exchange, or a day has passed since the sale. You can list the item again instead.',
  oneSidedConversation: 'You can name as the buyer only someone you have written with about this item. Reply in your conversation first, or choose someone else.',
  windowClosed: `Ratings close ${ratingLimits.windowDays} days after the sale.`,
  notFound: 'That rating no longer exists.',
  notYours: 'You can answer only ratings of you.',
  alreadyAnswered: 'You have already answered this rating.',
  answer: 'Answer',
  answerLabel: 'Your answer',
  answerPosted: 'Your answer is on your page',
  sellerAnswered: (firstName: string | null) => `${firstName ?? 'The member'} answered`,
  noRatings: 'No ratings yet.',
  ratingsTitle: 'Ratings',
  youRated: (stars: number) => `You rated ${stars} ★`,
} as const;

/** A comment or answer with banned words, naming them (as a message's filter does). */
export function bannedWordsInRating(words: readonly string[]): string {
  return describeBannedWords('comment', words);
}

/** "4.8 out of 5 stars from 12 ratings": what a screen reader says for formatRating's text; null without ratings. */
export function describeRating(rating: { average: number | null; count: number }): string | null {
  if (rating.count === 0 || rating.average === null) return null;
  return `Rated ${oneDecimal.format(rating.average)} out of ${ratingLimits.maxStars} from ${formatCount(rating.count)} rating${rating.count === 1 ? '' : 's'}`;
}

/** The words of the rating panel and a member's Ratings section, as the pages show them. */
export const ratingLabels = {
  starsOutOf: (stars: number) => `${stars} out of ${ratingLimits.maxStars} stars`,
  posting: 'Posting…',
  postFailed: 'Couldn’t post your rating',
  postAnswer: 'Post answer',
  answerFailed: 'Couldn’t post your answer',
  cancel: 'Cancel',
  loading: 'Loading ratings…',
  loadFailed: 'Couldn’t load the ratings. Please refresh the page.',
  /** What the exchange was, from the rater's side: they bought it from the member, or sold it to them. */
  boughtItem: (title: string) => `Bought “${title}”`,
  soldItem: (title: string) => `Sold “${title}”`,
  closesOn: (date: string) => `You can rate until ${date}.`,
} as const;
