// A member's session: how long it lasts and how a page request carries it (no zod here: the first
// page load imports this).

/** Sliding session lifetime. */
export const sessionLifetimeDays = 30;

/**
 * The cookie that mirrors the stored token so that a page load can be rendered on the server for
 * the member who asks. Only page renders read it: the API authenticates by the Authorization header
 * alone, so a request another site makes the browser send carries no rights.
 */
export const authTokenCookieName = 'authToken';

/** Longer than any token the app issues: a longer cookie value is not a token. */
const maxTokenLength = 256;

/** The token in a Cookie header (`name=value; ...`), or null when absent, empty, malformed or too long. */
export function readAuthTokenCookie(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== authTokenCookieName) continue;
    try {
      const value = decodeURIComponent(rest.join('='));
      return value && value.length <= maxTokenLength ? value : null;
    } catch {
      return null;
    }
  }
  return null;
}
