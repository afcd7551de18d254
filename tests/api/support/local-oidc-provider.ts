// A real OpenID Connect provider (oidc-provider) on 127.0.0.1, standing in for Google in the API
// tests: discovery, signing keys, an authorization endpoint that requires PKCE, and a token
// endpoint that checks the verifier and the client's secret. Its ID tokens carry the email and
// name claims as Google's do. Logging in is not interactive: the test says who signs in next,
// or that they cancel at the consent screen.
import http from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';

/** A Google account, as its ID token describes it. */
export type ProviderAccount = {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
};

export type LocalOidcProvider = {
  issuer: string;
  /** The next login at the provider signs in as this account, or is cancelled. */
  signInNextAs: (next: ProviderAccount | 'cancel') => void;
  /** Every authorization request the provider received, as the browser sent it. */
  authorizationRequests: URL[];
  close: () => Promise<void>;
};

const scopes = 'openid email profile';

export async function startLocalOidcProvider(options: { port: number; clientId: string; clientSecret: string; redirectUri: string }): Promise<LocalOidcProvider> {
  const issuer = `http://127.0.0.1:${options.port}`;
  const accounts = new Map<string, ProviderAccount>();
  const nextLogins: (ProviderAccount | 'cancel')[] = [];
  const authorizationRequests: URL[] = [];

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'local-test-key', alg: 'RS256', use: 'sig' };

  const configuration: Configuration = {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: ['local-oidc-provider-cookie-key'] },
    // Every authorization request must carry a code challenge, and the token request its verifier.
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    // As Google does: the scopes' claims are in the ID token itself.
    conformIdTokenClaims: false,
    // Lifetimes in seconds; said here so the provider does not warn that they were left to defaults.
    ttl: { AuthorizationCode: 60, Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
    findAccount: async (_ctx, sub) => {
      const account = accounts.get(sub);
      return account ? { accountId: sub, claims: async () => ({ ...account }) } : undefined;
    },
  };
  const provider = new Provider(issuer, configuration);
  const handleProtocol = provider.callback();

  /** The login and consent screens, answered at once for whoever the test named. */
  async function finishInteraction(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(request, response);
    if (details.prompt.name === 'login') {
      const next = nextLogins.shift();
      if (!next) throw new Error('The test did not say who signs in at the provider.');
      if (next === 'cancel') {
        await provider.interactionFinished(request, response, { error: 'access_denied', error_description: 'End-User aborted interaction' }, { mergeWithLastSubmission: false });
        return;
      }
      accounts.set(next.sub, next);
      await provider.interactionFinished(request, response, { login: { accountId: next.sub } }, { mergeWithLastSubmission: false });
      return;
    }
    const grant = new provider.Grant({ accountId: details.session!.accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(scopes);
    await provider.interactionFinished(request, response, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
  }

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', issuer);
    if (url.pathname.startsWith('/interaction/')) {
      finishInteraction(request, response).catch((error: unknown) => {
        response.statusCode = 500;
        response.end(String(error));
      });
      return;
    }
    if (url.pathname === '/auth') authorizationRequests.push(url);
    void handleProtocol(request, response);
  });
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));

  return {
    issuer,
    signInNextAs: (next) => nextLogins.push(next),
    authorizationRequests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
