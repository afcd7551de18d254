// Listing times (decision 34): a listing keeps its place among the newest for its plan's listing time
// (standard on Starter, extended on the paid plans), then moves below the newer listings and its seller
// is mailed once; renewing, allowed only then, moves it back to the top of newest first.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatDateAU } from '../../src/domain/dates';
import { nextCursorHeader } from '../../src/domain/listing';
import { listingTimeMessages, renewalReminderMail } from '../../src/domain/listing-times';
import { tierRules } from '../../src/domain/tiers';
import { listings } from '../../src/server/db/schema';
import { moveListingsPastTheirTime } from '../../src/server/listings';
import { mailsTo, sellerMember, validListing } from './support/factories';
import { useTestServer } from './support/use-test-server';

const { server, client } = useTestServer();

const dayMs = 24 * 60 * 60 * 1000;
const starterDays = tierRules.starter.listingTimeDays;
const connectorDays = tierRules.connector.listingTimeDays;

async function listItem(token: string, title: string): Promise<string> {
  const created = await client.post('/api/listings', { ...validListing, title }, token);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  // Distinct times: "newest" must mean something.
  await new Promise((resolve) => setTimeout(resolve, 5));
  return created.body.id as string;
}

/** As if it had been listed `days` ago (created, listed and ranked then). */
async function listedDaysAgo(id: string, days: number): Promise<void> {
  const back = sql`make_interval(days => ${days})`;
  await server.database.db
    .update(listings)
    .set({ createdAt: sql`${listings.createdAt} - ${back}`, listedAt: sql`${listings.listedAt} - ${back}`, rankedAt: sql`${listings.rankedAt} - ${back}` })
    .where(eq(listings.id, id));
}

/** Newest first, as a Connector (Australia-wide) sees the listings with this word, walked one page at a time. */
async function newestFirst(word: string): Promise<string[]> {
  const viewer = await sellerMember(client, server.database.db, { tier: 'connector' });
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 10; page += 1) {
    const response: { status: number; body: { id: string }[]; headers: Headers } = await client.get(`/api/listings?search=${word}&sort=newest&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, viewer.token);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    ids.push(...response.body.map((listing) => listing.id));
    cursor = response.headers.get(nextCursorHeader);
    if (!cursor) break;
  }
  return ids;
}

describe('renewing a listing', () => {
  it('is refused before its plan’s listing time has passed, then moves it back to the top of newest first, once', async () => {
    const word = `bilby${Date.now()}`;
    const seller = await sellerMember(client, server.database.db, { tier: 'starter' });
    const neighbour = await sellerMember(client, server.database.db, { tier: 'explorer' });
    const older = await listItem(seller.token, `${word} lamp`);
    const newer = await listItem(neighbour.token, `${word} kettle`);

    const early = await client.post(`/api/listings/${older}/renew`, undefined, seller.token);
    expect(early.status).toBe(409);
    const mine = (await client.get(`/api/listings/${older}`)).body as { listedAt: string };
    const renewableFrom = new Date(new Date(mine.listedAt).getTime() + starterDays * dayMs);
    expect(early.body).toMatchObject({ code: 'RENEW_TOO_SOON', message: listingTimeMessages.notDue(renewableFrom) });
    expect(early.body.message).toContain(formatDateAU(renewableFrom));

    await listedDaysAgo(older, starterDays + 1);
    expect(await newestFirst(word)).toEqual([newer, older]);

    // Only its seller may renew it.
    const stranger = await client.post(`/api/listings/${older}/renew`, undefined, neighbour.token);
    expect(stranger.status).toBe(403);
    expect(stranger.body.code).toBe('NOT_YOUR_LISTING');

    const renewed = await client.post(`/api/listings/${older}/renew`, undefined, seller.token);
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(renewed.body).toMatchObject({ id: older, belowNewest: false });
    expect(Date.now() - new Date(renewed.body.listedAt).getTime()).toBeLessThan(60_000);
    // Still listed when it was: the listing page's date does not change.
    expect(new Date(renewed.body.createdAt).getTime()).toBeLessThan(Date.now() - starterDays * dayMs);
    expect(await newestFirst(word)).toEqual([older, newer]);

    // Its listing time starts again: no moving it up every day.
    const again = await client.post(`/api/listings/${older}/renew`, undefined, seller.token);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('RENEW_TOO_SOON');
  });

  it('is refused for a sold listing, which is not in browse', async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'explorer' });
    const id = await listItem(seller.token, `Sold ${Date.now()} bike`);
    await listedDaysAgo(id, tierRules.explorer.listingTimeDays + 1);
    expect((await client.call('PATCH', `/api/listings/${id}`, { body: { isActive: false }, token: seller.token })).status).toBe(200);
    const renewed = await client.post(`/api/listings/${id}/renew`, undefined, seller.token);
    expect(renewed.status).toBe(409);
    expect(renewed.body).toMatchObject({ code: 'RENEW_NOT_FOR_SALE', message: listingTimeMessages.notForSale });
  });
});

describe('the hourly upkeep of listing times', () => {
  it('moves a listing past its plan’s listing time below the newer listings, mails its seller once per listing time, and a renewal brings it back', async () => {
    const word = `numbat${Date.now()}`;
    const starter = await sellerMember(client, server.database.db, { tier: 'starter', firstName: 'Sione' });
    const connector = await sellerMember(client, server.database.db, { tier: 'connector' });
    const newcomer = await sellerMember(client, server.database.db, { tier: 'explorer' });
    const extended = await listItem(connector.token, `${word} extended table`);
    const standard = await listItem(starter.token, `${word} standard chair`);
    const fresh = await listItem(newcomer.token, `${word} fresh desk`);
    // Both past Starter's time; only the Starter's listing is past its own plan's.
    await listedDaysAgo(extended, starterDays + 10);
    await listedDaysAgo(standard, starterDays + 5);
    expect(await newestFirst(word)).toEqual([fresh, standard, extended]);

    expect(await moveListingsPastTheirTime(server.deps)).toBeGreaterThanOrEqual(1);
    // The Starter's listing now shows below the Connector's older one, which is still within its extended time.
    expect(await newestFirst(word)).toEqual([fresh, extended, standard]);
    const own = ((await client.get('/api/my-listings', starter.token)).body as { id: string; belowNewest: boolean }[]).find((listing) => listing.id === standard);
    expect(own?.belowNewest).toBe(true);

    const reminder = renewalReminderMail({ firstName: 'Sione', title: `${word} standard chair`, days: starterDays, dashboardUrl: `${server.deps.config.publicUrl}/dashboard` });
    const remindersTo = async (email: string) => (await mailsTo(server, client, email)).filter((mail) => mail.subject.startsWith('Renew '));
    const mailed = await remindersTo(starter.email);
    expect(mailed).toHaveLength(1);
    expect(mailed[0]).toMatchObject({ subject: reminder.subject, text: reminder.text });
    expect(await remindersTo(connector.email)).toHaveLength(0);

    // Another run, another server: never a second mail for the same listing time.
    await moveListingsPastTheirTime(server.deps);
    expect(await remindersTo(starter.email)).toHaveLength(1);

    // The Connector's listing reaches its extended time later.
    await moveListingsPastTheirTime(server.deps, { now: new Date(Date.now() + (connectorDays - starterDays) * dayMs) });
    expect(await remindersTo(connector.email)).toHaveLength(1);

    const renewed = await client.post(`/api/listings/${standard}/renew`, undefined, starter.token);
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(await newestFirst(word)).toEqual([standard, fresh, extended]);

    // A new listing time, and when it has passed, one more mail.
    await moveListingsPastTheirTime(server.deps, { now: new Date(Date.now() + (starterDays - 1) * dayMs) });
    expect(await remindersTo(starter.email)).toHaveLength(1);
    await moveListingsPastTheirTime(server.deps, { now: new Date(Date.now() + (starterDays + 1) * dayMs) });
    expect(await remindersTo(starter.email)).toHaveLength(2);
  });
});
