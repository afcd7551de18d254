// What a plan's listing time means (spec 1: standard listing times on Starter, extended on the paid
// plans; the FAQ: listings never expire). A listing keeps its place among the newest in browse for
// its plan's listing time, counted from when it was listed or last renewed. After that it stays
// listed, below the listings still within their time, until its seller renews it, which moves it
// back to the top; its seller is mailed once when that happens. Renewing before then is refused, so
// nobody moves a listing up every day (docs/decisions/0034-listing-times.md).
import { formatDateAU } from './dates';
import { listInEnglish } from './plan-copy';
import { membershipTiers, rulesForTier, tierRules, type TierRules } from './tiers';

const dayMs = 24 * 60 * 60 * 1000;

export type ListingTimeStatus = {
  /** Whole days since it was listed or last renewed. */
  daysListed: number;
  /** When its listing time ends and it may be renewed. */
  renewableFrom: Date;
  /** Its listing time has passed (or it already shows below the newer listings): Renew is offered. */
  canRenew: boolean;
  /** Whole days until then (0 once it may be renewed). */
  daysLeft: number;
};

/**
 * Where a listing stands in its listing time. `belowNewest`: the upkeep has already moved it below
 * the listings within their time (under the plan the seller had then), so it may be renewed even if
 * a longer plan since would not have moved it yet.
 */
export function listingTimeStatus(input: { listedAt: Date | string; tier: string | null | undefined; belowNewest?: boolean; now: Date }): ListingTimeStatus {
  const listedAt = new Date(input.listedAt).getTime();
  const now = input.now.getTime();
  const renewableFrom = new Date(listedAt + rulesForTier(input.tier).listingTimeDays * dayMs);
  const canRenew = Boolean(input.belowNewest) || now >= renewableFrom.getTime();
  return {
    daysListed: Math.max(0, Math.floor((now - listedAt) / dayMs)),
    renewableFrom,
    canRenew,
    daysLeft: canRenew ? 0 : Math.max(1, Math.ceil((renewableFrom.getTime() - now) / dayMs)),
  };
}

/** "today", "yesterday", "34 days ago". */
function daysAgo(days: number): string {
  if (days === 0) return 'today';
  if (days === 1) return 'yesterday';
  return `${days} days ago`;
}

export const listingTimeMessages = {
  renewButton: 'Renew',
  renewing: 'Renewing…',
  renewedTitle: 'Listing renewed',
  renewedDescription: "It's back at the top of newest first.",
  renewFailedTitle: "Couldn't renew the listing",
  /** A renewal before the listing time has passed. */
  notDue: (renewableFrom: Date | string) => `This listing is still among the newest. You can renew it from ${formatDateAU(renewableFrom)}.`,
  /** Sold, paused or hidden listings are not in browse: there is nothing to move up. */
  notForSale: 'Only a listing that is for sale can be renewed. List it again first.',
} as const;

/**
 * The line on the seller's own card: "Listed 34 days ago · Renew to move it back to the top",
 * "Renewed today · Among the newest for 60 more days".
 */
export function listingTimeLine(input: { status: ListingTimeStatus; renewed: boolean }): string {
  const { status } = input;
  const since = `${input.renewed ? 'Renewed' : 'Listed'} ${daysAgo(status.daysListed)}`;
  if (status.canRenew) return `${since} · Renew to move it back to the top`;
  return `${since} · Among the newest for ${status.daysLeft} more ${status.daysLeft === 1 ? 'day' : 'days'}`;
}

/** A plan's listing time on its card and in the comparison: "Standard listing times: 30 days among the newest, then renew with one tap". */
export function describeListingTime(rules: TierRules): string {
  return `${rules.listingTimes}: ${rules.listingTimeDays} days among the newest, then renew with one tap`;
}

/**
 * Every plan's listing time in one phrase: "30 days on Starter and 60 days on Explorer, Connector and
 * Lifetime" (plans with the same time are named together).
 */
export function listingTimesByPlan(): string {
  const byDays = new Map<number, string[]>();
  for (const tier of membershipTiers) {
    const rules = tierRules[tier];
    byDays.set(rules.listingTimeDays, [...(byDays.get(rules.listingTimeDays) ?? []), rules.label]);
  }
  return listInEnglish([...byDays.entries()].sort(([a], [b]) => a - b).map(([days, labels]) => `${days} days on ${listInEnglish(labels)}`));
}

/** The FAQ's answer on listing times, after "listings never expire". */
export function explainListingTimes(): string {
  return (
    `Your plan's listing time is how long a listing keeps its place among the newest in browse: ${listingTimesByPlan()}. ` +
    'After that it stays listed, below the newer listings, until you renew it from your dashboard with one tap, which moves it back to the top. We email you once when it is time.'
  );
}

/** The one mail when a listing's time among the newest has passed. */
export function renewalReminderMail(input: { firstName: string | null; title: string; days: number; dashboardUrl: string }): { subject: string; text: string } {
  return {
    subject: `Renew “${input.title}” to move it back to the top`,
    text: [
      `G'day ${input.firstName ?? 'Mate'},`,
      '',
      `Your listing “${input.title}” has been up for ${input.days} days, so it now shows below newer listings in browse.`,
      'Renew it from your dashboard with one tap to move it back to the top of newest first. It stays listed either way: listings never expire.',
      '',
      `Your dashboard: ${input.dashboardUrl}`,
    ].join('\n'),
  };
}
