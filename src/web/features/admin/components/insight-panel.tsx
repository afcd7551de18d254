import { type ReactNode, useId } from 'react';
import { adminInsightMessages } from '../../../../domain';

type InsightPanelProps = {
  title: string;
  /** A figure of the range in a sentence, above the chart ("Median time to close a report: 3 h 20 min"). */
  figure?: ReactNode;
  chart: ReactNode;
  /** The chart's numbers, behind "Show as table". */
  table: ReactNode;
  note?: ReactNode;
};

/** One chart of the Insights card: its heading, figure, picture and its numbers as a table (decision 49). */
export function InsightPanel({ title, figure, chart, table, note }: InsightPanelProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="min-w-0 space-y-3 border-t border-sand-200 pt-4 sm:rounded-2xl sm:border-0 sm:p-4 sm:ring-1 sm:ring-sand-200">
      <h3 id={headingId} className="font-extrabold tracking-tight">
        {title}
      </h3>
      {figure && <p className="text-sm font-semibold text-ink-900">{figure}</p>}
      {chart}
      {note && <p className="text-xs text-ink-700">{note}</p>}
      <details className="rounded-xl ring-1 ring-sand-200">
        <summary className="flex min-h-11 cursor-pointer items-center rounded-xl px-3 text-sm font-semibold text-brand-700 hover:bg-sand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
          {adminInsightMessages.showTable}
        </summary>
        <div className="px-1 pb-3 sm:px-3">{table}</div>
      </details>
    </section>
  );
}
