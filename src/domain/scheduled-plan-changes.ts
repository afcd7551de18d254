// Leaving a paid plan keeps what was paid for (decision 31): a move to Starter, or to a plan that
// costs less, waits for the end of the year the member paid for, and can be undone until then. A
// plan that costs more is charged at once, as before.
import { planLimitNoticeDays } from './membership';
import { countOf, midSentence, searchAreaPhrase } from './plan-copy';
import { formatCents, tierRules, type MembershipTier, type PurchasableTier } from './tiers';

/** The member's paid plan, as far as a change waits for it: its tier and the end of the year paid for. */
export type PaidPeriod = { tier: MembershipTier; paidUntil: Date | string | null };

/**
 * When a change to `target` happens: null for at once (nothing paid is left, or `target` costs as
 * much or more), else the end of the paid year (Starter, or a plan that costs less).
 */
export function planChangeDate(paid: PaidPeriod | null, target: PurchasableTier, now = new Date()): Date | null {
  if (!paid?.paidUntil) return null;
  const paidUntil = new Date(paid.paidUntil);
  if (paidUntil <= now) return null;
  const paying = tierRules[paid.tier].annualPriceCents ?? 0;
  return (tierRules[target].annualPriceCents ?? 0) < paying ? paidUntil : null;
}

const label = (tier: MembershipTier) => tierRules[tier].label;
const yearly = (tier: MembershipTier) => `${formatCents(tierRules[tier].annualPriceCents ?? 0)} a year`;

export const scheduledChangeMessages = {
  /** The account's line: "Explorer until 27/11/2027, then Starter". */
  summary: (from: MembershipTier, to: PurchasableTier, date: string) => `${label(from)} until ${date}, then ${label(to)}`,
  /** How the plan goes on after the change. */
  afterwards: (to: PurchasableTier) => (to === 'starter' ? "You won't be charged again." : `From then it renews at ${yearly(to)}.`),
  /** The answer to asking for the change. */
  scheduled: (from: MembershipTier, to: PurchasableTier, date: string) =>
    `You keep ${label(from)} until ${date}, then move to ${label(to)}. ${scheduledChangeMessages.afterwards(to)}`,
  /** The confirmation page's words before the member says yes. */
  explain: (from: MembershipTier, to: PurchasableTier, date: string) =>
    `You've paid for ${label(from)} until ${date}, so you keep it until then. From ${date} you're on ${label(to)}. ${scheduledChangeMessages.afterwards(to)}`,
  /** A smaller plan's listing limit: its notice starts on the day of the change, not before. */
  listingNotice: (to: PurchasableTier, date: string) =>
    `If you have more than ${countOf(tierRules[to].listingLimit ?? 0, 'active listing')} on ${date}, you'll have ${planLimitNoticeDays} days from then to choose which stay active.`,
  undoHint: (date: string) => `Changed your mind? You can undo this on your account page until ${date}.`,
  replaces: (earlier: PurchasableTier) => `This replaces the move to ${label(earlier)} you asked for earlier.`,
  undone: (tier: MembershipTier, date: string) => `Done: you keep ${label(tier)}. It renews on ${date} at ${yearly(tier)}.`,
  nothingToUndo: 'There is no plan change waiting to be undone.',
  alreadyHappened: 'That plan change has already happened, so it can no longer be undone. Choose a plan to subscribe again.',
} as const;

/** What changes on the day, one line for each thing that differs: "1 active listing at once instead of 5". */
export function planChangeDifferences(from: MembershipTier, to: PurchasableTier): string[] {
  const now = tierRules[from];
  const then = tierRules[to];
  const lines: string[] = [];
  if (now.listingLimit !== then.listingLimit) lines.push(`${countOf(then.listingLimit ?? 0, 'active listing')} at once instead of ${now.listingLimit}`);
  if (now.searchArea !== then.searchArea) lines.push(`Listings from ${searchAreaPhrase(then)}, instead of ${searchAreaPhrase(now)}`);
  if (now.maxImagesPerListing !== then.maxImagesPerListing) lines.push(`${countOf(then.maxImagesPerListing, 'photo')} per listing instead of ${now.maxImagesPerListing}`);
  if (then.pinnedPosts < now.pinnedPosts) lines.push(then.pinnedPosts === 0 ? 'No pinned post: a pinned listing is unpinned' : `${countOf(then.pinnedPosts, 'pinned post')} instead of ${now.pinnedPosts}`);
  if (now.badge !== then.badge) lines.push(`${then.badge} instead of ${midSentence(now.badge)}`);
  if (now.support !== then.support) lines.push(`${then.support} instead of ${midSentence(now.support)}`);
  lines.push(then.annualPriceCents ? `${formatCents(then.annualPriceCents)} a year instead of ${formatCents(now.annualPriceCents ?? 0)}` : 'Nothing more to pay');
  return lines;
}

