// A chart's numbers as a table (decision 49): what a screen reader or a keyboard reads instead of
// the picture, and anyone who wants the exact figures.
import { formatLongDay } from './chart-days';
import type { DailySeries } from './chart-tones';

type DailyTableProps<Day extends { date: string }> = {
  days: Day[];
  series: DailySeries<Day>[];
  caption: string;
  /** The first column's heading. */
  dayLabel: string;
};

export function DailyTable<Day extends { date: string }>({ days, series, caption, dayLabel }: DailyTableProps<Day>) {
  // Its own scrolling box, its heading row kept in sight: a month of rows would make the page around
  // it long. A box that scrolls takes the keyboard's focus, so it can be scrolled without a mouse.
  return (
    <div role="region" aria-label={caption} tabIndex={0} className="max-h-80 overflow-auto rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
      <table className="w-full text-xs tabular-nums sm:text-sm">
        <caption className="sr-only">{caption}</caption>
        {/* A line under the headings that stays with them (a sticky row's border would not). */}
        <thead className="sticky top-0 bg-white shadow-[inset_0_-1px_0_var(--color-sand-200)]">
          <tr className="text-left text-xs text-ink-700">
            <th scope="col" className="py-2 pr-1 font-semibold sm:pr-2">
              {dayLabel}
            </th>
            {series.map((column) => (
              <th key={column.label} scope="col" className="px-1 py-2 text-right font-semibold sm:px-2">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-sand-100">
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row" className="py-1.5 pr-1 text-left font-normal whitespace-nowrap text-ink-700 sm:pr-2">
                {formatLongDay(day.date)}
              </th>
              {series.map((column) => (
                <td key={column.label} className="px-1 py-1.5 text-right sm:px-2">
                  {column.value(day).toLocaleString('en-AU')}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
