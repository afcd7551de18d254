import { type PurchasableTier, type TierRules, describeListingTime, formatMegabytes, purchasableTiers, supportPlanLine, tierRules } from '../../../../domain';
import {
  formatFreeTrial,
  formatMonthlyEquivalent,
  formatPinnedPosts,
  formatPlanPrice,
} from '@/shared/membership/plan-facts';
import { cn } from '@/lib/cn';

type ComparisonRow = { label: string; value: (rules: TierRules) => string | null };

// Every value comes from the domain's tier rules (spec 1 and 9); null reads as "none".
const comparisonRows: ComparisonRow[] = [
  {
    label: 'Price',
    value: (rules) => {
      const monthly = formatMonthlyEquivalent(rules);
      return monthly ? `${formatPlanPrice(rules)} (${monthly})` : formatPlanPrice(rules);
    },
  },
  { label: 'Listings at once', value: (rules) => (rules.listingLimit === null ? null : String(rules.listingLimit)) },
  {
    label: 'Photos per listing',
    value: (rules) => `${rules.maxImagesPerListing}, up to ${formatMegabytes(rules.maxImageBytes)} MB each`,
  },
  { label: 'Search area', value: (rules) => rules.searchAreaLabel },
  { label: 'Badge', value: (rules) => rules.badge },
  { label: 'Listing times', value: (rules) => describeListingTime(rules) },
  { label: 'Pinned posts', value: (rules) => formatPinnedPosts(rules.pinnedPosts) },
  { label: 'Support', value: (rules) => supportPlanLine(rules.supportLevel) },
  { label: 'Free trial', value: (rules) => formatFreeTrial(rules.freeTrialMonths) },
];

function NoneValue() {
  return (
    <>
      <span aria-hidden="true" className="text-ink-500">
        —
      </span>
      <span className="sr-only">None</span>
    </>
  );
}

/** The plans side by side; on a phone the table scrolls sideways inside its own box, never the page. */
export function PlanComparisonTable({ selected }: { selected: PurchasableTier }) {
  const cellClass = (tier: PurchasableTier) => cn('px-4 py-3 align-top', tier === selected && 'bg-brand-50');
  return (
    <section aria-labelledby="compare-heading" className="mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8">
      <h2 id="compare-heading" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
        Compare the plans
      </h2>
      <p className="mt-2 text-ink-700">Everything each plan includes. Prices in AUD, billed annually.</p>
      <p className="mt-2 text-sm text-ink-500 md:hidden">Swipe the table sideways to see all three plans.</p>
      <div
        role="region"
        aria-label="Plan comparison, scrolls sideways"
        tabIndex={0}
        className="relative mt-6 overflow-x-auto rounded-[var(--radius-card)] border border-sand-200 bg-white shadow-sm"
      >
        <table className="w-full min-w-[38rem] border-collapse text-left text-sm">
          <caption className="sr-only">Membership plans compared</caption>
          <thead>
            <tr className="border-b border-sand-200">
              <td className="sticky left-0 z-10 w-28 bg-white px-3 py-3 sm:w-40 sm:px-4" />
              {purchasableTiers.map((tier) => (
                <th key={tier} scope="col" className={cn(cellClass(tier), 'text-base font-extrabold')}>
                  {tierRules[tier].label}
                  {tierRules[tier].mostPopular && (
                    <span className="ml-2 inline-block rounded-full bg-brand-600 px-2 py-0.5 align-middle text-[0.65rem] font-bold tracking-wide text-white uppercase">
                      Most popular
                    </span>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {comparisonRows.map((row) => (
              <tr key={row.label} className="border-b border-sand-200 last:border-b-0">
                <th scope="row" className="sticky left-0 z-10 w-28 bg-white px-3 py-3 align-top font-semibold sm:w-40 sm:px-4 shadow-[1px_0_0_var(--color-sand-200)]">
                  {row.label}
                </th>
                {purchasableTiers.map((tier) => {
                  const value = row.value(tierRules[tier]);
                  return (
                    <td key={tier} className={cellClass(tier)}>
                      {value ?? <NoneValue />}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
