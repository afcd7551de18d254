// A chart's numbers as a table (decision 49): what a screen reader or a keyboard reads instead of
// the picture, and anyone who wants the exact figures.
import { formatLongDay } from './chart-days';
import type { DailySeries } from './chart-tones';
import { ScrollingTable } from './scrolling-table';

type DailyTableProps<Day extends { date: string }> = {
  days: Day[];
  series: DailySeries<Day>[];
  caption: string;
  /** The first column's heading. */
  dayLabel: string;
};

export function DailyTable<Day extends { date: string }>({ days, series, caption, dayLabel }: DailyTableProps<Day>) {
  return (
    <ScrollingTable
      caption={caption}
      headings={
        <>
          <th scope="col" className="py-2 pr-1 font-semibold sm:pr-2">
            {dayLabel}
          </th>
          {series.map((column) => (
            <th key={column.label} scope="col" className="px-1 py-2 text-right font-semibold sm:px-2">
              {column.label}
            </th>
          ))}
        </>
      }
    >
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
    </ScrollingTable>
  );
}
