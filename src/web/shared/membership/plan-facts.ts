// Plan facts as people read them, built only from the domain's tier rules (spec sections 1 and 9),
// shared by the plan cards, the plans comparison table and checkout.
import { type TierRules, checkoutSearchArea, describeListingTime, formatCents, formatMegabytes, purchasableTiers, supportPlanLine } from '../../../domain';

export function isPurchasableTier(tier: string): tier is (typeof purchasableTiers)[number] {
  return (purchasableTiers as readonly string[]).includes(tier);
}

/** "Free", "$24/year", or "Gift only" for Lifetime. */
export function formatPlanPrice(rules: TierRules): string {
  if (rules.annualPriceCents === null) return 'Gift only';
  if (rules.annualPriceCents === 0) return 'Free';
  return `${formatCents(rules.annualPriceCents)}/year`;
}

/** "about $2 a month", or null for a free or gift-only plan. */
export function formatMonthlyEquivalent(rules: TierRules): string | null {
  if (!rules.annualPriceCents || !rules.monthlyEquivalentCents) return null;
  return `about ${formatCents(rules.monthlyEquivalentCents)} a month`;
}

/** The line under the price: "Billed annually, about $2 a month" (spec 1: prices in AUD, billed annually). */
export function formatPriceNote(rules: TierRules): string {
  if (rules.annualPriceCents === null) return 'Given by an admin';
  const monthly = formatMonthlyEquivalent(rules);
  return monthly ? `Billed annually, ${monthly}` : 'Free forever';
}

export function formatListingLimit(limit: number | null): string | null {
  if (limit === null) return null;
  return `${limit} ${limit === 1 ? 'listing' : 'listings'} at once`;
}

/** "4 photos per listing, up to 3 MB each". */
export function formatPhotoAllowance(rules: TierRules): string {
  return `${rules.maxImagesPerListing} photos per listing, up to ${formatMegabytes(rules.maxImageBytes)} MB each`;
}

export function formatPinnedPosts(count: number): string | null {
  return count > 0 ? `${count} pinned ${count === 1 ? 'post' : 'posts'}` : null;
}

export function formatFreeTrial(months: number): string | null {
  return months > 0 ? `${months} ${months === 1 ? 'month' : 'months'} free` : null;
}

/**
 * Everything a plan gives, one short line each, in the order the plans are compared. The checkout
 * page names the search area its own way (spec 1: Explorer is city-wide there, state-wide on the
 * plans) and says that the whole state is what applies.
 */
export function listPlanFeatures(rules: TierRules, page: 'plans' | 'checkout' = 'plans'): string[] {
  return [
    formatListingLimit(rules.listingLimit),
    `Search area: ${page === 'checkout' ? checkoutSearchArea(rules) : rules.searchAreaLabel}`,
    formatPhotoAllowance(rules),
    rules.badge,
    describeListingTime(rules),
    formatPinnedPosts(rules.pinnedPosts),
    // The promised first-reply time goes wherever the plan is sold (decision 32).
    supportPlanLine(rules.supportLevel),
    formatFreeTrial(rules.freeTrialMonths),
  ].filter((feature): feature is string => feature !== null);
}
