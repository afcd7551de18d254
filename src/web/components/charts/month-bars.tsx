// A figure a month as a horizontal bar with its exact amount beside it (decision 49): months read
// down the page, so a phone shows as many as a desktop, and the amount is the text, never a scale.
import { formatMonth } from './chart-days';
import { type ChartTone, toneFill } from './chart-tones';

type MonthBarsProps = {
  months: { month: string; value: number; text: string }[];
  /** What the picture shows, for a screen reader (the numbers are in a table beside it). */
  label: string;
  tone?: ChartTone;
};

export function MonthBars({ months, label, tone = 'leaf' }: MonthBarsProps) {
  const highest = Math.max(0, ...months.map((month) => month.value));
  return (
    <div role="img" aria-label={label} className="space-y-1.5">
      {months.map((month) => (
        <div key={month.month} className="grid grid-cols-[4.5rem_minmax(0,1fr)] items-center gap-2 text-xs sm:grid-cols-[5rem_minmax(0,1fr)] sm:text-sm">
          <span className="text-ink-700">{formatMonth(month.month)}</span>
          <span className="flex min-w-0 items-center gap-2">
            <svg aria-hidden="true" className="h-4 min-w-0 flex-1" preserveAspectRatio="none" viewBox="0 0 100 16">
              <rect x="0" y="0" width="100" height="16" rx="2" className="fill-sand-100" />
              {month.value > 0 && <rect x="0" y="0" width={Math.max(1, (month.value / highest) * 100)} height="16" rx="2" className={toneFill[tone]} />}
            </svg>
            <span className="w-24 shrink-0 text-right font-semibold tabular-nums sm:w-28">{month.text}</span>
          </span>
        </div>
      ))}
    </div>
  );
}
