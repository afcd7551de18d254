import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { listingConditions } from '../../../../domain';
import { cn } from '@/lib/cn';

type ConditionFieldProps = {
  /** The form's registration of `condition`, shared by the five radios. */
  field: UseFormRegisterReturn;
  error?: string;
};

/**
 * The listing's condition as five radios, each with what it means (decision 44). The radio is named
 * by the condition alone and described by its hint, so "New" and "Like new" stay apart; after a
 * refused post each radio is described by the error too, so the radio that takes focus reads it.
 */
export function ConditionField({ field, error }: ConditionFieldProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset className="min-w-0 space-y-1.5" aria-invalid={error ? true : undefined} aria-describedby={errorId}>
      <legend className="mb-1.5 text-sm font-semibold text-ink-900">Condition</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {listingConditions.map((condition) => (
          <label
            key={condition.value}
            className={cn(
              'flex min-h-11 min-w-0 cursor-pointer items-start gap-3 rounded-xl border border-sand-200 bg-white px-4 py-2.5',
              'has-checked:border-brand-400 has-checked:bg-brand-50',
              error && 'border-brand-600',
            )}
          >
            <input
              type="radio"
              value={condition.value}
              aria-labelledby={`${id}-${condition.value}`}
              aria-describedby={[`${id}-${condition.value}-hint`, errorId].filter(Boolean).join(' ')}
              aria-invalid={error ? true : undefined}
              className="mt-0.5 size-4 shrink-0 accent-brand-600"
              {...field}
            />
            <span className="min-w-0">
              <span id={`${id}-${condition.value}`} className="block text-sm font-semibold text-ink-900">
                {condition.label}
              </span>
              <span id={`${id}-${condition.value}-hint`} className="block text-xs text-ink-500">
                {condition.hint}
              </span>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-brand-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
