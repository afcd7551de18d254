import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountMessages } from '../../src/domain/account';
import { membershipMessages } from '../../src/domain/membership';
import { listings, subscriptions, users } from '../../src/server/db/schema';
import { expireTrials } from '../../src/server/membership/expire-trials';
import { signPayload } from '../../src/server/membership/webhook-signature';
import { testPaymentEvent } from '../../src/server/services/payments';
import { registerMember, sellerMember, validListing } from './support/factories';
import { useTestServer } from './support/use-test-server';

const { server, client } = useTestServer();

const goodCard = { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };
const me = async (token: string) => (await client.get('/api/auth/me', token)).body;

async function postWebhook(body: unknown, signature?: string) {
  const raw = JSON.stringify(body);
  return client.call('POST', '/api/webhooks/payments', {
    rawBody: raw,
    headers: { 'content-type': 'application/json', ...(signature === undefined ? { 'stripe-signature': signPayload(server.config.paymentsWebhookSecret, raw) } : { 'stripe-signature': signature }) },
  });
}

describe('checkout', () => {
  it('upgrades to Connector only once the test payment succeeds, then allows 8 listings', async () => {
    const member = await sellerMember(client, server.database.db, { tier: 'starter' });
    const checkout = await client.post('/api/create-subscription', { tier: 'connector' }, member.token);
    expect(checkout.status).toBe(200);
    expect(checkout.body).toMatchObject({ tier: 'connector', status: 'incomplete', amountCents: 6000, provider: 'test' });
    expect(checkout.body.clientSecret).toMatch(/_secret_/);
    expect((await me(member.token)).membershipTier).toBe('starter');

    const pay = await client.post('/api/payments/test/pay', { clientSecret: checkout.body.clientSecret, ...goodCard }, member.token);
    expect(pay.status).toBe(200);
    expect(pay.body.message).toContain('Welcome to the family');
    expect((await me(member.token)).membershipTier).toBe('connector');

    const created = [];
    for (let index = 0; index < 9; index += 1) created.push((await client.post('/api/listings', { ...validListing, title: `Item number ${index}` }, member.token)).status);
    expect(created.filter((status) => status === 201)).toHaveLength(8);
    expect(created[8]).toBe(403);
  });

  it('shows a decline and changes nothing', async () => {
    const member = await registerMember(client);
    const checkout = await client.post('/api/create-subscription', { tier: 'explorer' }, member.token);
    const pay = await client.post('/api/payments/test/pay', { clientSecret: checkout.body.clientSecret, ...goodCard, cardNumber: '4000 0000 0000 0002' }, member.token);
    expect(pay.status).toBe(400);
    expect(pay.body).toEqual({ code: 'CARD_DECLINED', message: accountMessages.cardDeclined });
    const [row] = await server.database.db.select().from(subscriptions).where(eq(subscriptions.userId, member.user.id));
    expect(row.status).toBe('incomplete');
  });

  it('makes one subscription from a double click', async () => {
    const member = await registerMember(client);
    const [first, second] = await Promise.all([
      client.post('/api/create-subscription', { tier: 'connector' }, member.token),
      client.post('/api/create-subscription', { tier: 'connector' }, member.token),
    ]);
    expect(first.body.clientSecret).toBe(second.body.clientSecret);
    expect(await server.database.db.select().from(subscriptions).where(eq(subscriptions.userId, member.user.id))).toHaveLength(1);
  });

  it('refuses Lifetime, admin and unknown tiers, and visitors', async () => {
    const member = await registerMember(client);
    for (const tier of ['lifetime', 'admin', 'gold']) {
      const response = await client.post('/api/create-subscription', { tier }, member.token);
      expect(response.status, tier).toBe(400);
      expect(response.body.message).toBe(membershipMessages.unknownTier);
    }
    expect((await client.post('/api/create-subscription', { tier: 'connector' })).status).toBe(401);
  });

  it('switches to Starter at once when nothing paid is left, and cancels the plan waiting for its first charge', async () => {
    const member = await registerMember(client);
    // Explorer kept after the free month: the card is saved, nothing is charged until the month ends.
    const checkout = await client.post('/api/create-subscription', { tier: 'explorer' }, member.token);
    await client.post('/api/payments/test/pay', { clientSecret: checkout.body.clientSecret, ...goodCard }, member.token);
    const starter = await client.post('/api/create-subscription', { tier: 'starter' }, member.token);
    expect(starter.body).toMatchObject({ tier: 'starter', status: 'active', scheduledAt: null });
    expect(await me(member.token)).toMatchObject({ membershipTier: 'starter', trialEndDate: null });
    const [row] = await server.database.db.select().from(subscriptions).where(eq(subscriptions.userId, member.user.id));
    expect(row.status).toBe('cancelled');
  });

  it("will not pay another member's checkout", async () => {
    const owner = await registerMember(client);
    const other = await registerMember(client);
    const checkout = await client.post('/api/create-subscription', { tier: 'connector' }, owner.token);
    const pay = await client.post('/api/payments/test/pay', { clientSecret: checkout.body.clientSecret, ...goodCard }, other.token);
    expect(pay).toMatchObject({ status: 404, body: { code: 'SUBSCRIPTION_NOT_FOUND' } });
    expect((await me(other.token)).membershipTier).toBe('explorer');
  });
});

describe('payment webhooks', () => {
  it('applies a signed event once, however often it is replayed', async () => {
    const member = await registerMember(client);
    const checkout = await client.post('/api/create-subscription', { tier: 'connector' }, member.token);
    const [row] = await server.database.db.select().from(subscriptions).where(eq(subscriptions.userId, member.user.id));
    const event = testPaymentEvent('invoice.paid', row.providerSubscriptionId);
    const first = await postWebhook(event);
    expect(first.body).toEqual({ received: true, outcome: 'applied' });
    expect((await me(member.token)).membershipTier).toBe('connector');

    const replays = await Promise.all(Array.from({ length: 5 }, () => postWebhook(event)));
    expect(replays.map((replay) => replay.body.outcome)).toEqual(Array(5).fill('duplicate'));
    expect(checkout.status).toBe(200);
  });

  it('refuses a forged or stale signature, changing nothing', async () => {
    const member = await registerMember(client);
    await client.post('/api/create-subscription', { tier: 'connector' }, member.token);
    const [row] = await server.database.db.select().from(subscriptions).where(eq(subscriptions.userId, member.user.id));
    const event = testPaymentEvent('invoice.paid', row.providerSubscriptionId);
    const raw = JSON.stringify(event);
    const forged = await postWebhook(event, signPayload('not-the-secret', raw));
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual({ code: 'WEBHOOK_SIGNATURE_INVALID', message: membershipMessages.forgedWebhook });
    expect((await postWebhook(event, '')).status).toBe(400);
    const stale = await postWebhook(event, signPayload(server.config.paymentsWebhookSecret, raw, Math.floor(Date.now() / 1000) - 3600));
    expect(stale.status).toBe(400);
    expect((await me(member.token)).membershipTier).toBe('explorer');
  });

  it('takes a member back to Starter when their subscription ends', async () => {
    const member = await registerMember(client);
    const checkout = await client.post('/api/create-subscription', { tier: 'explorer' }, member.token);
    await client.post('/api/payments/test/pay', { clientSecret: checkout.body.clientSecret, ...goodCard }, member.token);
    const [row] = await server.database.db.select().from(subscriptions).where(eq(subscriptions.userId, member.user.id));
    await postWebhook(testPaymentEvent('customer.subscription.deleted', row.providerSubscriptionId));
    expect((await me(member.token)).membershipTier).toBe('starter');
  });

  it('leaves one consistent tier when upgrade events race', async () => {
    const member = await registerMember(client);
    const explorer = await client.post('/api/create-subscription', { tier: 'explorer' }, member.token);
    const connector = await client.post('/api/create-subscription', { tier: 'connector' }, member.token);
    const rows = await server.database.db.select().from(subscriptions).where(eq(subscriptions.userId, member.user.id));
    expect(explorer.body.clientSecret).not.toBe(connector.body.clientSecret);
    await Promise.all(rows.map((row) => postWebhook(testPaymentEvent('invoice.paid', row.providerSubscriptionId))));
    const after = await server.database.db.select().from(subscriptions).where(eq(subscriptions.userId, member.user.id));
    const active = after.filter((row) => row.status === 'active');
    expect(active).toHaveLength(1);
    const [user] = await server.database.db.select().from(users).where(eq(users.id, member.user.id));
    expect(user.membershipTier).toBe(active[0].tier);
    expect(user.stripeSubscriptionId).toBe(active[0].providerSubscriptionId);
  });

  it('answers malformed events with 400', async () => {
    expect((await postWebhook({ hello: 'world' })).status).toBe(400);
    const raw = 'not json';
    const response = await client.call('POST', '/api/webhooks/payments', {
      rawBody: raw,
      headers: { 'content-type': 'text/plain', 'stripe-signature': signPayload(server.config.paymentsWebhookSecret, raw) },
    });
    expect(response.status).toBe(400);
  });
});

describe('free month', () => {
  it('reverts to Starter when the trial ends without a subscription, and keeps existing listings', async () => {
    const member = await sellerMember(client, server.database.db, { tier: 'explorer' });
    await server.database.db.update(users).set({ trialEndDate: new Date(Date.now() + 30 * 86_400_000) }).where(eq(users.id, member.user.id));
    server.app.contentVersion.bump(); // changed behind the API's back
    const listingIds = [];
    for (let index = 0; index < 3; index += 1) listingIds.push((await client.post('/api/listings', validListing, member.token)).body.id);

    expect((await expireTrials(server.deps, { now: new Date() })).reverted).toBe(0);
    await expireTrials(server.deps, { now: new Date(Date.now() + 31 * 86_400_000) });
    expect((await me(member.token)).membershipTier).toBe('starter');
    const mine = (await client.get('/api/my-listings', member.token)).body;
    expect(mine.filter((listing: { isActive: boolean }) => listing.isActive)).toHaveLength(3);
    const another = await client.post('/api/listings', validListing, member.token);
    expect(another.status).toBe(403);
    expect(another.body).toMatchObject({ code: 'LISTING_LIMIT_REACHED', membershipTier: 'starter' });
  });

  it('keeps an Explorer who saved a card during the free month on Explorer after the trial date', async () => {
    const member = await registerMember(client);
    const checkout = await client.post('/api/create-subscription', { tier: 'explorer' }, member.token);
    await client.post('/api/payments/test/pay', { clientSecret: checkout.body.clientSecret, ...goodCard }, member.token);
    await expireTrials(server.deps, { now: new Date(Date.now() + 40 * 86_400_000) });
    expect((await me(member.token)).membershipTier).toBe('explorer');
  });
});

describe('pinned posts', () => {
  it('lets a Connector pin one listing, shown first in browse; pinning another unpins the first', async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'connector' });
    const older = (await client.post('/api/listings', { ...validListing, title: 'Pinnable numbat one' }, seller.token)).body;
    const newer = (await client.post('/api/listings', { ...validListing, title: 'Pinnable numbat two' }, seller.token)).body;
    const pinned = await client.call('PUT', `/api/listings/${older.id}/pin`, { token: seller.token, body: { pinned: true } });
    expect(pinned.body.isPinned).toBe(true);
    let browse = (await client.get('/api/listings?search=numbat')).body;
    expect(browse.map((item: { id: string }) => item.id)).toEqual([older.id, newer.id]);

    await client.call('PUT', `/api/listings/${newer.id}/pin`, { token: seller.token, body: { pinned: true } });
    browse = (await client.get('/api/listings?search=numbat')).body;
    expect(browse.map((item: { id: string; isPinned: boolean }) => [item.id, item.isPinned])).toEqual([
      [newer.id, true],
      [older.id, false],
    ]);
    // The pinned post leads the first page and is not counted again among the ordered ones.
    const paged = await client.get('/api/listings?search=numbat&limit=1');
    expect(paged.body.map((item: { id: string }) => item.id)).toEqual([newer.id, older.id]);
    expect(paged.headers.get('x-next-cursor')).toBeNull();
  });

  it('moves the pin atomically: pins made together by one Connector leave exactly one pinned, and it leads browse', async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'connector' });
    const titles = ['Movable quokka lamp', 'Movable quokka rug', 'Movable quokka stool'];
    const created: { id: string }[] = [];
    for (const title of titles) created.push((await client.post('/api/listings', { ...validListing, title }, seller.token)).body);
    const pin = (id: string) => client.call('PUT', `/api/listings/${id}/pin`, { token: seller.token, body: { pinned: true } });
    const pinnedIds = async () =>
      (await client.get('/api/my-listings', seller.token)).body.filter((item: { isPinned: boolean }) => item.isPinned).map((item: { id: string }) => item.id);

    expect((await pin(created[0].id)).status).toBe(200);
    const answers = await Promise.all([pin(created[1].id), pin(created[2].id)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const [winner] = await pinnedIds();
    expect(await pinnedIds()).toEqual([winner]);
    expect([created[1].id, created[2].id]).toContain(winner);

    // Moving it once more: the new one is the only pin and leads the first page of browse.
    const next = created.find((item) => item.id !== winner && item.id !== created[0].id) ?? created[0];
    await pin(next.id);
    expect(await pinnedIds()).toEqual([next.id]);
    const browse = (await client.get('/api/listings?search=quokka&limit=1', seller.token)).body;
    expect(browse[0]).toMatchObject({ id: next.id, isPinned: true });
    expect(browse.filter((item: { isPinned: boolean }) => item.isPinned)).toHaveLength(1);
  });

  it('keeps a pin in place when it is pinned again, and unpins', async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'lifetime' });
    const listing = (await client.post('/api/listings', { ...validListing, title: 'Repinned wombat kettle' }, seller.token)).body;
    const pinAt = async () => (await server.database.db.select({ pinnedAt: listings.pinnedAt }).from(listings).where(eq(listings.id, listing.id)))[0].pinnedAt;
    await client.call('PUT', `/api/listings/${listing.id}/pin`, { token: seller.token, body: { pinned: true } });
    const first = await pinAt();
    expect(first).not.toBeNull();
    await client.call('PUT', `/api/listings/${listing.id}/pin`, { token: seller.token, body: { pinned: true } });
    expect(await pinAt()).toEqual(first);

    const unpinned = await client.call('PUT', `/api/listings/${listing.id}/pin`, { token: seller.token, body: { pinned: false } });
    expect(unpinned.status).toBe(200);
    expect(unpinned.body.isPinned).toBe(false);
    expect(await pinAt()).toBeNull();
  });

  it('refuses to pin a sold listing, and selling the pinned listing unpins it', async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'connector' });
    const listing = (await client.post('/api/listings', { ...validListing, title: 'Sold echidna chair' }, seller.token)).body;
    await client.call('PUT', `/api/listings/${listing.id}/pin`, { token: seller.token, body: { pinned: true } });
    const sold = await client.call('PATCH', `/api/listings/${listing.id}`, { token: seller.token, body: { isActive: false } });
    expect(sold.body.isPinned).toBe(false);

    const refused = await client.call('PUT', `/api/listings/${listing.id}/pin`, { token: seller.token, body: { pinned: true } });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ code: 'PIN_SOLD_LISTING', message: membershipMessages.pinSoldListing });
  });

  it('refuses pinning to Starter and Explorer members', async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'explorer' });
    const listing = (await client.post('/api/listings', validListing, seller.token)).body;
    const response = await client.call('PUT', `/api/listings/${listing.id}/pin`, { token: seller.token, body: { pinned: true } });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ code: 'PLAN_EXCLUDES_PINS', message: membershipMessages.pinNotAllowed, membershipTier: 'explorer' });
  });
});
