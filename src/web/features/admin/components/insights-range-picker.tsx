import { type FormEvent, useId, useState } from 'react';
import { type FieldError, adminInsightMessages, adminInsightsQuery } from '../../../../domain';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { type InsightRange } from '@/features/admin/api';
import { lastDays, quickRanges } from '@/features/admin/insight-range';

type Field = keyof InsightRange;

const noErrors: FieldError[] = [];

/** The domain's checks (decision 50), in the words the server would give, beside each field. */
function checkRange(range: InsightRange): FieldError[] {
  const missing = (['from', 'to'] as const).filter((field) => !range[field]).map((path) => ({ path, message: adminInsightMessages.dateInvalid }));
  if (missing.length > 0) return missing;
  const checked = adminInsightsQuery.safeParse(range);
  return checked.success ? [] : checked.error.issues.map((issue) => ({ path: String(issue.path[0] ?? 'from'), message: issue.message }));
}

type InsightsRangePickerProps = {
  range: InsightRange;
  onChange: (range: InsightRange) => void;
  /** The server's words about the range asked for, by field. */
  serverErrors?: FieldError[];
};

/** From and To, with Show, and the quick choices that show at once. */
export function InsightsRangePicker({ range, onChange, serverErrors = noErrors }: InsightsRangePickerProps) {
  const [draft, setDraft] = useState(range);
  const [ownErrors, setOwnErrors] = useState<FieldError[]>([]);
  const id = useId();
  // A range that passes the checks here goes to the server, which may still refuse it in its words.
  const errors = ownErrors.length > 0 ? ownErrors : serverErrors;

  const apply = (next: InsightRange) => {
    setDraft(next);
    const problems = checkRange(next);
    setOwnErrors(problems);
    if (problems.length === 0) onChange(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };
  const errorFor = (field: Field) => errors.find((error) => error.path === field)?.message;

  const dateField = (field: Field, label: string) => {
    const error = errorFor(field);
    return (
      <div className="min-w-0 basis-full sm:basis-48">
        <Label htmlFor={`${id}-${field}`}>{label}</Label>
        <Input
          id={`${id}-${field}`}
          type="date"
          className="mt-1"
          value={draft[field]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${field}-error` : undefined}
          onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
        />
        {error && (
          <p id={`${id}-${field}-error`} className="mt-1 text-sm text-brand-700">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <div className="space-y-3">
      <form noValidate onSubmit={submit} className="flex flex-wrap items-start gap-3">
        {dateField('from', adminInsightMessages.from)}
        {dateField('to', adminInsightMessages.to)}
        <Button type="submit" variant="secondary" className="sm:mt-6">
          {adminInsightMessages.show}
        </Button>
      </form>
      <div role="group" aria-label={adminInsightMessages.quickRanges} className="flex flex-wrap gap-2">
        {quickRanges.map((choice) => {
          const chosen = lastDays(choice.days);
          const pressed = chosen.from === range.from && chosen.to === range.to;
          return (
            <Button key={choice.label} type="button" variant={pressed ? 'primary' : 'secondary'} aria-pressed={pressed} onClick={() => apply(chosen)}>
              {choice.label}
            </Button>
          );
        })}
      </div>
    </div>
  );
}
