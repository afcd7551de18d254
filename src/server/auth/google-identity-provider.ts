// Google's half of "Continue with Google": the OpenID Connect authorization code flow with PKCE,
// state and nonce, through openid-client (decision 11). The library checks the authorization
// response (state, issuer), sends the PKCE verifier, and validates the ID token: its signature
// against the provider's published keys, issuer, audience, expiry and nonce.
import { timingSafeEqual } from 'node:crypto';
import * as oidc from 'openid-client';
import { emailField } from '../../domain/auth';
import { googleSignInPaths, type GoogleSignInProblem } from '../../domain/google-sign-in';
import type { GoogleSettings } from '../config';
import type { GoogleSignInFlow } from './google-sign-in-cookie';

/**
 * A sign-in that ends without a member. It never becomes an error answer: the route sends the
 * browser back to /auth with the problem, and the page says it in the product's words.
 */
export class GoogleSignInRefused extends Error {
  constructor(
    readonly problem: GoogleSignInProblem,
    options?: { cause?: unknown },
  ) {
    super(`Google sign-in refused: ${problem}`, options);
    this.name = 'GoogleSignInRefused';
  }
}

/** Who Google says signed in. The email is lower-cased and one Google has verified. */
export type GoogleIdentity = { subject: string; email: string; givenName?: string; familyName?: string; name?: string };

const scope = 'openid email profile';
/** Seconds to wait for Google's discovery document, token endpoint or keys. */
const requestTimeoutSeconds = 10;

function sameText(presented: string | null, expected: string): boolean {
  if (presented === null) return false;
  const left = Buffer.from(presented);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}

const optionalText = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** The member-facing facts of a validated ID token; refuses an email Google has not verified. */
function identityFromClaims(claims: oidc.IDToken): GoogleIdentity {
  if (claims.sub.length > 255) throw new GoogleSignInRefused('provider-error');
  // Only an address Google has verified proves anything: anyone can type any address into a
  // Google account.
  if (claims.email_verified !== true) throw new GoogleSignInRefused('email-not-verified');
  const email = emailField.safeParse(claims.email);
  if (!email.success) throw new GoogleSignInRefused('email-not-verified');
  return {
    subject: claims.sub,
    email: email.data,
    givenName: optionalText(claims.given_name),
    familyName: optionalText(claims.family_name),
    name: optionalText(claims.name),
  };
}

export type GoogleIdentityProvider = ReturnType<typeof createGoogleIdentityProvider>;

export function createGoogleIdentityProvider(settings: GoogleSettings, publicUrl: string) {
  const redirectUri = `${publicUrl}${googleSignInPaths.callback}`;
  let discovered: Promise<oidc.Configuration> | null = null;

  // Discovered on first use rather than at start-up, so a provider that cannot be reached never
  // stops the server; a failed discovery is tried again by the next sign-in.
  const configuration = () =>
    (discovered ??= oidc
      .discovery(new URL(settings.issuerUrl), settings.clientId, settings.clientSecret, oidc.ClientSecretPost(settings.clientSecret), {
        timeout: requestTimeoutSeconds,
        execute: [
          // The ID token's signature is checked too, not only the TLS connection it came over.
          oidc.enableNonRepudiationChecks,
          // A provider on plain HTTP is refused in production by the settings (the tests run one).
          ...(settings.issuerUrl.startsWith('http:') ? [oidc.allowInsecureRequests] : []),
        ],
      })
      .catch((error: unknown) => {
        discovered = null;
        throw error;
      }));

  return {
    /** Where to send the browser, and the flow's secrets for the sign-in cookie. */
    async startSignIn(): Promise<{ url: URL; flow: GoogleSignInFlow }> {
      const config = await configuration();
      const flow: GoogleSignInFlow = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope,
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url, flow };
    },

    /**
     * Checks Google's answer (`search`: the callback's query string) against the flow this
     * browser started, exchanges the code and validates the ID token.
     */
    async finishSignIn(search: string, flow: GoogleSignInFlow): Promise<GoogleIdentity> {
      const callbackUrl = new URL(`${redirectUri}${search}`);
      // Checked here before anything else (the library checks it again) so that an answer to
      // someone else's sign-in is named for what it is.
      if (!sameText(callbackUrl.searchParams.get('state'), flow.state)) throw new GoogleSignInRefused('state-mismatch');
      const error = callbackUrl.searchParams.get('error');
      if (error) throw new GoogleSignInRefused(error === 'access_denied' ? 'cancelled' : 'provider-error');
      let claims: oidc.IDToken | undefined;
      try {
        const tokens = await oidc.authorizationCodeGrant(await configuration(), callbackUrl, {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (cause) {
        throw new GoogleSignInRefused('provider-error', { cause });
      }
      if (!claims) throw new GoogleSignInRefused('provider-error');
      return identityFromClaims(claims);
    },
  };
}
