// What the server tells browsers about itself (CSP, HSTS, sniffing, referrers, cookies), what it
// writes to its logs, and what its error answers give away.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorMessages } from '../../src/domain/errors';
import { authTokenCookieName } from '../../src/domain/session';
import { createLogger } from '../../src/server/http/logger';
import { createPageRenderer } from '../../src/server/web/server-render';
import { latestCodeFor, makePhoto, registerMember, sellerMember, uploadPhoto } from './support/factories';
import { createClient } from './support/http-client';
import { startTestServer } from './support/test-server';
import { useTestServer } from './support/use-test-server';

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

const { server, client } = useTestServer({}, { logger: { level: 'trace', stream: logStream } });

function directives(policy: string | null): Map<string, string[]> {
  const parsed = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) parsed.set(name.toLowerCase(), values);
  }
  return parsed;
}

describe('security headers', () => {
  it('lets pages run only our own scripts, never inline ones, and never be framed', async () => {
    const seller = await sellerMember(client, server.database.db);
    const photo = await uploadPhoto(server.baseUrl, seller.token, await makePhoto());
    for (const url of ['/api/listings', '/api/no-such-route', '/auth', photo.body.url]) {
      const response = await client.get(url);
      const policy = directives(response.headers.get('content-security-policy'));
      const scripts = policy.get('script-src') ?? policy.get('default-src');
      expect(scripts, url).toContain("'self'");
      expect(scripts, url).not.toContain("'unsafe-inline'");
      expect(scripts, url).not.toContain("'unsafe-eval'");
      expect(scripts?.some((source) => source === '*' || source === 'data:' || source === 'blob:'), url).toBe(false);
      expect(policy.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(policy.get('object-src'), url).toEqual(["'none'"]);
      expect(response.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), url).toBe('no-referrer');
    }
  });

  it('sends HSTS only when the request came over HTTPS, through a trusted proxy', async () => {
    const overHttps = { 'x-forwarded-proto': 'https' };
    // Not behind a trusted proxy: anyone can send X-Forwarded-Proto, so it means nothing.
    expect((await client.call('GET', '/api/health', { headers: overHttps })).headers.get('strict-transport-security')).toBeNull();
    expect((await client.get('/api/health')).headers.get('strict-transport-security')).toBeNull();

    const behindProxy = await startTestServer({ TRUST_PROXY: '1', PUBLIC_URL: 'https://neighbourly.example' });
    try {
      const proxied = createClient(behindProxy.baseUrl);
      const secure = await proxied.call('GET', '/api/health', { headers: overHttps });
      expect(secure.headers.get('strict-transport-security')).toMatch(/^max-age=(\d+); includeSubDomains$/);
      expect(Number(/max-age=(\d+)/.exec(secure.headers.get('strict-transport-security')!)![1])).toBeGreaterThanOrEqual(180 * 24 * 60 * 60);
      // The same server reached over plain HTTP (a health check from inside the network) gets none.
      expect((await proxied.get('/api/health')).headers.get('strict-transport-security')).toBeNull();
      expect((await proxied.call('GET', '/api/health', { headers: { 'x-forwarded-proto': 'http' } })).headers.get('strict-transport-security')).toBeNull();
    } finally {
      await behindProxy.close();
    }
  });

  it('keeps sessions out of cookies: no answer in the sign-in flows sets one', async () => {
    const member = await registerMember(client);
    const responses = [
      await client.post('/api/auth/login', { email: member.email, password: member.password }),
      await client.get('/api/auth/me', member.token),
      await client.post('/api/auth/login', { email: member.email, password: 'wrong password here' }),
      await client.post('/api/auth/reset-password-request', { email: member.email }),
      await client.call('POST', '/api/auth/logout', { token: member.token }),
    ];
    for (const response of responses) expect(response.headers.get('set-cookie')).toBeNull();
    expect(responses[0].status).toBe(200);
  });

  it('gives the cookie copy of a token that pages keep for server rendering no rights on the API', async () => {
    const member = await registerMember(client);
    const cookie = { cookie: `${authTokenCookieName}=${encodeURIComponent(member.token)}` };
    expect((await client.call('GET', '/api/auth/me', { headers: cookie })).status).toBe(401);
    const listing = { title: 'Cookie-only listing', description: 'Sent with a cookie and no Authorization header.', price: '10', category: 'other', imageUrls: [] };
    expect((await client.call('POST', '/api/listings', { headers: cookie, body: listing })).status).toBe(401);
    expect((await client.call('POST', '/api/auth/logout', { headers: cookie })).status).not.toBe(500);
    expect((await client.get('/api/auth/me', member.token)).status).toBe(200);
  });
});

describe('logs', () => {
  it('never hold a password, bearer token or one-time code, though every request is logged', async () => {
    logLines.length = 0;
    const password = 'Tr0ub4dor&3-horse';
    const member = await registerMember(client, { password });
    const login = await client.post('/api/auth/login', { email: member.email, password });
    const token = login.body.token as string;
    await client.get('/api/auth/me', token);
    await client.get('/api/auth/me', `${token}-tampered`);
    await client.post('/api/auth/login', { email: member.email, password: 'Wrong-Password-Guess-42' });
    await client.post('/api/auth/register', { email: member.email, password: 'short', firstName: 'Al', lastName: 'Li' });

    await client.post('/api/auth/reset-password-request', { email: member.email });
    const code = await latestCodeFor(client, member.email);
    await client.post('/api/auth/reset-password-verify-code', { email: member.email, code });
    const newPassword = 'N3w-Passphrase-For-Reset';
    const reset = await client.post('/api/auth/reset-password-confirm', { email: member.email, code, password: newPassword });
    expect(reset.status).toBe(200);
    // Links from mail put codes and invitation tokens in the address.
    await client.get(`/verify-email?code=${code}`);
    await client.get('/auth?invite=inv-secret-token-123&mode=register');
    // An invitation's token is secret because its route says so, though letters alone look like a word.
    const lettersOnlyToken = 'InvitationTokenOfLettersAlone';
    expect((await client.get(`/api/invitations/${lettersOnlyToken}`)).status).toBe(404);

    const logText = logLines.join('\n');
    expect(logLines.filter((line) => line.includes('"incoming request"')).length).toBeGreaterThanOrEqual(10);
    expect(logText).toContain('/verify-email?code=[redacted]');
    expect(logText).toContain('/api/invitations/[redacted]');
    for (const secret of [password, newPassword, 'Wrong-Password-Guess-42', token, reset.body.token, code, 'inv-secret-token-123', lettersOnlyToken]) {
      expect(logText.includes(secret), `the logs hold ${secret}`).toBe(false);
    }
  });

  it('never hold the invitation in the address of a page that failed to render on the server', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const folder = await mkdtemp(path.join(os.tmpdir(), 'failing-render-'));
    const app = Fastify({ loggerInstance: createLogger({ logLevel: 'warn' }, { stream }) });
    try {
      await writeFile(path.join(folder, 'index.html'), '<!doctype html><title>Neighbourly</title><div id="root"></div>');
      // A server build whose render fails for every page.
      await writeFile(path.join(folder, 'entry-server.mjs'), "export async function renderPage() { throw new Error('the page could not be rendered'); }\n");
      const renderPage = createPageRenderer(app, { webRoot: folder, publicUrl: 'http://localhost', entryPath: path.join(folder, 'entry-server.mjs') });
      app.get('/auth', async (request, reply) => ((await renderPage(request, reply)) ? reply : reply.type('text/html').send('the app shell')));
      const response = await app.inject({ method: 'GET', url: '/auth?invite=InvitationTokenOfLettersAlone&mode=register' });
      expect(response.body).toBe('the app shell');
      const failure = lines.find((line) => line.includes('A page failed to render on the server'));
      expect(failure).toContain('/auth?invite=[redacted]&mode=[redacted]');
      expect(lines.join('\n')).not.toContain('InvitationTokenOfLettersAlone');
    } finally {
      await app.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('error answers', () => {
  // A stack frame, a source file, a query, a driver or a socket error.
  const leaks = /\bat \S+ \(|\.(?:ts|js|cjs|mjs):\d+|node_modules|"stack"|\bselect\b.*\bfrom\b|\binsert into\b|failed query|drizzle|pglite|postgres|syntax error|econn\w+/i;

  it('tell the client what went wrong and nothing about the server, for every kind of client error', async () => {
    const member = await registerMember(client);
    const answers = [
      await client.get('/api/no-such-route'),
      await client.call('POST', '/api/auth/login', { rawBody: '{"email": ', headers: { 'content-type': 'application/json' } }),
      await client.call('POST', '/api/auth/login', { rawBody: 'email=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      await client.call('POST', '/api/auth/login', { rawBody: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }), headers: { 'content-type': 'application/json' } }),
      await client.post('/api/listings', { title: "'; drop table listings; --" }, member.token),
      await client.get("/api/listings/' or 1=1 --"),
      await client.get('/api/listings?sort=1;select%20pg_sleep(5)'),
      await client.get('/api/auth/me', 'not-a-real-token'),
    ];
    for (const answer of answers) {
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(Object.keys(answer.body).sort()).toEqual(expect.arrayContaining(['code', 'message']));
      expect(Object.keys(answer.body).every((key) => ['code', 'message', 'fieldErrors'].includes(key))).toBe(true);
      expect(JSON.stringify(answer.body)).not.toMatch(leaks);
    }
  });

  it('answer a failure of the server itself in the product’s words, and log it with the request id to find it by', async () => {
    const broken = await startTestServer({}, { logger: { level: 'info', stream: logStream } });
    logLines.length = 0;
    await broken.database.close();
    const brokenClient = createClient(broken.baseUrl);
    try {
      for (const url of ['/api/listings?search=lamp', '/api/listings/6f1c4b1e-8e7b-4d1a-9d3e-5c7a2b1f0e9d', '/api/auth/me']) {
        const answer = await brokenClient.call('GET', url, { token: 'a'.repeat(43), headers: { 'x-request-id': `fault-${url.length}` } });
        expect(answer.status, url).toBeGreaterThanOrEqual(500);
        expect([errorMessages.unavailable, errorMessages.unexpected], url).toContain(answer.body.message);
        expect(Object.keys(answer.body).sort(), url).toEqual(['code', 'message']);
        expect(JSON.stringify(answer.body), url).not.toMatch(leaks);
        expect(logLines.some((line) => line.includes(`"reqId":"fault-${url.length}"`) && /"level":50/.test(line)), url).toBe(true);
      }
    } finally {
      await broken.app.close();
    }
  });
});
