/** spec 2: placeholders while the member's verification status loads. */
export function VerificationPageSkeleton() {
  return (
    <div role="status" className="animate-pulse">
      <span className="sr-only">Loading…</span>
      <div aria-hidden="true">
        <div className="h-9 w-3/4 max-w-md rounded-xl bg-sand-200" />
        <div className="mt-3 h-5 w-full max-w-lg rounded-lg bg-sand-100" />
        <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="h-72 rounded-[var(--radius-card)] bg-sand-100" />
          <div className="h-56 rounded-[var(--radius-card)] bg-sand-100" />
        </div>
      </div>
    </div>
  );
}
