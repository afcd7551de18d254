// The one cookie of a Google sign-in (decision 11). Between the redirect to Google and its return
// it keeps the flow's state, nonce and PKCE verifier; between the return and the landing page it
// says which member Google signed in. It is signed with a key from APP_SECRET, expires within
// minutes, is HttpOnly (no script reads it) and goes only to the Google sign-in's own routes. The
// signature alone never makes a session: the signed-in stage names a hand-off recorded on the
// server (google-hand-off.ts), redeemed once.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { googleSignInPaths } from '../../domain/google-sign-in';
import { handOffLifetimeMs } from './google-hand-off';

const cookieName = 'google_sign_in';
/** Long enough to choose an account and consent at Google; short enough that a stale one is gone. */
const flowLifetimeMs = 10 * 60 * 1000;

const flowStage = z.object({
  stage: z.literal('flow'),
  state: z.string().min(1),
  nonce: z.string().min(1),
  codeVerifier: z.string().min(43),
  /** The invitation link the sign-in started from (/auth?invite=…): a new member joins on its plan. */
  inviteToken: z.string().max(200).optional(),
  expiresAt: z.number(),
});

const signedInStage = z.object({
  stage: z.literal('signed-in'),
  userId: z.string().min(1),
  isNewMember: z.boolean(),
  /** The hand-off recorded on the server for this sign-in. */
  handOff: z.string().min(43),
  expiresAt: z.number(),
});

const cookieValue = z.discriminatedUnion('stage', [flowStage, signedInStage]);

export type GoogleSignInFlow = Omit<z.infer<typeof flowStage>, 'stage' | 'expiresAt'>;
export type GoogleSignedIn = Omit<z.infer<typeof signedInStage>, 'stage' | 'expiresAt'>;

function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator !== -1 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return null;
}

export type GoogleSignInCookie = ReturnType<typeof createGoogleSignInCookie>;

export function createGoogleSignInCookie(options: { appSecret: string; publicUrl: string }) {
  // A key of its own, so nothing else signed with APP_SECRET can pass for this cookie.
  const key = createHmac('sha256', options.appSecret).update('google-sign-in-cookie').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest();
  const secure = options.publicUrl.startsWith('https:') ? '; Secure' : '';
  // Lax: it must come back with Google's redirect, a top-level navigation from another site.
  const attributes = `Path=${googleSignInPaths.start}; HttpOnly; SameSite=Lax${secure}`;

  const write = (value: z.infer<typeof cookieValue>, lifetimeMs: number): string => {
    const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
    return `${cookieName}=${payload}.${sign(payload).toString('base64url')}; Max-Age=${Math.floor(lifetimeMs / 1000)}; ${attributes}`;
  };

  const read = (cookieHeader: string | undefined, now: number): z.infer<typeof cookieValue> | null => {
    const [payload, signature, ...rest] = (readCookie(cookieHeader, cookieName) ?? '').split('.');
    if (!payload || !signature || rest.length > 0) return null;
    const expected = sign(payload);
    const presented = Buffer.from(signature, 'base64url');
    if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return null;
    try {
      const value = cookieValue.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
      return value.expiresAt > now ? value : null;
    } catch {
      return null;
    }
  };

  return {
    /** Set-Cookie for a flow just started. */
    writeFlow: (flow: GoogleSignInFlow, now = Date.now()) => write({ stage: 'flow', ...flow, expiresAt: now + flowLifetimeMs }, flowLifetimeMs),
    /** Set-Cookie saying Google signed this member in, for the landing page to pick up. */
    writeSignedIn: (signedIn: GoogleSignedIn, now = Date.now()) =>
      write({ stage: 'signed-in', ...signedIn, expiresAt: now + handOffLifetimeMs }, handOffLifetimeMs),
    /** Set-Cookie that removes it: each stage is used once. */
    clear: () => `${cookieName}=; Max-Age=0; ${attributes}`,
    /** The flow this browser started, or null when it has none, or one that is forged or too old. */
    readFlow: (cookieHeader: string | undefined, now = Date.now()): GoogleSignInFlow | null => {
      const value = read(cookieHeader, now);
      return value?.stage === 'flow' ? { state: value.state, nonce: value.nonce, codeVerifier: value.codeVerifier, inviteToken: value.inviteToken } : null;
    },
    readSignedIn: (cookieHeader: string | undefined, now = Date.now()): GoogleSignedIn | null => {
      const value = read(cookieHeader, now);
      return value?.stage === 'signed-in' ? { userId: value.userId, isNewMember: value.isNewMember, handOff: value.handOff } : null;
    },
  };
}
