import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import type { TierRules } from '../../domain';
import { cn } from '../lib/cn';
import { formatCents } from '../lib/format-money';

function describePrice(rules: TierRules): { price: string; note: string } {
  if (!rules.annualPriceCents) return { price: 'Free', note: 'Free forever' };
  const monthly = rules.monthlyEquivalentCents ? `about ${formatCents(rules.monthlyEquivalentCents)} a month` : '';
  return { price: `${formatCents(rules.annualPriceCents)}/year`, note: `Billed annually, ${monthly}` };
}

function describeListings(limit: number | null): string | null {
  if (limit === null) return null;
  return `${limit} ${limit === 1 ? 'listing' : 'listings'} at once`;
}

type PlanCardProps = { rules: TierRules; action: ReactNode };

/** One membership plan, built from the domain's tier rules (spec sections 1 and 9). */
export function PlanCard({ rules, action }: PlanCardProps) {
  const { price, note } = describePrice(rules);
  const features = [
    describeListings(rules.listingLimit),
    `Search area: ${rules.searchAreaLabel}`,
    rules.badge,
    rules.listingTimes,
    rules.pinnedPosts > 0 ? `${rules.pinnedPosts} pinned post` : null,
    rules.support,
    rules.freeTrialMonths > 0 ? `${rules.freeTrialMonths} month free` : null,
  ].filter((feature): feature is string => feature !== null);

  return (
    <article
      className={cn(
        'relative flex flex-col rounded-[var(--radius-card)] border bg-white p-6 shadow-sm',
        rules.mostPopular ? 'border-brand-400 ring-2 ring-brand-400 lg:-translate-y-2' : 'border-sand-200',
      )}
    >
      {rules.mostPopular && (
        <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-600 px-3 py-1 text-xs font-bold tracking-wide text-white uppercase">
          Most popular
        </p>
      )}
      <h3 className="text-xl font-extrabold">{rules.label}</h3>
      <p className="mt-3 text-3xl font-extrabold tracking-tight">{price}</p>
      <p className="mt-1 text-sm text-ink-500">{note}</p>
      <ul className="mt-6 flex-1 space-y-3 text-sm">
        {features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-leaf-600" aria-hidden="true" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <div className="mt-6">{action}</div>
    </article>
  );
}
