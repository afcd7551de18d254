// What a plan promises when it changes: Lifetime is not given up by accident, a lower listing limit
// gives notice and then pauses (never deletes) what is over it, and a pin ends with the plan.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatDateAU } from '../../src/domain/dates';
import { membershipMessages, planChargeMessages, planLimitMessages } from '../../src/domain/membership';
import { listings, subscriptions, users } from '../../src/server/db/schema';
import { runMembershipUpkeep } from '../../src/server/membership/membership-upkeep';
import { registerMember, sellerMember, validListing } from './support/factories';
import { useTestServer } from './support/use-test-server';

const { server, client } = useTestServer();

const dayMs = 24 * 60 * 60 * 1000;
const card = { cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' };

async function listItems(token: string, titles: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const title of titles) {
    const created = await client.post('/api/listings', { ...validListing, title }, token);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    ids.push(created.body.id);
    // Distinct creation times: "newest" must mean something.
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return ids;
}

async function payFor(token: string, tier: 'explorer' | 'connector') {
  const checkout = await client.post('/api/create-subscription', { tier }, token);
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  const paid = await client.post('/api/payments/test/pay', { clientSecret: checkout.body.clientSecret, ...card }, token);
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
}

/** The hourly upkeep, run now or at a moment to come. */
const upkeep = (now?: Date) => runMembershipUpkeep(server.deps, { now });
const me = async (token: string) => (await client.get('/api/auth/me', token)).body;
const myListings = async (token: string) => (await client.get('/api/my-listings', token)).body as { id: string; isActive: boolean; isPaused: boolean; isPinned: boolean }[];
const visibleIds = async (word: string) => {
  const viewer = await sellerMember(client, server.database.db, { tier: 'connector' });
  return ((await client.get(`/api/listings?search=${word}&limit=48`, viewer.token)).body as { id: string }[]).map((listing) => listing.id).sort();
};

describe('a Lifetime member', () => {
  it('keeps Lifetime unless they confirm giving it up, and is never sold a plan it already includes', async () => {
    const member = await sellerMember(client, server.database.db, { tier: 'lifetime' });
    const unconfirmed = await client.post('/api/create-subscription', { tier: 'starter' }, member.token);
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.body).toMatchObject({ code: 'LIFETIME_CHANGE_UNCONFIRMED', message: membershipMessages.lifetimeChangeUnconfirmed });
    expect((await me(member.token)).membershipTier).toBe('lifetime');

    for (const tier of ['explorer', 'connector']) {
      const paid = await client.post('/api/create-subscription', { tier }, member.token);
      expect(paid.status).toBe(409);
      expect(paid.body).toMatchObject({ code: 'PLAN_ALREADY_INCLUDED', message: membershipMessages.lifetimeIncludesEverything });
    }
    expect((await me(member.token)).membershipTier).toBe('lifetime');

    const confirmed = await client.post('/api/create-subscription', { tier: 'starter', confirm: true }, member.token);
    expect(confirmed.status).toBe(200);
    expect((await me(member.token)).membershipTier).toBe('starter');
  });
});

describe('a plan that allows fewer listings', () => {
  it('gives notice by mail and on the account, keeps everything listed meanwhile, then keeps the ones the member chose', async () => {
    const word = `quoll${Date.now()}`;
    const member = await sellerMember(client, server.database.db, { tier: 'connector' });
    const [oldest, middle, newest] = await listItems(member.token, [`${word} oldest`, `${word} middle`, `${word} newest`]);

    const switched = await client.post('/api/create-subscription', { tier: 'starter' }, member.token);
    expect(switched.status).toBe(200);
    const account = await me(member.token);
    expect(account.membershipTier).toBe('starter');
    expect(account.listingLimitNoticeAt).not.toBeNull();
    expect(await visibleIds(word)).toEqual([oldest, middle, newest].sort());
    const mails = (await client.get(`/api/dev/outbox?to=${encodeURIComponent(member.email)}`)).body as { subject: string; text: string }[];
    const notice = mails.find((mail) => mail.subject === 'Choose which of your listings stay active');
    expect(notice?.text).toMatch(/Your Starter plan allows 1 active listing and you have 3\. Choose which stay active by \d{1,2}\/\d{1,2}\/\d{4}/);

    const tooMany = await client.post('/api/my-listings/keep-active', { listingIds: [oldest, middle] }, member.token);
    expect(tooMany.status).toBe(403);
    expect(tooMany.body.code).toBe('LISTING_LIMIT_REACHED');

    const chosen = await client.post('/api/my-listings/keep-active', { listingIds: [middle] }, member.token);
    expect(chosen.status).toBe(200);
    expect(await visibleIds(word)).toEqual([middle]);
    const mine = await myListings(member.token);
    expect(mine.find((listing) => listing.id === oldest)).toMatchObject({ isActive: false, isPaused: true });
    expect(mine.find((listing) => listing.id === middle)).toMatchObject({ isActive: true, isPaused: false });
    expect((await client.get('/api/user/stats', member.token)).body).toMatchObject({ activeListings: 1, pausedListings: 2, soldListings: 0, totalListings: 3 });
    expect((await me(member.token)).listingLimitNoticeAt).toBeNull();
    // Settled: no second choice pauses anything more.
    const again = await client.post('/api/my-listings/keep-active', { listingIds: [middle] }, member.token);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ code: 'NO_PLAN_NOTICE', message: planLimitMessages.nothingToChoose });

    // Paused, not deleted: an upgrade brings them back.
    await payFor(member.token, 'connector');
    expect(await visibleIds(word)).toEqual([oldest, middle, newest].sort());
    expect((await myListings(member.token)).every((listing) => listing.isActive && !listing.isPaused)).toBe(true);
  });

  it('keeps the newest when the notice runs out without a choice, and the hourly upkeep does it once', async () => {
    const word = `bilby${Date.now()}`;
    const member = await sellerMember(client, server.database.db, { tier: 'explorer' });
    const [first, second, third] = await listItems(member.token, [`${word} one`, `${word} two`, `${word} three`]);
    await client.post('/api/create-subscription', { tier: 'starter' }, member.token);

    // Six days on: still all listed.
    await upkeep(new Date(Date.now() + 6 * dayMs));
    expect(await visibleIds(word)).toEqual([first, second, third].sort());

    const later = new Date(Date.now() + 8 * dayMs);
    await upkeep(later);
    await upkeep(later);
    server.app.contentVersion.bump();
    expect(await visibleIds(word)).toEqual([third]);
    const rows = await server.database.db.select().from(listings).where(eq(listings.sellerId, member.user.id));
    expect(rows.filter((row) => row.pausedAt !== null).map((row) => row.id).sort()).toEqual([first, second].sort());
  });

  it('gives the same notice when the free month ends with more listings than Starter allows', async () => {
    const member = await sellerMember(client, server.database.db, { tier: 'explorer' });
    await listItems(member.token, ['Trial table', 'Trial chairs']);
    await server.database.db.update(users).set({ trialEndDate: new Date(Date.now() - 1000) }).where(eq(users.id, member.user.id));
    const result = await upkeep();
    expect(result.trialsEnded).toBeGreaterThanOrEqual(1);
    server.app.contentVersion.bump();
    const account = await me(member.token);
    expect(account).toMatchObject({ membershipTier: 'starter' });
    expect(account.listingLimitNoticeAt).not.toBeNull();
  });

  it('ends the notice when the member sells enough themselves, without bringing paused listings back', async () => {
    const member = await sellerMember(client, server.database.db, { tier: 'connector' });
    const [first, second] = await listItems(member.token, ['Sold lamp', 'Kept rug']);
    await client.post('/api/create-subscription', { tier: 'starter' }, member.token);
    expect((await me(member.token)).listingLimitNoticeAt).not.toBeNull();
    await client.call('PATCH', `/api/listings/${first}`, { token: member.token, body: { isActive: false } });
    expect((await me(member.token)).listingLimitNoticeAt).toBeNull();
    const mine = await myListings(member.token);
    expect(mine.find((listing) => listing.id === first)).toMatchObject({ isActive: false, isPaused: false });
    expect(mine.find((listing) => listing.id === second)).toMatchObject({ isActive: true });
  });
});

describe('a pinned post', () => {
  it('stops being pinned everywhere when the plan no longer has pins, and stays unpinned after an upgrade', async () => {
    const word = `numbat${Date.now()}`;
    const member = await sellerMember(client, server.database.db, { tier: 'connector' });
    const [pinnedId] = await listItems(member.token, [`${word} pinned`]);
    expect((await client.call('PUT', `/api/listings/${pinnedId}/pin`, { token: member.token, body: { pinned: true } })).body.isPinned).toBe(true);

    // Gifted a plan without pins: every view says so at once.
    await server.database.db.update(users).set({ membershipTier: 'explorer' }).where(eq(users.id, member.user.id));
    server.app.contentVersion.bump();
    expect((await client.get(`/api/listings/${pinnedId}`)).body.isPinned).toBe(false);
    const viewer = await sellerMember(client, server.database.db, { tier: 'connector' });
    const browse = (await client.get(`/api/listings?search=${word}`, viewer.token)).body as { id: string; isPinned: boolean }[];
    expect(browse.find((listing) => listing.id === pinnedId)?.isPinned).toBe(false);

    await server.database.db.update(users).set({ membershipTier: 'connector' }).where(eq(users.id, member.user.id));
    await client.post('/api/create-subscription', { tier: 'starter' }, member.token);
    await payFor(member.token, 'connector');
    expect((await client.get(`/api/listings/${pinnedId}`)).body.isPinned).toBe(false);
  });
});

describe('keeping Explorer after the free month', () => {
  it('saves the card during the month and charges only when it ends, saying when on the checkout, the account and the mail', async () => {
    const member = await registerMember(client);
    const trialEnd = new Date((await me(member.token)).trialEndDate);
    const checkout = await client.post('/api/create-subscription', { tier: 'explorer' }, member.token);
    expect(checkout.status).toBe(200);
    expect(checkout.body).toMatchObject({ intent: 'setup', firstChargeAt: trialEnd.toISOString() });
    expect(checkout.body.message).toContain(formatDateAU(trialEnd));

    const saved = await client.post('/api/payments/test/pay', { clientSecret: checkout.body.clientSecret, ...card }, member.token);
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(planChargeMessages.firstChargeLater('explorer', '$24', formatDateAU(trialEnd)));
    // The free month runs on: still Explorer, the month's end still set, nothing charged yet.
    expect(await me(member.token)).toMatchObject({ membershipTier: 'explorer', trialEndDate: trialEnd.toISOString() });
    const status = (await client.get('/api/membership', member.token)).body;
    expect(status.subscription).toMatchObject({ tier: 'explorer', status: 'trialing', firstChargeAt: trialEnd.toISOString(), amountCents: 2400 });
    const mails = (await client.get(`/api/dev/outbox?to=${encodeURIComponent(member.email)}`)).body as { subject: string; text: string }[];
    const confirmation = mails.find((mail) => mail.subject === 'Your Explorer membership');
    expect(confirmation?.text).toContain(`starts on ${formatDateAU(trialEnd)}, when you'll be charged $24`);

    // A day before the month ends: nothing happens. When it ends: the first charge, and a paid year.
    await upkeep(new Date(trialEnd.getTime() - dayMs));
    expect((await client.get('/api/membership', member.token)).body.subscription.status).toBe('trialing');
    await upkeep(new Date(trialEnd.getTime() + 60_000));
    server.app.contentVersion.bump();
    expect(await me(member.token)).toMatchObject({ membershipTier: 'explorer', trialEndDate: null });
    const paid = (await client.get('/api/membership', member.token)).body.subscription;
    expect(paid).toMatchObject({ status: 'active', firstChargeAt: null });
    expect(new Date(paid.renewsAt).getTime()).toBeGreaterThan(Date.now() + 360 * dayMs);
  });

  it('costs nothing when cancelled before the first charge: the free month ends as it would have', async () => {
    const member = await registerMember(client);
    const trialEnd = new Date((await me(member.token)).trialEndDate);
    const checkout = await client.post('/api/create-subscription', { tier: 'explorer' }, member.token);
    await client.post('/api/payments/test/pay', { clientSecret: checkout.body.clientSecret, ...card }, member.token);

    const cancelled = await client.post('/api/membership/cancel-upcoming-charge', undefined, member.token);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe(planChargeMessages.cancelledBeforeCharge('explorer', formatDateAU(trialEnd)));
    expect((await client.get('/api/membership', member.token)).body.subscription).toBeNull();
    expect((await me(member.token)).membershipTier).toBe('explorer');
    expect(await client.post('/api/membership/cancel-upcoming-charge', undefined, member.token)).toMatchObject({ status: 404, body: { code: 'NO_UPCOMING_CHARGE' } });

    const result = await upkeep(new Date(trialEnd.getTime() + 60_000));
    expect(result.testCharges).toBe(0);
    server.app.contentVersion.bump();
    expect((await me(member.token)).membershipTier).toBe('starter');
    const [row] = await server.database.db.select().from(subscriptions).where(eq(subscriptions.userId, member.user.id));
    expect(row.status).toBe('cancelled');
  });

  it('charges Connector at once during the free month, which it ends', async () => {
    const member = await registerMember(client);
    const checkout = await client.post('/api/create-subscription', { tier: 'connector' }, member.token);
    expect(checkout.body).toMatchObject({ intent: 'payment', firstChargeAt: null });
    await client.post('/api/payments/test/pay', { clientSecret: checkout.body.clientSecret, ...card }, member.token);
    expect(await me(member.token)).toMatchObject({ membershipTier: 'connector', trialEndDate: null });
    expect((await client.get('/api/membership', member.token)).body.subscription).toMatchObject({ tier: 'connector', status: 'active' });
  });
});
