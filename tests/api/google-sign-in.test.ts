// "Continue with Google" against a real OpenID Connect provider running on this machine
// (support/local-oidc-provider.ts), with a browser's cookie jar following every redirect.
import { randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorMessages } from '../../src/domain/errors';
import { googleNameFallback } from '../../src/domain/google-profile';
import { googleSignInPaths, googleSignInProblems } from '../../src/domain/google-sign-in';
import { loadConfig, publicConfig } from '../../src/server/config';
import { createGoogleSignInCookie } from '../../src/server/auth/google-sign-in-cookie';
import { users } from '../../src/server/db/schema';
import { createBrowser, type Browser, type Hop } from './support/browser';
import { latestCodeFor, registerMember, sellerMember, uniqueEmail } from './support/factories';
import { startLocalOidcProvider, type LocalOidcProvider, type ProviderAccount } from './support/local-oidc-provider';
import { startTestServer } from './support/test-server';
import { useTestServer } from './support/use-test-server';

const clientId = 'neighbourly-local-test-client';
const clientSecret = 'local-test-client-secret';
const adminEmail = `google-admin-${randomUUID().slice(0, 8)}@example.com`;
const linkedAdminEmail = `linked-admin-${randomUUID().slice(0, 8)}@example.com`;

let provider: LocalOidcProvider;
let publicUrl: string;
let appPort: number;

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

const appUrl = (path: string) => new URL(path, publicUrl);
const isCallback = (url: URL) => url.origin === publicUrl && url.pathname === googleSignInPaths.callback;
/** Where the app sends the browser in the end: a page, not the API. */
const isAppPage = (url: URL) => url.origin === publicUrl && !url.pathname.startsWith('/api/');

function googleAccount(overrides: Partial<ProviderAccount> = {}): ProviderAccount {
  return {
    sub: `google-${randomUUID()}`,
    email: uniqueEmail('google'),
    email_verified: true,
    given_name: 'Matilda',
    family_name: 'Okafor',
    name: 'Matilda Okafor',
    ...overrides,
  };
}

type SignInOutcome = {
  /** The app page the sign-in ended on. */
  landing: URL;
  hops: Hop[];
  browser: Browser;
  /** The landing page's pick-up of its session (POST), when it landed on the page that does it. */
  session: { status: number; body: any } | null;
};

/** Presses "Continue with Google": Google signs `account` in (or it cancels) and the landing page picks up its session. */
async function continueWithGoogle(
  account: ProviderAccount | 'cancel',
  options: { browser?: Browser; tamper?: (callback: URL) => URL; inviteToken?: string } = {},
): Promise<SignInOutcome> {
  const browser = options.browser ?? createBrowser();
  provider.signInNextAs(account);
  const start = appUrl(googleSignInPaths.start);
  if (options.inviteToken) start.searchParams.set('invite', options.inviteToken);
  const toGoogleAndBack = await browser.navigate(start, (url) => isCallback(url) || isAppPage(url));
  const callback = options.tamper ? options.tamper(toGoogleAndBack.url) : toGoogleAndBack.url;
  const back = await browser.navigate(callback, isAppPage);
  const outcome: SignInOutcome = { landing: back.url, hops: [...toGoogleAndBack.hops, ...back.hops], browser, session: null };
  if (back.url.pathname === googleSignInPaths.done) outcome.session = await pickUpSession(browser);
  return outcome;
}

async function pickUpSession(browser: Browser) {
  const { response } = await browser.request(appUrl(googleSignInPaths.session), { method: 'POST' });
  return { status: response.status, body: await response.json() };
}

async function membersWithEmail(email: string) {
  return server.database.db.select().from(users).where(eq(users.email, email));
}

const problemIn = (landing: URL) => ({ path: landing.pathname, problem: landing.searchParams.get('googleError') });

beforeAll(async () => {
  let providerPort: number;
  [appPort, providerPort] = [await freePort(), await freePort()];
  publicUrl = `http://127.0.0.1:${appPort}`;
  provider = await startLocalOidcProvider({ port: providerPort, clientId, clientSecret, redirectUri: `${publicUrl}${googleSignInPaths.callback}` });
});
afterAll(async () => {
  await provider?.close();
});

const { server, client } = useTestServer(
  () => ({
    PUBLIC_URL: publicUrl,
    GOOGLE_CLIENT_ID: clientId,
    GOOGLE_CLIENT_SECRET: clientSecret,
    GOOGLE_ISSUER_URL: provider.issuer,
    ADMIN_EMAILS: `${adminEmail},${linkedAdminEmail}`,
  }),
  () => ({ port: appPort }),
);

describe('signing in with Google', () => {
  it('makes a new member once, as joining does, and finds the same account the next time', async () => {
    const account = googleAccount();
    const first = await continueWithGoogle(account);
    expect(first.landing.href).toBe(appUrl(googleSignInPaths.done).href);
    expect(first.session?.status).toBe(200);
    const { token, user, isNewMember } = first.session!.body;
    expect(isNewMember).toBe(true);
    expect(user).toMatchObject({ email: account.email, firstName: 'Matilda', lastName: 'Okafor', membershipTier: 'explorer', isEmailVerified: true, isAdmin: false });
    const trialDays = (Date.parse(user.trialEndDate) - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(27);
    expect(trialDays).toBeLessThan(32);
    expect((await client.get('/api/auth/me', token)).body.email).toBe(account.email);

    const [row] = await membersWithEmail(account.email);
    expect(row).toMatchObject({ authMethod: 'google', googleId: account.sub, password: null });
    const outbox = await client.get(`/api/dev/outbox?to=${encodeURIComponent(account.email)}`);
    expect(outbox.body.map((mail: { subject: string }) => mail.subject)).toEqual(['Welcome to Neighbourly!']);

    const again = await continueWithGoogle(account);
    expect(again.session?.body).toMatchObject({ isNewMember: false, user: { id: user.id } });
    expect(again.session?.body.token).not.toBe(token);
    expect(await membersWithEmail(account.email)).toHaveLength(1);
    expect((await client.get(`/api/dev/outbox?to=${encodeURIComponent(account.email)}`)).body).toHaveLength(1);
  });

  it('names a member whose Google profile has no usable name after their address, never with fewer than 2 letters', async () => {
    const account = googleAccount({ email: `jo.${randomUUID().slice(0, 8)}@example.com`, given_name: 'J', family_name: undefined, name: undefined });
    const { session } = await continueWithGoogle(account);
    expect(session?.body.user).toMatchObject({ firstName: 'Jo', lastName: googleNameFallback });
  });

  it('hands the session to the landing page in no address: a POST picks it up once, from an HttpOnly cookie', async () => {
    const { landing, hops, browser, session } = await continueWithGoogle(googleAccount());
    expect(landing.search + landing.hash).toBe('');
    for (const hop of hops) {
      expect(hop.url.href).not.toContain(session!.body.token);
      expect(hop.location?.href ?? '').not.toContain(session!.body.token);
    }
    const callbackHop = hops.find((hop) => isCallback(hop.url))!;
    expect(callbackHop.setCookies.join('\n')).toMatch(/HttpOnly; SameSite=Lax/);
    expect(callbackHop.setCookies.join('\n')).toContain(`Path=${googleSignInPaths.start}`);

    const twice = await pickUpSession(browser);
    expect(twice.status).toBe(400);
    expect(twice.body).toMatchObject({ code: 'INVALID_CODE', message: googleSignInProblems.expired });
    const forged = await client.call('POST', googleSignInPaths.session, { headers: { cookie: 'google_sign_in=e30.bm90LWEtc2lnbmF0dXJl' } });
    expect(forged.status).toBe(400);
  });

  it('needs nothing more from the CSP: the button navigates, the answers redirect, and the pick-up is a same-origin call', async () => {
    const start = await fetch(appUrl(googleSignInPaths.start), { redirect: 'manual' });
    expect(start.status).toBe(302);
    expect(start.headers.get('location')).toMatch(new RegExp(`^${provider.issuer}/auth\\?`));
    const policy = start.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toContain("form-action 'self'");
    const { hops } = await continueWithGoogle(googleAccount());
    // The app's redirect to the landing page stays on its own origin, where the page then calls the API.
    expect(hops.find((hop) => isCallback(hop.url))?.location?.origin).toBe(publicUrl);
  });
});

describe('the hand-off to the landing page cannot be forged or replayed', () => {
  const pickUpWith = (cookieValue: string) => client.call('POST', googleSignInPaths.session, { headers: { cookie: `google_sign_in=${cookieValue}` } });
  const cookieValueOf = (setCookie: string) => setCookie.split(';')[0].slice('google_sign_in='.length);

  it('makes no session from a cookie signed with the server\'s own APP_SECRET that names a member (an admin too)', async () => {
    const victim = await registerMember(client);
    await server.database.db.update(users).set({ isAdmin: true }).where(eq(users.email, victim.email));
    const victimId = victim.user.id as string;
    // Someone who read the secret signs a cookie for the member of their choice.
    const forger = createGoogleSignInCookie({ appSecret: server.config.appSecret, publicUrl });
    const forged = forger.writeSignedIn({ userId: victimId, isNewMember: false, handOff: randomBytes(32).toString('base64url') });
    const answer = await pickUpWith(cookieValueOf(forged));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'INVALID_CODE', message: googleSignInProblems.expired });
  });

  it('takes the same cookie once: a copy presented again, or by someone else, is refused', async () => {
    const browser = createBrowser();
    provider.signInNextAs(googleAccount());
    await browser.navigate(appUrl(googleSignInPaths.start), (url) => url.pathname === googleSignInPaths.done);
    const copied = browser.cookie(appUrl(googleSignInPaths.session), 'google_sign_in')!;
    expect(copied).toBeTruthy();
    const [first, second] = [await pickUpWith(copied), await pickUpWith(copied)];
    expect(first.status).toBe(200);
    expect(second.status).toBe(400);
    expect(second.body.message).toBe(googleSignInProblems.expired);
  });

  it('has no routes at all on a server without Google settings', async () => {
    const withoutGoogle = await startTestServer();
    try {
      for (const [method, path] of [['GET', googleSignInPaths.start], ['GET', googleSignInPaths.callback], ['POST', googleSignInPaths.session]] as const) {
        expect((await fetch(`${withoutGoogle.baseUrl}${path}`, { method, redirect: 'manual' })).status, `${method} ${path}`).toBe(404);
      }
    } finally {
      await withoutGoogle.close();
    }
  });
});

describe('an account that already exists', () => {
  it('is linked to Google, not duplicated, when Google verified its address; its password keeps working', async () => {
    const member = await sellerMember(client, server.database.db, { emailVerified: true });
    const { session } = await continueWithGoogle(googleAccount({ email: member.email }));
    expect(session?.body).toMatchObject({ isNewMember: false, user: { id: member.user.id, email: member.email, firstName: 'Charlotte' } });
    const rows = await membersWithEmail(member.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ authMethod: 'email', isEmailVerified: true });
    expect(rows[0].googleId).toMatch(/^google-/);
    expect((await client.post('/api/auth/login', { email: member.email, password: member.password })).status).toBe(200);
    expect((await client.get('/api/auth/me', member.token)).status).toBe(200);
  });

  it('that never proved its address is linked and verified, and whoever registered it loses their password and sessions', async () => {
    const squatter = await registerMember(client, { email: linkedAdminEmail });
    expect(squatter.user.isAdmin).toBe(false);
    const spy = vi.spyOn(server.deps.contentVersion, 'publish');
    const { session } = await continueWithGoogle(googleAccount({ email: linkedAdminEmail }));
    // Its sessions end with it, and nobody else's: the cached sessions of every other member stay.
    const keys = spy.mock.calls.flatMap(([changed]) => [...changed]);
    spy.mockRestore();
    expect(keys).toContain(`members:${squatter.user.id}`);
    expect(keys.filter((key) => key === 'sessions' || key === 'members')).toEqual([]);
    // ADMIN_EMAILS applies once the address is proved, here by Google.
    expect(session?.body.user).toMatchObject({ id: squatter.user.id, isEmailVerified: true, isAdmin: true });
    expect(await membersWithEmail(linkedAdminEmail)).toHaveLength(1);
    expect((await client.get('/api/auth/me', squatter.token)).status).toBe(401);
    const withPassword = await client.post('/api/auth/login', { email: linkedAdminEmail, password: squatter.password });
    expect(withPassword.status).toBe(401);
    expect(withPassword.body.message).toBe(errorMessages.invalidCredentials);
  });

  it('linked to another Google account is not taken over by a second one with the same address', async () => {
    const email = uniqueEmail('moved');
    await continueWithGoogle(googleAccount({ email }));
    const other = await continueWithGoogle(googleAccount({ email }));
    expect(problemIn(other.landing)).toEqual({ path: '/auth', problem: 'account-conflict' });
    expect(await membersWithEmail(email)).toHaveLength(1);
  });

  it('named in ADMIN_EMAILS is an admin when Google made it', async () => {
    const { session } = await continueWithGoogle(googleAccount({ email: adminEmail }));
    expect(session?.body.user).toMatchObject({ email: adminEmail, isAdmin: true });
  });
});

describe('an invitation link', () => {
  async function invite(email: string, membershipTier: string) {
    const admin = await registerMember(client);
    await server.database.db.update(users).set({ isAdmin: true, isEmailVerified: true }).where(eq(users.id, admin.user.id));
    expect((await client.post('/api/admin/invite-user', { email, membershipTier }, admin.token)).status).toBe(200);
    const mail = (await client.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).body[0];
    return /invite=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
  }

  it('makes the new member Google signs in on the invited plan, and uses the invitation up', async () => {
    const account = googleAccount();
    const token = await invite(account.email, 'connector');
    const { session } = await continueWithGoogle(account, { inviteToken: token });
    expect(session?.status).toBe(200);
    expect(session?.body.user).toMatchObject({ email: account.email, membershipTier: 'connector', trialEndDate: null });
    expect((await client.get(`/api/invitations/${token}`)).status).toBe(404);
  });

  it('stops a Google sign-in with another address, making no account and leaving the invitation open', async () => {
    const invited = uniqueEmail('invited');
    const token = await invite(invited, 'connector');
    const stranger = googleAccount();
    const { landing } = await continueWithGoogle(stranger, { inviteToken: token });
    expect(problemIn(landing)).toEqual({ path: '/auth', problem: 'invitation-other-email' });
    expect(await membersWithEmail(stranger.email)).toHaveLength(0);
    expect((await client.get(`/api/invitations/${token}`)).body).toMatchObject({ email: invited, membershipTier: 'connector' });
  });
});

describe('a member Google made', () => {
  it('has no password: signing in with one is refused as usual, and a password reset adds one', async () => {
    const account = googleAccount();
    const { session } = await continueWithGoogle(account);
    const refused = await client.post('/api/auth/login', { email: account.email, password: 'any password at all' });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(errorMessages.invalidCredentials);

    expect((await client.post('/api/auth/reset-password-request', { email: account.email })).status).toBe(200);
    const code = await latestCodeFor(client, account.email);
    const reset = await client.post('/api/auth/reset-password-confirm', { email: account.email, code, password: 'a password of my own' });
    expect(reset.status).toBe(200);
    expect((await client.post('/api/auth/login', { email: account.email, password: 'a password of my own' })).status).toBe(200);
    const withGoogle = await continueWithGoogle(account);
    expect(withGoogle.session?.body.user.id).toBe(session?.body.user.id);
  });
});

describe('refused sign-ins come back to /auth saying why, and make no account', () => {
  it('refuses an answer whose state was tampered with', async () => {
    const account = googleAccount();
    const outcome = await continueWithGoogle(account, {
      tamper: (callback) => {
        const forged = new URL(callback);
        forged.searchParams.set('state', 'a-state-this-browser-never-sent');
        return forged;
      },
    });
    expect(problemIn(outcome.landing)).toEqual({ path: '/auth', problem: 'state-mismatch' });
    expect(outcome.browser.cookie(appUrl(googleSignInPaths.callback), 'google_sign_in')).toBeUndefined();
    expect(await membersWithEmail(account.email)).toHaveLength(0);
  });

  it("refuses Google's answer in a browser that did not start the sign-in, and the same answer twice", async () => {
    const account = googleAccount();
    const starter = createBrowser();
    provider.signInNextAs(account);
    const { url: callback } = await starter.navigate(appUrl(googleSignInPaths.start), isCallback);
    // Someone else's browser, sent the starter's answer (a login forged across sites).
    const elsewhere = await createBrowser().navigate(callback, isAppPage);
    expect(problemIn(elsewhere.url)).toEqual({ path: '/auth', problem: 'expired' });
    expect(await membersWithEmail(account.email)).toHaveLength(0);

    expect((await starter.navigate(callback, isAppPage)).url.pathname).toBe(googleSignInPaths.done);
    const replayed = await starter.navigate(callback, isAppPage);
    expect(problemIn(replayed.url)).toEqual({ path: '/auth', problem: 'expired' });
  });

  it('refuses a Google account whose email Google has not verified', async () => {
    const account = googleAccount({ email_verified: false });
    const { landing, session } = await continueWithGoogle(account);
    expect(problemIn(landing)).toEqual({ path: '/auth', problem: 'email-not-verified' });
    expect(session).toBeNull();
    expect(await membersWithEmail(account.email)).toHaveLength(0);
  });

  it('says so when the person cancels at Google', async () => {
    const { landing } = await continueWithGoogle('cancel');
    expect(problemIn(landing)).toEqual({ path: '/auth', problem: 'cancelled' });
  });
});

describe('PKCE', () => {
  it('is sent with every sign-in, and the provider checks it: without a challenge it refuses to start', async () => {
    await continueWithGoogle(googleAccount());
    const request = provider.authorizationRequests.at(-1)!;
    expect(request.searchParams.get('code_challenge_method')).toBe('S256');
    expect(request.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(request.searchParams.get('state')).toBeTruthy();
    expect(request.searchParams.get('nonce')).toBeTruthy();
    expect(request.searchParams.get('scope')).toBe('openid email profile');

    const withoutChallenge = new URL(request);
    withoutChallenge.searchParams.delete('code_challenge');
    withoutChallenge.searchParams.delete('code_challenge_method');
    const refused = await createBrowser().navigate(withoutChallenge, isCallback);
    expect(refused.url.searchParams.get('error')).toBe('invalid_request');
    expect(refused.url.searchParams.get('error_description')).toMatch(/PKCE/);
  });

  it('keeps a code from another sign-in from being used: the provider refuses the wrong verifier', async () => {
    const victim = createBrowser();
    provider.signInNextAs(googleAccount());
    const { url: victimCallback } = await victim.navigate(appUrl(googleSignInPaths.start), isCallback);
    const stolen = googleAccount();
    provider.signInNextAs(stolen);
    const { url: otherCallback } = await createBrowser().navigate(appUrl(googleSignInPaths.start), isCallback);
    // The other sign-in's code, injected into the victim's own answer (right state, wrong verifier).
    const injected = new URL(victimCallback);
    injected.searchParams.set('code', otherCallback.searchParams.get('code')!);
    const outcome = await victim.navigate(injected, isAppPage);
    expect(problemIn(outcome.url)).toEqual({ path: '/auth', problem: 'provider-error' });
    expect(await membersWithEmail(stolen.email)).toHaveLength(0);
  });
});

describe('settings', () => {
  // A half-set pair stops the server (tests/unit/config.test.ts), so no server shows a button that cannot work.
  it('show the button only when both the client id and its secret are set', async () => {
    expect((await client.get('/api/public-config')).body.googleClientId).toBe(clientId);
    expect(publicConfig(loadConfig({ DATA_DIR: server.config.dataDir })).googleClientId).toBeNull();
    expect(() => loadConfig({ DATA_DIR: server.config.dataDir, GOOGLE_CLIENT_ID: clientId })).toThrow(/GOOGLE_CLIENT_SECRET is required/);
  });
});

describe('abuse limits', () => {
  it('limit Google sign-ins per address like the other sign-in routes', async () => {
    const limited = await startTestServer({ RATE_LIMIT_MULTIPLIER: '1', GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: clientSecret, GOOGLE_ISSUER_URL: provider.issuer });
    try {
      const locations: string[] = [];
      for (let attempt = 0; attempt < 61; attempt += 1) {
        const response = await fetch(`${limited.baseUrl}${googleSignInPaths.start}`, { redirect: 'manual' });
        locations.push(response.headers.get('location') ?? '');
      }
      expect(locations.slice(0, 60).every((location) => location.startsWith(provider.issuer))).toBe(true);
      expect(locations[60]).toBe('/auth?googleError=rate-limited');
    } finally {
      await limited.close();
    }
  });
});
