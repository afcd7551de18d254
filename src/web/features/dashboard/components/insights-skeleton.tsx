import { insightMessages } from '../../../../domain';

/** While a listing's insights (or their code) are on the way: the three numbers and the chart, in outline. */
export function InsightsSkeleton() {
  return (
    <div role="status" className="space-y-5">
      <span className="sr-only">{insightMessages.loading}</span>
      {/* The totals: three rows on a phone, three side by side from small screens up. */}
      <div aria-hidden="true" className="h-[8.25rem] animate-pulse rounded-2xl bg-sand-100 sm:h-[4.75rem]" />
      <div aria-hidden="true" className="h-48 animate-pulse rounded-2xl bg-sand-100 sm:h-56" />
    </div>
  );
}
