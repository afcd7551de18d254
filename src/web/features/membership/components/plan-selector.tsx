import { type PurchasableTier, purchasableTiers, tierRules } from '../../../../domain';
import { cn } from '@/lib/cn';

type PlanSelectorProps = { selected: PurchasableTier; onSelect: (tier: PurchasableTier) => void; controls: string };

/** Starter / Explorer / Connector: highlights the chosen plan (and shows only that one on a phone). */
export function PlanSelector({ selected, onSelect, controls }: PlanSelectorProps) {
  return (
    <div role="group" aria-label="Choose a plan" className="mx-auto grid w-full max-w-md grid-cols-3 gap-1 rounded-full border border-sand-200 bg-white p-1 shadow-sm">
      {purchasableTiers.map((tier) => {
        const isSelected = tier === selected;
        return (
          <button
            key={tier}
            type="button"
            aria-pressed={isSelected}
            aria-controls={controls}
            onClick={() => onSelect(tier)}
            className={cn(
              'min-h-11 rounded-full px-2 text-sm font-semibold transition-colors',
              isSelected ? 'bg-brand-600 text-white shadow-sm' : 'text-ink-700 hover:bg-sand-100 hover:text-ink-900',
            )}
          >
            {tierRules[tier].label}
          </button>
        );
      })}
    </div>
  );
}
