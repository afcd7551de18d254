import { Check } from 'lucide-react';
import type { TierRules } from '../../../../domain';
import { formatMonthlyEquivalent, formatPlanPrice, listPlanFeatures } from '@/shared/membership/plan-facts';
import { TierBadge } from '@/components/tier-badge';
import { Card } from '@/components/ui/card';

/** What the member is buying (spec 2 Membership checkout: the price, the per-month equivalent and the tier's benefits). */
export function CheckoutSummary({ rules }: { rules: TierRules }) {
  const monthly = formatMonthlyEquivalent(rules);
  return (
    <Card className="p-6 sm:p-8">
      <div className="flex flex-wrap items-center gap-2">
        <TierBadge tier={rules.tier} showLabel className="px-3 py-1 text-sm" />
        {rules.mostPopular && (
          <span className="rounded-full bg-brand-600 px-3 py-1 text-xs font-bold tracking-wide text-white uppercase">Most popular</span>
        )}
      </div>
      <h2 className="mt-4 text-lg font-bold">{rules.label} membership</h2>
      <p className="mt-1 text-4xl font-extrabold tracking-tight">{formatPlanPrice(rules)}</p>
      <p className="mt-1 text-ink-700">
        Billed annually in AUD{monthly && <>, {monthly}</>}
      </p>
      <h3 className="mt-6 text-sm font-bold tracking-wide text-ink-500 uppercase">What you get</h3>
      <ul className="mt-3 space-y-3">
        {listPlanFeatures(rules, 'checkout').map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check className="mt-0.5 size-5 shrink-0 text-leaf-600" aria-hidden="true" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
