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
