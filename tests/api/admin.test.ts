import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '../../src/domain/admin';
import { withArticle } from '../../src/domain/plan-copy';
import { paymentEvents, subscriptions, users } from '../../src/server/db/schema';
import { signPayload } from '../../src/server/membership/webhook-signature';
import { testPaymentEvent } from '../../src/server/services/payments';
import { fakeMp4, registerMember, sellerMember, uniqueEmail, uploadVideoTo, validListing, verifyEmailOf, type VideoUpload } from './support/factories';
import { useTestServer } from './support/use-test-server';

const { server, client } = useTestServer({ ADMIN_EMAILS: 'chief@example.com' });
let admin: Awaited<ReturnType<typeof registerMember>>;
let member: Awaited<ReturnType<typeof registerMember>>;

beforeAll(async () => {
  // ADMIN_EMAILS names the admin; the rights come once the address is proved.
  admin = await registerMember(client, { email: 'chief@example.com', firstName: 'Grace' });
  await verifyEmailOf(client, admin);
  member = await registerMember(client);
});

const uploadVideo = (token: string | undefined, options: VideoUpload = {}) => uploadVideoTo(server.baseUrl, token, options);

describe('who may use the admin API', () => {
  it('answers every admin route with 401 to visitors and 403 to members', async () => {
    const adminRoutes = server.app.routeTable.filter((route) => route.url.startsWith('/api/admin')).map((route) => `${route.method} ${route.url}`);

    const calls: [string, string][] = [
      ['GET', '/api/admin/users'],
      ['POST', '/api/admin/verify-user'],
      ['POST', '/api/admin/gift-membership'],
      ['POST', '/api/admin/invite-user'],
      ['GET', '/api/admin/banned-words'],
      ['POST', '/api/admin/banned-words'],
      ['DELETE', '/api/admin/banned-words/00000000-0000-0000-0000-000000000000'],
      ['GET', '/api/admin/homepage-videos'],
      ['POST', '/api/admin/homepage-videos'],
      ['PUT', '/api/admin/homepage-videos/00000000-0000-0000-0000-000000000000/activate'],
      ['DELETE', '/api/admin/homepage-videos/00000000-0000-0000-0000-000000000000'],
      ['GET', '/api/admin/audit-log'],
      ['GET', '/api/admin/jobs'],
      ['GET', '/api/admin/reports'],
      ['GET', '/api/admin/insights'],
      ['GET', '/api/admin/insights/csv'],
      ['POST', '/api/admin/reports/00000000-0000-0000-0000-000000000000/actions'],
      ['DELETE', '/api/admin/members/00000000-0000-0000-0000-000000000000/suspension'],
      ['DELETE', '/api/admin/members/00000000-0000-0000-0000-000000000000'],
      ['GET', '/api/admin/support'],
      ['POST', '/api/admin/support/00000000-0000-0000-0000-000000000000/reply'],
    ];
    // Every admin route the server has is walked here: a new one fails this test until it is added.
    const walked = calls.map(([method, url]) => `${method} ${url.replace(/0{8}-0{4}-0{4}-0{4}-0{12}/, ':id')}`);
    expect(walked.sort()).toEqual(adminRoutes.sort());
    for (const [method, url] of calls) {
      const body = method === 'POST' || method === 'PUT' ? {} : undefined;
      const visitor = await client.call(method, url, { body });
      expect(visitor.status, `${method} ${url} as visitor`).toBe(401);
      const asMember = await client.call(method, url, { body, token: member.token });
      expect(asMember.status, `${method} ${url} as member`).toBe(403);
      expect(asMember.body).toEqual({ code: 'ADMIN_ONLY', message: 'You need admin privileges to access this page' });
      const asAdmin = await client.call(method, url, { body, token: admin.token });
      expect([200, 201, 204, 400, 404, 415], `${method} ${url} as admin`).toContain(asAdmin.status);
    }
  });
});

describe('members', () => {
  it('lists members with a count, searchable by name or email', async () => {
    const named = await registerMember(client, { firstName: 'Zebedee', lastName: 'Quill' });
    const all = await client.get('/api/admin/users', admin.token);
    expect(all.body.total).toBeGreaterThanOrEqual(3);
    const search = await client.get('/api/admin/users?search=zebedee', admin.token);
    expect(search.body.users.map((user: { id: string }) => user.id)).toEqual([named.user.id]);
    expect((await client.get(`/api/admin/users?search=${encodeURIComponent(named.email.slice(0, 12))}`, admin.token)).body.total).toBe(1);
    expect((await client.get('/api/admin/users?search=Zebedee%20Quill', admin.token)).body.total).toBe(1);
    expect((await client.get('/api/admin/users?search=%25', admin.token)).body.total).toBe(0);
  });

  it('forces a verification and records it', async () => {
    const target = await registerMember(client);
    const response = await client.post('/api/admin/verify-user', { userId: target.user.id, verificationType: 'isPhoneVerified' }, admin.token);
    expect(response.status).toBe(200);
    expect(response.body.message).toContain('Phone verified');
    expect((await client.get('/api/verification-status', target.token)).body.isPhoneVerified).toBe(true);
    const log = await client.get('/api/admin/audit-log', admin.token);
    expect(log.body[0]).toMatchObject({ action: 'verify_user', actorEmail: 'chief@example.com', targetEmail: target.email });
    expect((await client.post('/api/admin/verify-user', { userId: target.user.id, verificationType: 'isAdmin' }, admin.token)).status).toBe(400);
  });

  it('gifts Lifetime, and refuses an unknown email or tier', async () => {
    const target = await registerMember(client);
    const gift = await client.post('/api/admin/gift-membership', { userEmail: target.email, membershipTier: 'lifetime' }, admin.token);
    expect(gift.status).toBe(200);
    expect(gift.body.message).toContain('Lifetime');
    expect((await client.get('/api/auth/me', target.token)).body).toMatchObject({ membershipTier: 'lifetime', trialEndDate: null });

    const unknown = await client.post('/api/admin/gift-membership', { userEmail: uniqueEmail('nobody'), membershipTier: 'connector' }, admin.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: 'MEMBER_NOT_FOUND', message: adminMessages.unknownUser });
    const superuser = await client.post('/api/admin/gift-membership', { userEmail: target.email, membershipTier: 'superuser' }, admin.token);
    expect(superuser.status).toBe(400);
    expect(superuser.body.message).toBe(adminMessages.unknownTier);
    const missing = await client.post('/api/admin/gift-membership', { userEmail: '', membershipTier: '' }, admin.token);
    expect(missing.body.message).toBe(adminMessages.missingGiftInformation);
  });
});

describe('gifts racing payments', () => {
  async function deliver(event: unknown) {
    const raw = JSON.stringify(event);
    return client.call('POST', '/api/webhooks/payments', {
      rawBody: raw,
      headers: { 'content-type': 'application/json', 'stripe-signature': signPayload(server.config.paymentsWebhookSecret, raw) },
    });
  }

  for (const [paidFor, gifted] of [
    ['connector', 'lifetime'],
    ['explorer', 'connector'],
  ] as const) {
    it(`a gift of ${gifted} racing the payment of ${withArticle(paidFor)} checkout and its replays leaves the gift, billed for nothing`, async () => {
      const target = await registerMember(client);
      const checkout = await client.post('/api/create-subscription', { tier: paidFor }, target.token);
      const [pending] = await server.database.db.select().from(subscriptions).where(eq(subscriptions.userId, target.user.id));
      const paid = testPaymentEvent('invoice.paid', pending.providerSubscriptionId);
      expect(checkout.body.clientSecret).toBe(pending.clientSecret);

      const answers = await Promise.all([
        client.post('/api/admin/gift-membership', { userEmail: target.email, membershipTier: gifted }, admin.token),
        ...Array.from({ length: 5 }, () => deliver(paid)),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);

      const [after] = await server.database.db.select().from(users).where(eq(users.id, target.user.id));
      expect(after).toMatchObject({ membershipTier: gifted, trialEndDate: null, stripeSubscriptionId: null });
      const rows = await server.database.db.select().from(subscriptions).where(eq(subscriptions.userId, target.user.id));
      expect(rows.map((row) => row.status)).toEqual(['cancelled']);
      expect(await server.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, paid.id))).toHaveLength(1);
    });
  }
});

describe('invitations', () => {
  it('mails a single-use link; joining through it gives the tier', async () => {
    const email = uniqueEmail('invited');
    const invite = await client.post('/api/admin/invite-user', { email, membershipTier: 'connector' }, admin.token);
    expect(invite.status).toBe(200);
    const mail = (await client.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).body[0];
    const token = /invite=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    expect((await client.get(`/api/invitations/${token}`)).body).toMatchObject({ email, membershipTier: 'connector' });

    const joined = await client.post('/api/auth/register', { email, password: 'invited password', firstName: 'Ivy', lastName: 'Invite', inviteToken: token });
    expect(joined.status).toBe(201);
    expect(joined.body.user).toMatchObject({ membershipTier: 'connector', isEmailVerified: true });

    const again = await client.post('/api/auth/register', { email: uniqueEmail(), password: 'another password', firstName: 'Sam', lastName: 'Again', inviteToken: token });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ code: 'INVITATION_INVALID', message: adminMessages.inviteInvalid });
    expect(await client.get(`/api/invitations/${token}`)).toMatchObject({ status: 404, body: { code: 'INVITATION_NOT_FOUND', message: adminMessages.inviteInvalid } });
  });

  it('refuses an invitation for someone else, and inviting an existing member', async () => {
    const email = uniqueEmail('invited');
    await client.post('/api/admin/invite-user', { email }, admin.token);
    const token = /invite=([A-Za-z0-9_-]+)/.exec((await client.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).body[0].text)![1];
    const other = await client.post('/api/auth/register', { email: uniqueEmail(), password: 'some password', firstName: 'Not', lastName: 'Them', inviteToken: token });
    expect(other.body).toEqual({ code: 'INVITATION_OTHER_EMAIL', message: adminMessages.inviteOtherEmail });
    const existing = await client.post('/api/admin/invite-user', { email: member.email }, admin.token);
    expect(existing.status).toBe(409);
    expect(existing.body.code).toBe('ALREADY_A_MEMBER');
    const missing = await client.post('/api/admin/invite-user', { email: '' }, admin.token);
    expect(missing.body.message).toBe(adminMessages.missingEmail);
  });
});

describe('banned words', () => {
  it('adds, lists and removes words, unique whatever the case; the listing filter uses them at once', async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'connector' });
    const added = await client.post('/api/admin/banned-words', { word: '  Knockoff  ' }, admin.token);
    expect(added.status).toBe(201);
    expect(added.body.word).toBe('Knockoff');
    const duplicate = await client.post('/api/admin/banned-words', { word: 'KNOCKOFF' }, admin.token);
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ code: 'WORD_ALREADY_BANNED', message: adminMessages.wordExists });
    const spaces = await client.post('/api/admin/banned-words', { word: '    ' }, admin.token);
    expect(spaces.status).toBe(400);
    expect(spaces.body.message).toBe(adminMessages.missingWord);

    const blocked = await client.post('/api/listings', { ...validListing, title: 'Knockoff watch' }, seller.token);
    expect(blocked.body.bannedWords).toEqual(['Knockoff']);

    const list = await client.get('/api/admin/banned-words', admin.token);
    expect(list.body.map((item: { word: string }) => item.word)).toContain('Knockoff');
    const removed = await client.call('DELETE', `/api/admin/banned-words/${added.body.id}`, { token: admin.token });
    expect(removed.status).toBe(200);
    expect((await client.post('/api/listings', { ...validListing, title: 'Knockoff watch' }, seller.token)).status).toBe(201);
  });
});

describe('homepage videos', () => {
  it('uploads a video as the active one, activates another, deletes any, with one active at a time', async () => {
    const first = await uploadVideo(admin.token, { displayName: 'First clip' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ displayName: 'First clip', isActive: true, fileSize: 4096 });
    const second = await uploadVideo(admin.token, { displayName: 'Second clip' });
    expect(second.body.isActive).toBe(true);
    const active = await client.get('/api/homepage-video/active');
    expect(active.body.id).toBe(second.body.id);

    const served = await fetch(`${server.baseUrl}${second.body.url}`, { headers: { range: 'bytes=0-99' } });
    expect(served.status).toBe(206);
    expect(served.headers.get('content-range')).toBe('bytes 0-99/4096');

    await Promise.all([
      client.call('PUT', `/api/admin/homepage-videos/${first.body.id}/activate`, { token: admin.token }),
      client.call('PUT', `/api/admin/homepage-videos/${second.body.id}/activate`, { token: admin.token }),
      client.call('PUT', `/api/admin/homepage-videos/${first.body.id}/activate`, { token: admin.token }),
    ]);
    const videos = (await client.get('/api/admin/homepage-videos', admin.token)).body;
    expect(videos.filter((video: { isActive: boolean }) => video.isActive)).toHaveLength(1);

    const deleted = await client.call('DELETE', `/api/admin/homepage-videos/${first.body.id}`, { token: admin.token });
    expect(deleted.status).toBe(204);
    expect(existsSync(path.join(server.config.dataDir, 'videos', first.body.filename))).toBe(false);
  });

  it('refuses a text file named .mp4, a non-video type, an empty name and a file over 50 MB, storing nothing', async () => {
    const before = (await client.get('/api/admin/homepage-videos', admin.token)).body.length;
    const text = await uploadVideo(admin.token, { bytes: Buffer.from('just some text, not a video at all\n'.repeat(100)) });
    expect(text.status).toBe(415);
    expect(text.body.message).toBe(adminMessages.videoNotRecognised);
    const image = await uploadVideo(admin.token, { type: 'image/png' });
    expect(image.status).toBe(415);
    expect(image.body.message).toBe(adminMessages.videoWrongType);
    const noName = await uploadVideo(admin.token, { displayName: '   ' });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe(adminMessages.missingVideoName);
    const huge = await uploadVideo(admin.token, { bytes: fakeMp4(60 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe(adminMessages.videoTooLarge);
    expect((await client.get('/api/admin/homepage-videos', admin.token)).body.length).toBe(before);
  });

  it('lets an existing admin make another member an admin only through ADMIN_EMAILS or the database', async () => {
    const [row] = await server.database.db.select().from(users).where(eq(users.id, admin.user.id));
    expect(row.isAdmin).toBe(true);
  });
});
