// spec 9: delays and durations the pages follow.
export const timings = {
  /** Reload after joining or resetting a password. */
  reloadAfterAuthMs: 800,
  /** Starter checkout redirects home after about a second. */
  starterRedirectMs: 1000,
  /** Email and phone verification redirect to the account page. */
  verificationRedirectMs: 2000,
  /** Unauthorised visitors go to /api/login after this. */
  unauthorizedRedirectMs: 500,
  toastDefaultMs: 5000,
  toastLimitMs: 8000,
  toastContentFilterMs: 10_000,
  toastRemoveDelayMs: 1_000_000,
  toastSwipeThresholdPx: 50,
  /** A tooltip opens after the pointer or focus has rested on its trigger this long. */
  tooltipDelayMs: 700,
  /** ...or at once, when another tooltip closed less than this ago (moving along a row of badges). */
  tooltipSkipDelayMs: 300,
  /** Cached data no page is showing is dropped after 5 minutes. */
  queryGarbageCollectionMs: 5 * 60 * 1000,
  /** A query that retries waits 1 s, then twice as long each time, never more than 30 s. */
  queryRetryFirstDelayMs: 1000,
  queryRetryLongestDelayMs: 30_000,
} as const;

/** How long a query waits before retry number `failureCount + 1` (spec 9: doubling from 1 s to a 30 s cap). */
export function queryRetryDelayMs(failureCount: number): number {
  return Math.min(timings.queryRetryFirstDelayMs * 2 ** failureCount, timings.queryRetryLongestDelayMs);
}

/**
 * How long a tooltip waits before it opens (spec 9): 700 ms, or nothing when another tooltip closed
 * less than 300 ms before (`lastClosedAt` and `now` in milliseconds; null: none has closed yet).
 */
export function tooltipOpenDelayMs(lastClosedAt: number | null, now: number): number {
  return lastClosedAt !== null && now - lastClosedAt < timings.tooltipSkipDelayMs ? 0 : timings.tooltipDelayMs;
}
