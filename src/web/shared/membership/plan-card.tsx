import { Check } from 'lucide-react';
import { type ComponentProps, type ReactNode, useId } from 'react';
import type { TierRules } from '../../../domain';
import { cn } from '@/lib/cn';
import { formatPlanPrice, formatPriceNote, listPlanFeatures } from './plan-facts';

type PlanCardProps = Omit<ComponentProps<'article'>, 'children'> & {
  rules: TierRules;
  action: ReactNode;
  /** Ring the card; defaults to the most popular plan. */
  highlighted?: boolean;
  /** A short note above the price, such as "Current plan". */
  marker?: ReactNode;
};

/** One membership plan, built from the domain's tier rules (spec sections 1 and 9). */
export function PlanCard({ rules, action, highlighted = rules.mostPopular, marker, className, ...props }: PlanCardProps) {
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'relative flex flex-col rounded-[var(--radius-card)] border bg-white p-6 shadow-sm transition-shadow',
        highlighted ? 'border-brand-400 ring-2 ring-brand-400' : 'border-sand-200',
        className,
      )}
      {...props}
    >
      {rules.mostPopular && (
        <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-600 px-3 py-1 text-xs font-bold tracking-wide whitespace-nowrap text-white uppercase">
          Most popular
        </p>
      )}
      <h3 id={headingId} className="text-xl font-extrabold">
        {rules.label}
      </h3>
      {marker && <div className="mt-2">{marker}</div>}
      <p className="mt-3 text-3xl font-extrabold tracking-tight">{formatPlanPrice(rules)}</p>
      <p className="mt-1 text-sm text-ink-500">{formatPriceNote(rules)}</p>
      <ul className="mt-6 flex-1 space-y-3 text-sm">
        {listPlanFeatures(rules).map((feature) => (
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
