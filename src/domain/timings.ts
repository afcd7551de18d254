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
  tooltipDelayMs: 700,
  tooltipSkipDelayMs: 300,
} as const;
