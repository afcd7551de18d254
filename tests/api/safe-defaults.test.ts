// Safe by default: production refuses to start unsafe, and no setting or edge lets a stranger in
// (docs/security.md lists each item with the test here that covers it).
import { createHmac } from 'node:crypto';
import os from 'node:os';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorMessages } from '../../src/domain/errors';
import { createDeps } from '../../src/server/create-deps';
import { syncConfiguredAdmins } from '../../src/server/auth/configured-admins';
import { loadConfig } from '../../src/server/config';
import { users } from '../../src/server/db/schema';
import { devOutboxMessages } from '../../src/server/dev/routes';
import { signPayload } from '../../src/server/membership/webhook-signature';
import { createTestPaymentProvider } from '../../src/server/services/payments';
import { registerMember, sellerMember, uniqueEmail, validListing } from './support/factories';
import { createClient } from './support/http-client';
import { productionSettings, runServer } from './support/run-server';
import { firstPassOnlyNote, isRepeatPass, openTestDatabase } from './support/test-database';
import { startTestServer } from './support/test-server';
import { useTestServer } from './support/use-test-server';

const { server, client } = useTestServer({ ADMIN_EMAILS: 'owner@example.com' });

describe('production refuses to start unsafe', () => {
  it.skipIf(isRepeatPass)(`with demo data: exits non-zero naming DEMO_DATA, before it opens a database${firstPassOnlyNote}`, async () => {
    const run = await runServer({ ...productionSettings, DEMO_DATA: 'true' });
    expect(run.code).toBe(1);
    expect(run.output).toMatch(/DEMO_DATA cannot be true in production/);
  });

  it.skipIf(isRepeatPass)(`with deploy/.env.example's placeholder APP_SECRET: exits non-zero naming it, before it opens a database${firstPassOnlyNote}`, async () => {
    const run = await runServer({ ...productionSettings, APP_SECRET: 'change-me-to-the-output-of-openssl-rand-hex-32' });
    expect(run.code).toBe(1);
    expect(run.output).toMatch(/APP_SECRET is a placeholder/);
  });

  it.skipIf(isRepeatPass)(`without Stripe: exits non-zero naming STRIPE_SECRET_KEY${firstPassOnlyNote}`, async () => {
    const { STRIPE_SECRET_KEY: _secret, STRIPE_PUBLISHABLE_KEY: _publishable, STRIPE_WEBHOOK_SECRET: _webhook, ...withoutStripe } = productionSettings;
    const run = await runServer(withoutStripe);
    expect(run.code).toBe(1);
    expect(run.output).toMatch(/STRIPE_SECRET_KEY is required in production/);
  });

  it('will not build a production app on the built-in test payment provider, whoever assembles it', async () => {
    const config = loadConfig({ ...productionSettings, DATABASE_URL: '' });
    const database = await openTestDatabase();
    try {
      await expect(createDeps(config, { database, mail: { kind: 'outbox', send: async () => {} }, payments: createTestPaymentProvider(), logger: false })).rejects.toThrow(
        /test payment provider cannot run in production/,
      );
    } finally {
      await database.close();
    }
  });
});

describe('admin rights from ADMIN_EMAILS', () => {
  it('wait for the address to be verified, then apply; at start-up an unproved account named there is no admin', async () => {
    const squatter = await registerMember(client, { email: 'owner@example.com' });
    expect(squatter.user.isAdmin).toBe(false);
    expect((await client.get('/api/admin/users', squatter.token)).status).toBe(403);

    // An account made admin before this rule (registered first by anyone) loses it at the next start.
    const db = server.database.db;
    await db.update(users).set({ isAdmin: true }).where(eq(users.id, squatter.user.id));
    await syncConfiguredAdmins(db, server.config.adminEmails);
    const [afterStart] = await db.select().from(users).where(eq(users.id, squatter.user.id));
    expect(afterStart.isAdmin).toBe(false);

    // Once the mailbox is proved, the same start-up makes it an admin.
    await db.update(users).set({ isEmailVerified: true }).where(eq(users.id, squatter.user.id));
    await syncConfiguredAdmins(db, server.config.adminEmails);
    const [proved] = await db.select().from(users).where(eq(users.id, squatter.user.id));
    expect(proved.isAdmin).toBe(true);
  });
});

describe('the dev outbox', () => {
  it('answers a browser on this computer, but not one reaching it through a proxy', async () => {
    expect((await client.get('/api/dev/outbox')).status).toBe(200);
    const proxied = await client.call('GET', '/api/dev/outbox', { headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(proxied.status).toBe(403);
    expect(proxied.body).toEqual({ code: 'DEV_OUTBOX_LOCAL_ONLY', message: devOutboxMessages.loopbackOnly });
  });

  const lanAddress = Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;

  it('does not answer another computer on the network, even when the server listens on every interface', async (context) => {
    if (!lanAddress) {
      console.log('skipped: this machine has no network address other than loopback to reach the server on');
      context.skip();
    }
    const everywhere = await startTestServer({}, { host: '0.0.0.0' });
    try {
      const port = new URL(everywhere.baseUrl).port;
      const fromNetwork = await fetch(`http://${lanAddress}:${port}/api/dev/outbox`);
      expect(fromNetwork.status).toBe(403);
      const listingsFromNetwork = await fetch(`http://${lanAddress}:${port}/api/listings`);
      expect(listingsFromNetwork.status).toBe(200);
    } finally {
      await everywhere.close();
    }
  });
});

describe('payment webhooks in development', () => {
  it('refuse an event signed with the secret the code once derived from a public constant', async () => {
    const member = await registerMember(client);
    const event = JSON.stringify({ id: `evt_${Date.now()}`, type: 'invoice.paid', data: { object: { id: 'in_1', subscription: 'sub_forged', metadata: { userId: member.user.id } } } });
    const publicSecret = createHmac('sha256', 'development-only-secret-change-me-in-production').update('payments-webhook').digest('hex');
    const forged = await client.call('POST', '/api/webhooks/payments', {
      rawBody: event,
      headers: { 'content-type': 'application/json', 'stripe-signature': signPayload(publicSecret, event) },
    });
    expect(forged.status).toBe(400);
    expect((await client.get('/api/auth/me', member.token)).body.membershipTier).toBe('explorer');
  });
});

describe('TRUST_PROXY', () => {
  it('with one proxy, takes the address that proxy saw: a client naming itself in X-Forwarded-For still meets the per-address limit', async () => {
    const behindProxy = await startTestServer({ TRUST_PROXY: '1', RATE_LIMIT_MULTIPLIER: '1' });
    try {
      const proxied = createClient(behindProxy.baseUrl);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 31; attempt += 1) {
        const response = await proxied.call('POST', '/api/auth/login', {
          body: { email: uniqueEmail('guess'), password: 'not the password' },
          headers: { 'x-forwarded-for': `203.0.113.${attempt + 1}, 198.51.100.7` },
        });
        statuses.push(response.status);
      }
      expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
      expect(statuses[30]).toBe(429);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('what a visitor can discover', () => {
  it('is what a Starter sees around the postcode the visitor chose (3000 unless they say), in browse and search', async () => {
    const inCbd = await sellerMember(client, server.database.db, { postcode: '3000', tier: 'connector' });
    const inFitzroy = await sellerMember(client, server.database.db, { postcode: '3065', tier: 'connector' });
    const inSydney = await sellerMember(client, server.database.db, { postcode: '2000', tier: 'connector' });
    const word = `visitorcheck${Date.now()}`;
    for (const seller of [inCbd, inFitzroy, inSydney]) {
      const created = await client.post('/api/listings', { ...validListing, title: `${word} lamp` }, seller.token);
      expect(created.status).toBe(201);
    }
    const starter = await sellerMember(client, server.database.db, { postcode: '3000', tier: 'starter' });
    const titlesOf = (response: { body: { sellerId: string }[] }) => response.body.map((listing) => listing.sellerId).sort();

    const asStarter = await client.get(`/api/listings?search=${word}&limit=48`, starter.token);
    const asVisitor = await client.get(`/api/listings?search=${word}&limit=48`);
    expect(titlesOf(asVisitor)).toEqual(titlesOf(asStarter));
    expect(titlesOf(asVisitor)).not.toContain(inSydney.user.id);
    expect(titlesOf(asVisitor)).toContain(inCbd.user.id);

    const aroundSydney = await client.get(`/api/listings?search=${word}&near=2000&limit=48`);
    expect(titlesOf(aroundSydney)).toEqual([inSydney.user.id]);
    // Nearest first, too, keeps to the visitor's area.
    const nearest = await client.get(`/api/listings?search=${word}&sort=distance&limit=48`);
    expect(titlesOf(nearest)).toEqual(titlesOf(asStarter));
  });
});

describe('secrets in logs', () => {
  it('keep invitation tokens, codes, searches and the values of a failed query out', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const logged = await startTestServer({}, { logger: { level: 'info', stream } });
    try {
      const logClient = createClient(logged.baseUrl);
      const token = 'Zk3x9QvT2mPq8LwY4nRb6sHd1JcF5gA7eU0oKiXy';
      await logClient.get(`/api/invitations/${token}`);
      await logClient.get(`/auth?invite=${token}`);
      await logClient.get('/verify-email?code=481516');
      await logClient.get('/api/listings?search=someone%40example.com');

      // A query that fails in the database with a member's email and password hash among its values.
      await logged.database.db.execute(sql`alter table users rename column first_name to first_name_gone`);
      const email = uniqueEmail('leak');
      const failed = await logClient.post('/api/auth/register', { email, password: 'a secret password', firstName: 'Ava', lastName: 'Lee' });
      await logged.database.db.execute(sql`alter table users rename column first_name_gone to first_name`);
      expect(failed.status).toBe(500);

      const text = lines.join('');
      expect(text).toContain('"msg":"unexpected error"');
      for (const secret of [token, '481516', 'someone@example.com', 'someone%40example.com', email, '$argon2']) {
        expect(text.includes(secret), `the logs hold ${secret}`).toBe(false);
      }
    } finally {
      await logged.close();
    }
  });
});

describe('a NUL character or a malformed upload', () => {
  it('is a clear 400 wherever it comes, never a server error', async () => {
    const admin = await sellerMember(client, server.database.db);
    await server.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.user.id));
    const answers = [
      await client.get('/api/listings?search=a%00b'),
      await client.get('/api/admin/users?search=a%00b', admin.token),
      await client.post('/api/auth/register', { email: uniqueEmail(), password: 'long enough password', firstName: 'A\u0000b', lastName: 'Nguyen' }),
      await client.post('/api/contact', { name: 'Ava\u0000', email: 'ava@example.com', message: 'A question about listing rules.' }),
      await client.post('/api/admin/banned-words', { word: 'sc\u0000am' }, admin.token),
      await client.post('/api/listings', { ...validListing, description: 'Works well\u0000 and is clean.' }, admin.token),
    ];
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body).toEqual({ code: 'NUL_CHARACTER', message: errorMessages.nulCharacter });
    }

    const upload = (body: string, contentType = 'multipart/form-data; boundary=zzz') =>
      fetch(`${server.baseUrl}/api/uploads/images`, { method: 'POST', headers: { 'content-type': contentType, authorization: `Bearer ${admin.token}` }, body });
    const malformed = [
      await upload('--zzz\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nabc'),
      await upload('not a multipart body at all'),
      await upload('x', 'multipart/form-data'),
    ];
    for (const response of malformed) {
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ code: 'MALFORMED_UPLOAD', message: errorMessages.malformedUpload });
    }
  });
});

describe('a password reset request', () => {
  it('answers at once whether or not the email has an account, however slow the mail server is', async () => {
    const slowMail = await startTestServer({}, { mail: () => ({ kind: 'smtp', send: () => new Promise((resolve) => setTimeout(resolve, 1500)) }) });
    try {
      const slowClient = createClient(slowMail.baseUrl);
      const member = await registerMember(slowClient);
      const timed = async (email: string) => {
        const started = performance.now();
        const response = await slowClient.post('/api/auth/reset-password-request', { email });
        return { response, ms: performance.now() - started };
      };
      const known = await timed(member.email);
      const unknown = await timed(uniqueEmail('nobody'));
      expect(known.response.body).toEqual(unknown.response.body);
      expect(known.ms).toBeLessThan(500);
      expect(unknown.ms).toBeLessThan(500);
    } finally {
      await slowMail.close();
    }
  });
});
