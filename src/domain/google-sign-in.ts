// Signing in with Google (docs/decisions/0011-google-sign-in.md): where the flow goes, and what the
// sign-in page says when it fails. No zod here: the first page load imports it (the routes).
import { errorMessages } from './errors';

export const googleSignInPaths = {
  /** The "Continue with Google" button navigates here; it redirects to Google. */
  start: '/api/auth/google',
  /** Google sends the browser back here with the authorization code. */
  callback: '/api/auth/google/callback',
  /** The landing page picks up its session here (POST), from the sign-in's HttpOnly cookie. */
  session: '/api/auth/google/session',
  /** The page the callback lands on: it picks up the session and goes home. */
  done: '/auth/google/done',
} as const;

/** A failed sign-in comes back to /auth?googleError=<problem>. */
export const googleSignInProblemParam = 'googleError';

/** Why a Google sign-in came back without a session, in the product's words. */
export const googleSignInProblems = {
  cancelled: "Google sign-in was cancelled. You can try again, or sign in with your email and password.",
  expired: 'That Google sign-in took too long or was already used. Please try again.',
  'state-mismatch': "We couldn't confirm that Google sign-in was started from this browser, so we stopped it. Please try again.",
  'email-not-verified': "Google hasn't verified the email address on that account yet. Verify it with Google first, or join with your email and a password.",
  'account-conflict': 'This email already belongs to an account linked to a different Google account. Sign in with your email and password instead.',
  'provider-error': "We couldn't sign you in with Google just now. Please try again, or sign in with your email and password.",
  unavailable: "Google sign-in isn't available here. Please sign in with your email and password.",
  'invitation-invalid': 'This invitation link is invalid or has expired. Ask for a new one.',
  'invitation-other-email': 'This invitation is for a different email address. Continue with the Google account of the invited address, or join with that address and a password.',
  'rate-limited': errorMessages.rateLimited,
} as const;

export type GoogleSignInProblem = keyof typeof googleSignInProblems;

export function isGoogleSignInProblem(value: string | null | undefined): value is GoogleSignInProblem {
  return typeof value === 'string' && Object.hasOwn(googleSignInProblems, value);
}

/** Where a failed sign-in sends the browser. */
export function googleSignInProblemPath(problem: GoogleSignInProblem): string {
  return `/auth?${googleSignInProblemParam}=${problem}`;
}

/** The message for /auth's query string, or null when it names no known problem (a hand-typed address). */
export function readGoogleSignInProblem(search: string): string | null {
  const problem = new URLSearchParams(search).get(googleSignInProblemParam);
  return isGoogleSignInProblem(problem) ? googleSignInProblems[problem] : null;
}
