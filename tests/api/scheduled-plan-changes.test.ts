// Leaving a paid plan keeps what was paid for (decision 31): Starter, or a cheaper plan, waits for the
// end of the paid year, can be undone until then, and happens once on its day, with the listing
// limit's notice starting then. The free month and a plan that costs more change at once, as before.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatDateAU } from '../../src/domain/dates';
import { scheduledChangeMessages } from '../../src/domain/scheduled-plan-changes';
import { listings, subscriptions, users } from '../../src/server/db/schema';
import { runMembershipUpkeep } from '../../src/server/membership/membership-upkeep';
import { mailsTo, registerMember, sellerMember, validListing } from './support/factories';
import { useTestServer } from './support/use-test-server';

const { server, client } = useTestServer();

const minuteMs = 60 * 1000;
const dayMs = 24 * 60 * minuteMs;
const card = { cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' };
const noticeSubject = 'Choose which of your listings stay active';

type Member = Awaited<ReturnType<typeof sellerMember>>;

/** A member who paid today for a year of `tier` (no free month left). */
async function payingMember(tier: 'explorer' | 'connector'): Promise<Member> {
  const member = await sellerMember(client, server.database.db, { tier: 'starter' });
  await payFor(member, tier);
  return member;
}

async function payFor(member: Member, tier: 'explorer' | 'connector') {
  const checkout = await client.post('/api/create-subscription', { tier }, member.token);
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  const paid = await client.post('/api/payments/test/pay', { clientSecret: checkout.body.clientSecret, ...card }, member.token);
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
}

async function listItems(member: Member, titles: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const title of titles) {
    const created = await client.post('/api/listings', { ...validListing, title }, member.token);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    ids.push(created.body.id);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return ids;
}

const upkeep = (now: Date) => runMembershipUpkeep(server.deps, { now });
const me = async (member: Member) => {
  server.app.contentVersion.bump();
  return (await client.get('/api/auth/me', member.token)).body;
};
const plan = async (member: Member) => (await client.get('/api/membership', member.token)).body.subscription;
const askFor = (member: Member, tier: string) => client.post('/api/create-subscription', { tier }, member.token);
const undo = (member: Member) => client.post('/api/membership/undo-scheduled-change', undefined, member.token);
const rowsOf = (member: Member) => server.database.db.select().from(subscriptions).where(eq(subscriptions.userId, member.user.id));
const noticesTo = async (member: Member) => (await mailsTo(server, client, member.email)).filter((mail) => mail.subject === noticeSubject);
const activeIds = async (member: Member) =>
  (await server.database.db.select().from(listings).where(eq(listings.sellerId, member.user.id)))
    .filter((listing) => listing.isActive)
    .map((listing) => listing.id)
    .sort();

describe('a paying member who chooses Starter', () => {
  it('keeps the plan and every listing until the paid year ends, then moves to Starter that day, with the notice starting then', async () => {
    const member = await payingMember('explorer');
    const paidUntil = new Date((await plan(member)).renewsAt);
    expect(paidUntil.getTime()).toBeGreaterThan(Date.now() + 360 * dayMs);
    const ids = await listItems(member, ['Cane basket', 'Teak stool', 'Brass kettle']);

    const asked = await askFor(member, 'starter');
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body).toMatchObject({ tier: 'starter', status: 'scheduled', clientSecret: null, scheduledAt: paidUntil.toISOString() });
    expect(asked.body.message).toBe(scheduledChangeMessages.scheduled('explorer', 'starter', formatDateAU(paidUntil)));

    // Nothing changes before the day: the plan, the listings, no notice and no mail.
    expect(await me(member)).toMatchObject({ membershipTier: 'explorer', listingLimitNoticeAt: null });
    expect(await plan(member)).toMatchObject({ tier: 'explorer', status: 'active', scheduledTier: 'starter', scheduledAt: paidUntil.toISOString(), renewsAt: null });
    expect(await activeIds(member)).toEqual([...ids].sort());
    expect(await noticesTo(member)).toHaveLength(0);
    await upkeep(new Date(paidUntil.getTime() - minuteMs));
    expect(await me(member)).toMatchObject({ membershipTier: 'explorer', listingLimitNoticeAt: null });

    // The day comes: Starter, and the seven days' notice counts from it.
    const changedAt = new Date(paidUntil.getTime() + minuteMs);
    const result = await upkeep(changedAt);
    expect(result.planChanges).toBeGreaterThanOrEqual(1);
    const after = await me(member);
    expect(after.membershipTier).toBe('starter');
    expect(new Date(after.listingLimitNoticeAt).toISOString()).toBe(changedAt.toISOString());
    expect(await noticesTo(member)).toHaveLength(1);
    expect(await plan(member)).toBeNull();
    const [row] = await rowsOf(member);
    expect(row).toMatchObject({ status: 'cancelled', scheduledTier: 'starter' });

    await upkeep(new Date(changedAt.getTime() + 6 * dayMs));
    expect(await activeIds(member)).toEqual([...ids].sort());
    await upkeep(new Date(changedAt.getTime() + 8 * dayMs));
    expect(await activeIds(member)).toEqual([ids[2]]);
  });

  it('changes nothing more when asked again and again, even at once, and the change happens once', async () => {
    const member = await payingMember('explorer');
    await listItems(member, ['Pine shelf', 'Clay pot']);
    const first = await askFor(member, 'starter');
    const again = await Promise.all([askFor(member, 'starter'), askFor(member, 'starter'), askFor(member, 'starter')]);
    for (const answer of again) expect(answer.body).toMatchObject({ status: 'scheduled', scheduledAt: first.body.scheduledAt });
    const rows = await rowsOf(member);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'active', scheduledTier: 'starter' });

    // Two upkeeps at once (two app servers): one change, one notice.
    const day = new Date(new Date(first.body.scheduledAt).getTime() + minuteMs);
    const results = await Promise.all([upkeep(day), upkeep(day)]);
    expect((await me(member)).membershipTier).toBe('starter');
    expect(await noticesTo(member)).toHaveLength(1);
    expect(results.reduce((sum, result) => sum + result.planChanges, 0)).toBeGreaterThanOrEqual(1);
    const later = await upkeep(new Date(day.getTime() + minuteMs));
    expect(later.planChanges).toBe(0);
  });

  it('can undo it until the day, and no longer after it', async () => {
    const member = await payingMember('explorer');
    const paidUntil = new Date((await plan(member)).renewsAt);
    await askFor(member, 'starter');

    const undone = await undo(member);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body.message).toBe(scheduledChangeMessages.undone('explorer', formatDateAU(paidUntil)));
    expect(await plan(member)).toMatchObject({ tier: 'explorer', scheduledTier: null, scheduledAt: null, renewsAt: paidUntil.toISOString() });
    expect(await undo(member)).toMatchObject({ status: 404, body: { code: 'NO_SCHEDULED_CHANGE', message: scheduledChangeMessages.nothingToUndo } });
    // Undone, the day passes without a change.
    await upkeep(new Date(paidUntil.getTime() + minuteMs));
    expect((await me(member)).membershipTier).toBe('explorer');

    const other = await payingMember('explorer');
    const otherUntil = new Date((await plan(other)).renewsAt);
    await askFor(other, 'starter');
    await upkeep(new Date(otherUntil.getTime() + minuteMs));
    expect(await undo(other)).toMatchObject({ status: 409, body: { code: 'SCHEDULED_CHANGE_PASSED', message: scheduledChangeMessages.alreadyHappened } });
    expect((await me(other)).membershipTier).toBe('starter');
  });

  it('leaves the plan and its answer agreeing when changes and undos race', async () => {
    const member = await payingMember('connector');
    const answers = await Promise.all([askFor(member, 'starter'), undo(member), askFor(member, 'explorer'), undo(member), askFor(member, 'starter')]);
    for (const answer of answers) expect([200, 404]).toContain(answer.status);
    const [row] = await rowsOf(member);
    const shown = await plan(member);
    expect(shown.scheduledTier).toBe(row.scheduledTier);
    expect((await me(member)).membershipTier).toBe('connector');
    // Whatever won, one subscription, never a second checkout or charge.
    expect(await rowsOf(member)).toHaveLength(1);
    expect(row.status).toBe('active');
  });

  it('is a switch at once when nothing paid is left: the free month, and a plan given without payment', async () => {
    const trial = await registerMember(client);
    const switched = await client.post('/api/create-subscription', { tier: 'starter' }, trial.token);
    expect(switched.body).toMatchObject({ tier: 'starter', status: 'active', scheduledAt: null });
    expect((await client.get('/api/auth/me', trial.token)).body).toMatchObject({ membershipTier: 'starter', trialEndDate: null });

    const gifted = await sellerMember(client, server.database.db, { tier: 'connector' });
    const now = await askFor(gifted, 'starter');
    expect(now.body).toMatchObject({ status: 'active' });
    expect((await me(gifted)).membershipTier).toBe('starter');
  });

  it('never undoes a plan that costs more: buying Connector while Starter waits gives Connector now, and the day changes nothing', async () => {
    const member = await payingMember('explorer');
    const paidUntil = new Date((await plan(member)).renewsAt);
    await askFor(member, 'starter');
    await payFor(member, 'connector');
    expect((await me(member)).membershipTier).toBe('connector');
    await upkeep(new Date(paidUntil.getTime() + minuteMs));
    expect((await me(member)).membershipTier).toBe('connector');
    expect(await plan(member)).toMatchObject({ tier: 'connector', status: 'active', scheduledTier: null });
    expect(await undo(member)).toMatchObject({ status: 404, body: { code: 'NO_SCHEDULED_CHANGE' } });
  });
});

describe('a paying Connector who chooses Explorer', () => {
  it('keeps Connector, with its pin, until the year ends, then renews as Explorer at its price', async () => {
    const member = await payingMember('connector');
    const paidUntil = new Date((await plan(member)).renewsAt);
    const [pinned] = await listItems(member, ['Walnut desk']);
    expect((await client.call('PUT', `/api/listings/${pinned}/pin`, { token: member.token, body: { pinned: true } })).status).toBe(200);

    const asked = await askFor(member, 'explorer');
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body).toMatchObject({ tier: 'explorer', status: 'scheduled', clientSecret: null, amountCents: 2400, scheduledAt: paidUntil.toISOString() });
    expect(asked.body.message).toBe(scheduledChangeMessages.scheduled('connector', 'explorer', formatDateAU(paidUntil)));
    // No second subscription, nothing to pay now.
    expect(await rowsOf(member)).toHaveLength(1);
    expect(await plan(member)).toMatchObject({ tier: 'connector', amountCents: 6000, scheduledTier: 'explorer', renewsAt: paidUntil.toISOString() });
    server.app.contentVersion.bump();
    expect((await client.get(`/api/listings/${pinned}`)).body.isPinned).toBe(true);

    // Asking for Starter instead replaces it; asking for Explorer again brings it back.
    expect((await askFor(member, 'starter')).body).toMatchObject({ tier: 'starter', status: 'scheduled' });
    expect((await plan(member)).scheduledTier).toBe('starter');
    expect((await askFor(member, 'explorer')).body).toMatchObject({ tier: 'explorer', status: 'scheduled' });
    // Connector itself is already the plan.
    expect((await askFor(member, 'connector')).body.code).toBe('ALREADY_ON_PLAN');

    await upkeep(new Date(paidUntil.getTime() - minuteMs));
    expect((await me(member)).membershipTier).toBe('connector');
    await upkeep(new Date(paidUntil.getTime() + minuteMs));
    expect((await me(member)).membershipTier).toBe('explorer');
    const renewed = await plan(member);
    expect(renewed).toMatchObject({ tier: 'explorer', status: 'active', amountCents: 2400, scheduledTier: null });
    expect(new Date(renewed.renewsAt).getTime()).toBeGreaterThan(paidUntil.getTime() + 360 * dayMs);
    expect((await client.get(`/api/listings/${pinned}`)).body.isPinned).toBe(false);
    const [row] = await rowsOf(member);
    expect(row).toMatchObject({ tier: 'explorer', status: 'active' });
    const [stored] = await server.database.db.select({ tier: users.membershipTier }).from(users).where(eq(users.id, member.user.id));
    expect(stored.tier).toBe('explorer');
  });
});
