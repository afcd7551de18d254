import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { type ListingCondition, conditionLabel, listingConditions, listingConditionValues, parseConditionFilter } from '../../../../domain';
import { cn } from '@/lib/cn';

type ConditionFilterProps = {
  /** The address's ?condition= ("like-new,good"); '' for any. */
  value: string;
  onChange: (value: string) => void;
};

/**
 * Browse's Condition filter: a button that says what is chosen and opens the five conditions as
 * checkboxes, each change applied at once like the other filters. It closes on Escape, on a click
 * outside and when focus moves on past it.
 */
export function ConditionFilter({ value, onChange }: ConditionFilterProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const chosen = parseConditionFilter(value) ?? [];
  const summary = chosen.length === 0 ? 'Any condition' : chosen.map((condition) => conditionLabel(condition)).join(', ');

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const closeOnOutsideClick = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', closeOnEscape);
    document.addEventListener('pointerdown', closeOnOutsideClick);
    return () => {
      document.removeEventListener('keydown', closeOnEscape);
      document.removeEventListener('pointerdown', closeOnOutsideClick);
    };
  }, [open]);

  const toggle = (condition: ListingCondition) => {
    const next = chosen.includes(condition) ? chosen.filter((other) => other !== condition) : [...chosen, condition];
    // In the list's order, so the same choice always makes the same address.
    onChange(listingConditionValues.filter((other) => next.includes(other)).join(','));
  };

  return (
    <div
      ref={containerRef}
      className="relative space-y-1.5"
      // Focus moving on to something past the filter (Tab) closes it; a click that focuses nothing (Safari) does not.
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (next && !containerRef.current?.contains(next)) setOpen(false);
      }}
    >
      <span id={`${id}-label`} className="block text-sm font-semibold text-ink-900">
        Condition
      </span>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        aria-labelledby={`${id}-label ${id}-summary`}
        onClick={() => setOpen(!open)}
        className={cn(
          'flex min-h-11 w-full min-w-0 items-center justify-between gap-2 rounded-xl border border-sand-200 bg-white py-2 pr-3 pl-4 text-left text-base text-ink-900 shadow-xs transition-colors',
          'focus-visible:border-brand-400 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-200',
          open && 'border-brand-400',
        )}
      >
        <span id={`${id}-summary`} className="min-w-0 truncate">
          {summary}
        </span>
        <ChevronDown className={cn('size-5 shrink-0 text-ink-500 transition-transform', open && 'rotate-180')} aria-hidden="true" />
      </button>
      <div id={`${id}-panel`} hidden={!open} className="absolute inset-x-0 top-full z-20 mt-1 rounded-xl border border-sand-200 bg-white p-1.5 shadow-lg">
        <fieldset>
          <legend className="sr-only">Condition</legend>
          {listingConditions.map((condition) => (
            <label key={condition.value} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 text-sm text-ink-900 hover:bg-sand-100">
              <input
                type="checkbox"
                value={condition.value}
                checked={chosen.includes(condition.value)}
                onChange={() => toggle(condition.value)}
                className="size-4 shrink-0 accent-brand-600"
              />
              {condition.label}
            </label>
          ))}
        </fieldset>
      </div>
    </div>
  );
}
