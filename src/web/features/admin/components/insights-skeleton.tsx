import { adminInsightMessages } from '../../../../domain';

/** While the insights (or their charts' code) are on the way: the figures and two charts, in outline. */
export function InsightsSkeleton() {
  return (
    <div role="status" className="space-y-5">
      <span className="sr-only">{adminInsightMessages.loading}</span>
      <div aria-hidden="true" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((index) => (
          <div key={index} className="h-20 animate-pulse rounded-xl bg-sand-100" />
        ))}
      </div>
      <div aria-hidden="true" className="grid gap-5 lg:grid-cols-2">
        <div className="h-56 animate-pulse rounded-2xl bg-sand-100" />
        <div className="h-56 animate-pulse rounded-2xl bg-sand-100" />
      </div>
    </div>
  );
}
