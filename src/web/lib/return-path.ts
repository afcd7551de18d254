// "Sign in and come back": a link to /auth names the page to return to (/auth?next=/listing/1), and
// signing in lands there instead of on the dashboard. Only a path on this site is followed, never
// another site's address (an open redirect).

export const returnPathParam = 'next';

/** The sign-in page, returning to `path` after signing in. */
export function signInPath(returnTo: string): string {
  return `/auth?${new URLSearchParams({ [returnPathParam]: returnTo })}`;
}

/** The page to return to that the query names, or null when it names none or not one of ours. */
export function readReturnPath(search: string | URLSearchParams): string | null {
  const value = (typeof search === 'string' ? new URLSearchParams(search) : search).get(returnPathParam);
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
