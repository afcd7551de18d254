// A member's own data (decision 37): a copy made by a job, downloaded by that member alone for a
// week, once a day; and closing the account, after which the member is "Former member" to those
// they dealt with, their listings are gone everywhere and their details are erased by the upkeep.
import { eq, sql } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountSecurityMessages } from '../../src/domain/account-security';
import { abuseLimits } from '../../src/domain/limits';
import { errorMessages } from '../../src/domain/errors';
import { closeAccountMessages, closedAccountKeepDays, dataExportMessages, formerMemberName } from '../../src/domain/your-data';
import { closedAccountEmail, eraseClosedAccounts } from '../../src/server/account/close-account';
import { removeExpiredDataExports } from '../../src/server/account/data-export';
import { dataExports, subscriptions, uploadedImages, users } from '../../src/server/db/schema';
import { mailsTo, makePhoto, registerMember, sellerMember, uploadPhoto, validListing, verifyEmailOf } from './support/factories';
import { useTestServer } from './support/use-test-server';

const { server, client } = useTestServer({ ADMIN_EMAILS: 'your-data-admin@example.com' });
let admin: Awaited<ReturnType<typeof registerMember>>;

beforeAll(async () => {
  admin = await registerMember(client, { email: 'your-data-admin@example.com' });
  await verifyEmailOf(client, admin);
});

const member = (options: Parameters<typeof sellerMember>[2] = {}) => sellerMember(client, server.database.db, options);
const requestExport = (token: string) => client.call('POST', '/api/user/export', { token });
const exportsOf = async (token: string) => (await client.get('/api/user/exports', token)).body as { exports: { id: string; status: string; expiresAt: string | null; bytes: number | null }[]; nextRequestAt: string | null };

async function download(token: string, id: string) {
  const response = await fetch(`${server.baseUrl}/api/user/exports/${id}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** Every file of the sitemap, as one text. */
async function sitemapText(): Promise<string> {
  const index = await (await fetch(`${server.baseUrl}/sitemap.xml`)).text();
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
  const texts = await Promise.all(files.map(async (file) => (await fetch(`${server.baseUrl}${file}`)).text()));
  return [index, ...texts].join('\n');
}

/** Two members who talked about the first one's listing (with a photo), and what they saved. */
async function membersWhoTalked() {
  const seller = await member({ firstName: 'Sally' });
  const buyer = await member({ firstName: 'Ben', postcode: '3000' });
  const photo = await uploadPhoto(server.baseUrl, seller.token, await makePhoto());
  expect(photo.status).toBe(201);
  const listing = (await client.post('/api/listings', { ...validListing, title: 'Teak sideboard', imageUrls: [photo.body.url] }, seller.token)).body as { id: string };
  const started = await client.post(`/api/listings/${listing.id}/conversations`, { message: 'Is the sideboard still there?' }, buyer.token);
  expect(started.status).toBe(201);
  const conversationId = started.body.conversation.id as string;
  expect((await client.post(`/api/conversations/${conversationId}/messages`, { body: 'It is, come Saturday.' }, seller.token)).status).toBe(201);
  expect((await client.post(`/api/conversations/${conversationId}/offers`, { amount: '80' }, buyer.token)).status).toBe(201);
  expect((await client.call('PUT', `/api/favourites/${listing.id}`, { token: buyer.token })).status).toBe(204);
  return { seller, buyer, listingId: listing.id, conversationId, photoUrl: photo.body.url as string };
}

describe('a copy of your data', () => {
  it('is made by a job, mailed, and downloaded as a ZIP of data.json and the photos by its member alone', async () => {
    const { seller, buyer, listingId } = await membersWhoTalked();
    const asked = await requestExport(seller.token);
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({ status: 'preparing', readyAt: null });

    expect(await server.deps.jobs.settle(['data-export'], 30_000)).toBe(true);
    const [mail] = await mailsTo(server, client, seller.email);
    expect(mail.subject).toBe('Your Neighbourly data is ready to download');
    expect(mail.text).toContain(`${server.config.publicUrl}/account#your-data`);

    const { exports } = await exportsOf(seller.token);
    expect(exports[0]).toMatchObject({ id: asked.body.id, status: 'ready' });
    expect(new Date(exports[0].expiresAt!).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);

    const file = await download(seller.token, asked.body.id);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/zip');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="neighbourly-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    expect(file.bytes.length).toBe(exports[0].bytes);
    const zip = unzipSync(file.bytes);
    const data = JSON.parse(strFromU8(zip['data.json']));
    expect(data.profile).toMatchObject({ email: seller.email, firstName: 'Sally', emailVerified: true });
    expect(data.listings).toEqual([expect.objectContaining({ id: listingId, title: 'Teak sideboard', price: '85.50', status: 'active', photos: [`photos/${listingId}/1.jpg`] })]);
    // The photo itself, byte for byte as stored (a JPEG).
    const photo = zip[`photos/${listingId}/1.jpg`];
    expect([...photo.slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(data.conversations).toEqual([
      expect.objectContaining({
        listing: 'Teak sideboard',
        you: 'seller',
        with: 'Ben',
        messages: [
          expect.objectContaining({ from: 'Ben', text: 'Is the sideboard still there?' }),
          expect.objectContaining({ from: 'you', text: 'It is, come Saturday.' }),
          expect.objectContaining({ from: 'Ben', text: 'Offered $80' }),
        ],
        offers: [expect.objectContaining({ by: 'Ben', amount: '80.00', status: 'open', answeredAt: null })],
      }),
    ]);
    expect(data.plan).toMatchObject({ current: 'explorer', payments: [] });

    // Another member, or nobody, gets "not found" for it; the buyer's own copy holds their favourite.
    expect((await download(buyer.token, asked.body.id)).status).toBe(404);
    expect((await client.get(`/api/user/exports/${asked.body.id}`)).status).toBe(401);
    expect((await requestExport(buyer.token)).status).toBe(202);
    expect(await server.deps.jobs.settle(['data-export'], 30_000)).toBe(true);
    const buyersCopy = (await exportsOf(buyer.token)).exports[0];
    const buyersData = JSON.parse(strFromU8(unzipSync((await download(buyer.token, buyersCopy.id)).bytes)['data.json']));
    expect(buyersData.favourites).toEqual([expect.objectContaining({ listingId, listing: 'Teak sideboard' })]);
    expect(buyersData.conversations[0]).toMatchObject({ you: 'buyer', with: 'Sally' });
    expect(buyersData.listings).toEqual([]);
  });

  it('is one a day: a second ask is refused (however many at once), a failed one does not count', async () => {
    const someone = await member();
    const asks = await Promise.all([requestExport(someone.token), requestExport(someone.token), requestExport(someone.token)]);
    expect(asks.map((ask) => ask.status).sort()).toEqual([202, 429, 429]);
    const refused = asks.find((ask) => ask.status === 429)!;
    expect([refused.body.code, refused.body.message]).toEqual(['EXPORT_TOO_SOON', dataExportMessages.tooSoon]);
    expect((await exportsOf(someone.token)).nextRequestAt).not.toBeNull();
    expect(await server.deps.jobs.settle(['data-export'], 30_000)).toBe(true);

    // A copy that never finished (an hour on, still preparing) shows as failed, and may be asked again.
    await server.database.db.update(dataExports).set({ readyAt: null, expiresAt: null, storageKey: null, createdAt: sql`now() - interval '2 hours'` }).where(eq(dataExports.userId, someone.user.id));
    const listed = await exportsOf(someone.token);
    expect(listed.exports[0].status).toBe('failed');
    expect(listed.nextRequestAt).toBeNull();
    expect((await download(someone.token, listed.exports[0].id)).status).toBe(404);
    expect((await requestExport(someone.token)).status).toBe(202);
  });

  it('goes after its week: the download is "not found" and the hourly upkeep removes the file', async () => {
    const someone = await member();
    const asked = await requestExport(someone.token);
    expect(await server.deps.jobs.settle(['data-export'], 30_000)).toBe(true);
    const [row] = await server.database.db.select().from(dataExports).where(eq(dataExports.id, asked.body.id));
    expect(row.storageKey).toMatch(/^exports\/[0-9a-f-]+\.zip$/);
    // A private key is never served as media.
    const served = await fetch(`${server.baseUrl}/${row.storageKey}`);
    expect(served.status).not.toBe(200);
    expect(served.headers.get('content-type')).not.toBe('application/zip');

    await server.database.db.update(dataExports).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(dataExports.id, asked.body.id));
    const expired = await download(someone.token, asked.body.id);
    expect(expired.status).toBe(404);
    expect(JSON.parse(new TextDecoder().decode(expired.bytes)).message).toBe(dataExportMessages.notFound);
    expect(await removeExpiredDataExports(server.deps)).toBeGreaterThanOrEqual(1);
    expect(await server.database.db.select().from(dataExports).where(eq(dataExports.id, asked.body.id))).toEqual([]);
    expect((await download(someone.token, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const malformed = await download(someone.token, 'not-an-id');
    expect([malformed.status, JSON.parse(new TextDecoder().decode(malformed.bytes)).message]).toEqual([400, dataExportMessages.notFound]);
  });
});

describe('downloading a copy again and again', () => {
  // The real limits: no multiplier.
  const limited = useTestServer({ RATE_LIMIT_MULTIPLIER: '1' });

  it('is stopped after a few downloads an hour: each reads the whole file from storage', async () => {
    const someone = await sellerMember(limited.client, limited.server.database.db);
    const asked = await limited.client.call('POST', '/api/user/export', { token: someone.token });
    expect(await limited.server.deps.jobs.settle(['data-export'], 30_000)).toBe(true);
    const statuses: number[] = [];
    for (let time = 0; time < abuseLimits.dataExportDownload.perKey.max + 1; time += 1) {
      const response = await fetch(`${limited.server.baseUrl}/api/user/exports/${asked.body.id}`, { headers: { authorization: `Bearer ${someone.token}` } });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('closing an account', () => {
  const close = (token: string, body: unknown) => client.call('DELETE', '/api/user', { token, body });

  it('needs the password, then ends every session, takes the listings down everywhere and frees the email', async () => {
    const { seller, buyer, listingId, conversationId } = await membersWhoTalked();
    const wrong = await close(seller.token, { password: 'not my password' });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'WRONG_CURRENT_PASSWORD']);
    const missing = await close(seller.token, {});
    expect([missing.status, missing.body.message]).toEqual([400, accountSecurityMessages.currentPasswordRequired]);
    expect((await client.get(`/api/listings/${listingId}`)).status).toBe(200);

    const [{ phone }] = await server.database.db.select({ phone: users.phone }).from(users).where(eq(users.id, seller.user.id));
    const closed = await close(seller.token, { password: seller.password });
    expect(closed.status).toBe(200);
    expect(closed.body.message).toBe(closeAccountMessages.closed);

    // Signed out at once; the old password and email sign nobody in.
    const me = await client.get('/api/auth/me', seller.token);
    expect([me.status, me.body.message]).toEqual([401, errorMessages.invalidToken]);
    expect((await client.post('/api/auth/login', { email: seller.email, password: seller.password })).status).toBe(401);
    // The listing's page is gone (410), and browse, search and the sitemap no longer have it.
    expect((await client.get(`/api/listings/${listingId}`)).status).toBe(410);
    expect(((await client.get('/api/listings?search=sideboard')).body as { id: string }[]).map((listing) => listing.id)).not.toContain(listingId);
    expect(await sitemapText()).not.toContain(listingId);
    // Their page is gone too, ratings and all.
    expect((await client.get(`/api/sellers/${seller.user.id}`)).status).toBe(404);
    expect((await client.get(`/api/sellers/${seller.user.id}/ratings`)).status).toBe(404);

    // The buyer still reads the conversation, from "Former member", and can send nothing more.
    const thread = await client.get(`/api/conversations/${conversationId}`, buyer.token);
    expect(thread.status).toBe(200);
    expect(JSON.stringify(thread.body)).toContain('Offered $80');
    expect(JSON.stringify(thread.body)).toContain(formerMemberName);
    expect(JSON.stringify(thread.body)).not.toContain('Sally');
    const inbox = (await client.get('/api/conversations', buyer.token)).body as { otherMember: { firstName: string; hasLeft: boolean } }[] | { conversations: { otherMember: { firstName: string; hasLeft: boolean } }[] };
    const summaries = Array.isArray(inbox) ? inbox : inbox.conversations;
    expect(summaries[0].otherMember).toMatchObject({ firstName: formerMemberName, hasLeft: true });

    // The same email joins again, as a new member.
    const again = await client.post('/api/auth/register', { email: seller.email, password: 'a new start here', firstName: 'Sally', lastName: 'Again' });
    expect(again.status).toBe(201);
    expect(again.body.user.id).not.toBe(seller.user.id);
    // Starting over does not wash off a reputation: the verified phone stays with the closed account
    // until it is erased, so the new one cannot trade with it meanwhile.
    await verifyEmailOf(client, { email: seller.email, token: again.body.token });
    const phoneCheck = await client.post('/api/phone/send-code', { phone }, again.body.token);
    expect([phoneCheck.status, phoneCheck.body.code]).toEqual([409, 'PHONE_IN_USE']);
    // Whatever would mail the former member reaches nobody: their address is one the mail queue drops.
    const [{ email: formerAddress }] = await server.database.db.select({ email: users.email }).from(users).where(eq(users.id, seller.user.id));
    expect(formerAddress).toBe(closedAccountEmail(seller.user.id));
    await server.deps.mail.send({ to: formerAddress, subject: 'You have a new message', text: 'Anything at all' });
    expect(await mailsTo(server, client, formerAddress)).toEqual([]);
  });

  it('refuses a message to a member who left', async () => {
    const buyer = await member({ postcode: '3000', firstName: 'Bea' });
    const seller = await member({ firstName: 'Sid' });
    const listing = (await client.post('/api/listings', { ...validListing, title: 'Camping stove' }, seller.token)).body as { id: string };
    const conversationId = (await client.post(`/api/listings/${listing.id}/conversations`, { message: 'Does it still light?' }, buyer.token)).body.conversation.id as string;
    // The buyer leaves; the seller's listing stays, but the conversation takes nothing more.
    expect((await close(buyer.token, { password: buyer.password })).status).toBe(200);
    const refused = await client.post(`/api/conversations/${conversationId}/messages`, { body: 'Yes it does!' }, seller.token);
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([409, 'CONVERSATION_CLOSED', closeAccountMessages.messageClosedMember]);
  });

  it('cancels a paid plan with the payment provider', async () => {
    const payer = await member({ tier: 'explorer' });
    await server.database.db.insert(subscriptions).values({ userId: payer.user.id, tier: 'explorer', provider: 'test', providerSubscriptionId: `sub_close_${payer.user.id}`, status: 'active', amountCents: 2400 });
    const cancelled: string[] = [];
    const cancel = server.deps.payments.cancelSubscription;
    server.deps.payments.cancelSubscription = async (id) => {
      cancelled.push(id);
    };
    try {
      expect((await close(payer.token, { password: payer.password })).status).toBe(200);
    } finally {
      server.deps.payments.cancelSubscription = cancel;
    }
    expect(cancelled).toEqual([`sub_close_${payer.user.id}`]);
    const [plan] = await server.database.db.select().from(subscriptions).where(eq(subscriptions.userId, payer.user.id));
    // Kept for tax, with its amount, but no longer charged.
    expect(plan).toMatchObject({ status: 'cancelled', amountCents: 2400 });
  });

  it('keeps nothing changed when the payment provider cannot be reached', async () => {
    const payer = await member({ tier: 'explorer' });
    await server.database.db.insert(subscriptions).values({ userId: payer.user.id, tier: 'explorer', provider: 'test', providerSubscriptionId: `sub_down_${payer.user.id}`, status: 'active', amountCents: 2400 });
    const cancel = server.deps.payments.cancelSubscription;
    server.deps.payments.cancelSubscription = async () => {
      throw new Error('provider unreachable');
    };
    try {
      const failed = await close(payer.token, { password: payer.password });
      expect(failed.status).toBe(500);
      expect(failed.body.message).toBe(errorMessages.unexpected);
    } finally {
      server.deps.payments.cancelSubscription = cancel;
    }
    expect((await client.get('/api/auth/me', payer.token)).status).toBe(200);
  });

  it('an admin closes a member from the Users card (audit-logged), never another admin; the only admin cannot leave', async () => {
    const target = await member({ firstName: 'Tom' });
    const byMember = await client.call('DELETE', `/api/admin/members/${target.user.id}`, { token: target.token, body: { reason: 'spam' } });
    expect(byMember.status).toBe(403);
    const noReason = await client.call('DELETE', `/api/admin/members/${target.user.id}`, { token: admin.token, body: { reason: ' ' } });
    expect(noReason.status).toBe(400);
    const closed = await client.call('DELETE', `/api/admin/members/${target.user.id}`, { token: admin.token, body: { reason: 'Scam listings, asked by the member' } });
    expect([closed.status, closed.body.message]).toEqual([200, closeAccountMessages.adminClosed('Tom Nguyen')]);
    expect((await client.get('/api/auth/me', target.token)).status).toBe(401);
    const again = await client.call('DELETE', `/api/admin/members/${target.user.id}`, { token: admin.token, body: { reason: 'again' } });
    expect([again.status, again.body.code]).toEqual([409, 'ACCOUNT_ALREADY_CLOSED']);
    const log = (await client.get('/api/admin/audit-log', admin.token)).body as { action: string; details: { reason?: string } }[];
    expect(log.find((entry) => entry.action === 'close_account')?.details.reason).toBe('Scam listings, asked by the member');
    const listed = (await client.get('/api/admin/users?search=Former', admin.token)).body as { users: { id: string; closedAt: string | null }[] };
    expect(listed.users.find((user) => user.id === target.user.id)?.closedAt).not.toBeNull();

    const otherAdmin = await client.call('DELETE', `/api/admin/members/${admin.user.id}`, { token: admin.token, body: { reason: 'x' } });
    expect([otherAdmin.status, otherAdmin.body.code]).toEqual([403, 'CLOSE_ADMIN']);
    const onlyAdmin = await close(admin.token, { password: admin.password });
    expect([onlyAdmin.status, onlyAdmin.body.code, onlyAdmin.body.message]).toEqual([409, 'LAST_ADMIN', closeAccountMessages.lastAdmin]);
  });

  it('erases what is left after the keeping time: photos, phone, postcode; payments stay without a name', async () => {
    const { seller, photoUrl } = await membersWhoTalked();
    await server.database.db.insert(subscriptions).values({ userId: seller.user.id, tier: 'explorer', provider: 'test', providerSubscriptionId: `sub_erase_${seller.user.id}`, status: 'cancelled', amountCents: 2400 });
    expect((await close(seller.token, { password: seller.password })).status).toBe(200);
    expect((await fetch(`${server.baseUrl}${photoUrl}`)).status).toBe(200);

    // Not yet: the keeping time has not passed.
    await eraseClosedAccounts(server.deps);
    const [kept] = await server.database.db.select().from(users).where(eq(users.id, seller.user.id));
    expect(kept).toMatchObject({ firstName: formerMemberName, lastName: null, erasedAt: null });
    expect(kept.email).toMatch(/@closed\.invalid$/);

    const later = { ...server.deps, clock: { now: () => new Date(Date.now() + (closedAccountKeepDays + 1) * 24 * 3600_000) } };
    expect(await eraseClosedAccounts(later)).toBeGreaterThanOrEqual(1);
    const [erased] = await server.database.db.select().from(users).where(eq(users.id, seller.user.id));
    expect(erased).toMatchObject({ phone: null, postcode: null, suburb: null, state: null, firstName: formerMemberName, lastName: null, password: null });
    expect(erased.erasedAt).not.toBeNull();
    expect(await server.database.db.select().from(uploadedImages).where(eq(uploadedImages.ownerId, seller.user.id))).toEqual([]);
    expect((await fetch(`${server.baseUrl}${photoUrl}`)).status).toBe(404);
    expect(await server.database.db.select({ amountCents: subscriptions.amountCents }).from(subscriptions).where(eq(subscriptions.userId, seller.user.id))).toEqual([{ amountCents: 2400 }]);
  });
});
