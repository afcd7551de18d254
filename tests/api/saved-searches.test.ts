import { describe, expect, it } from 'vitest';
import { savedSearchLimitFor, savedSearchMail, savedSearchMessages, unsubscribePagePath } from '../../src/domain/saved-searches';
import { eq, sql } from 'drizzle-orm';
import { savedSearchPending } from '../../src/server/db/schema';
import { matchNewListings, queueDailyDigests, statesAtDigestHour, unsubscribeUrl } from '../../src/server/listings/saved-search-alerts';
import { jobSchema } from '../../src/server/services/job-queue';
import { mailsTo, sellerMember, validListing } from './support/factories';
import { useTestServer } from './support/use-test-server';

const { server, client } = useTestServer();

const list = (token: string, body: Record<string, unknown>) => client.call('POST', '/api/listings', { token, body: { ...validListing, ...body } });
const save = (token: string, body: Record<string, unknown>) => client.call('POST', '/api/saved-searches', { token, body });
const mine = async (token: string) => {
  const response = await client.get('/api/saved-searches', token);
  expect(response.status).toBe(200);
  return response.body as { id: string; name: string; newCount: number; query: Record<string, string>; frequency: string; mailEnabled: boolean }[];
};

describe('saved searches', () => {
  it('hands a failed matching run’s listings back at once, so the next run matches them and the alert goes', async () => {
    const word = `bilby${Date.now()}`;
    const { db } = server.database;
    const watcher = await sellerMember(client, db, { postcode: '3068', tier: 'explorer' });
    const seller = await sellerMember(client, db, { postcode: '3068', tier: 'connector' });
    expect((await save(watcher.token, { name: 'Bilbies', query: { search: word }, frequency: 'instant' })).status).toBe(201);
    // A listing waiting to be matched, as a listing's own transaction leaves it (no run queued for it here).
    const inserted = await db.execute(sql`
      insert into listings (title, description, price, category, location, seller_id, postcode, state, latitude, longitude)
      values (${`${word} lamp`}, 'A lamp', 20, 'home', 'Abbotsford VIC 3067', ${seller.user.id}, '3068', 'VIC', -37.79, 144.99)
      returning id`);
    const listingId = (inserted as unknown as { rows: { id: string }[] }).rows[0].id;
    await db.insert(savedSearchPending).values({ listingId });

    // The run fails after claiming it (the job queue unreachable): the listing is free again at once.
    const queueDown = new Proxy(server.deps.jobs, {
      get: (target, key, receiver) => (key === 'sendMany' ? () => Promise.reject(new Error('job queue unreachable')) : Reflect.get(target, key, receiver)),
    });
    await expect(matchNewListings({ ...server.deps, jobs: queueDown })).rejects.toThrow('job queue unreachable');
    const [waiting] = await db.select().from(savedSearchPending).where(eq(savedSearchPending.listingId, listingId));
    expect(waiting?.claimedAt).toBeNull();

    // The next run (the job's retry, or another server's) matches it, and the member hears of it.
    expect(await matchNewListings(server.deps)).toBeGreaterThanOrEqual(1);
    expect(await server.deps.jobs.settle()).toBe(true);
    const mails = await mailsTo(server, client, watcher.email);
    expect(mails.some((mail) => mail.text.includes(`${word} lamp`))).toBe(true);
  });

  it('keeps a search and counts what is new in the member’s own area since they last looked', async () => {
    const word = `quoll${Date.now()}`;
    // Broken Hill has no other postcode within a Starter's 5 km; Perth is far away.
    const starter = await sellerMember(client, server.database.db, { postcode: '2880', tier: 'starter' });
    const connector = await sellerMember(client, server.database.db, { postcode: '2880', tier: 'connector' });
    const nearSeller = await sellerMember(client, server.database.db, { postcode: '2880', tier: 'connector' });
    const farSeller = await sellerMember(client, server.database.db, { postcode: '6160', tier: 'connector' });

    const created = await save(starter.token, { name: 'Quoll things', query: { search: word, category: 'home' }, frequency: 'instant' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Quoll things', query: { search: word, category: 'home' }, frequency: 'instant', newCount: 0 });
    expect((await save(connector.token, { name: 'Quolls anywhere', query: { search: word }, frequency: 'daily' })).status).toBe(201);

    await list(nearSeller.token, { title: `${word} lamp`, category: 'home' });
    await list(farSeller.token, { title: `${word} rug`, category: 'home' });
    await list(nearSeller.token, { title: `${word} bike`, category: 'sports' });
    await list(nearSeller.token, { title: 'Something else entirely', category: 'home' });

    // The Starter's 5 km holds one match in the category; the Connector sees all three with the word.
    expect((await mine(starter.token)).map((search) => [search.name, search.newCount])).toEqual([['Quoll things', 1]]);
    expect((await mine(connector.token)).map((search) => [search.name, search.newCount])).toEqual([['Quolls anywhere', 3]]);

    // Opened: nothing is new until the next listing.
    const [search] = await mine(starter.token);
    expect((await client.call('POST', `/api/saved-searches/${search.id}/seen`, { token: starter.token })).status).toBe(204);
    expect((await mine(starter.token))[0].newCount).toBe(0);
    await list(nearSeller.token, { title: `${word} vase`, category: 'home' });
    expect((await mine(starter.token))[0].newCount).toBe(1);

    // Deleted: gone; another member's is not theirs to delete or mark.
    expect((await client.call('DELETE', `/api/saved-searches/${search.id}`, { token: connector.token })).status).toBe(404);
    expect((await client.call('POST', `/api/saved-searches/${search.id}/seen`, { token: connector.token })).status).toBe(404);
    expect((await client.call('DELETE', `/api/saved-searches/${search.id}`, { token: starter.token })).status).toBe(204);
    expect(await mine(starter.token)).toEqual([]);
    const again = await client.call('DELETE', `/api/saved-searches/${search.id}`, { token: starter.token });
    expect([again.status, again.body.message]).toEqual([404, savedSearchMessages.notFound]);
    expect((await client.call('DELETE', '/api/saved-searches/not-an-id', { token: starter.token })).status).toBe(404);
  });

  it('refuses what browse would refuse, unknown filters, and a missing name or frequency', async () => {
    const member = await sellerMember(client, server.database.db);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'Cars', query: { category: 'cars' }, frequency: 'daily' }, 'Choose a category from the list.'],
      [{ name: 'Colours', query: { colour: 'red' }, frequency: 'daily' }, ''],
      [{ name: 'Postcode', query: { postcode: '30' }, frequency: 'daily' }, 'A postcode has four digits.'],
      [{ name: '   ', query: {}, frequency: 'daily' }, savedSearchMessages.nameRequired],
      [{ name: 'x'.repeat(61), query: {}, frequency: 'daily' }, savedSearchMessages.nameTooLong],
      [{ name: 'Weekly', query: {}, frequency: 'weekly' }, savedSearchMessages.frequencyRequired],
    ];
    for (const [body, message] of cases) {
      const answer = await save(member.token, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      if (message) expect(JSON.stringify(answer.body), JSON.stringify(body)).toContain(message);
    }
    expect(await mine(member.token)).toEqual([]);
    expect((await client.call('POST', '/api/saved-searches', { body: { name: 'Visitor', query: {}, frequency: 'daily' } })).status).toBe(401);
  });

  it('stops at the plan’s number of saved searches with a message that names it', async () => {
    for (const tier of ['explorer', 'connector'] as const) {
      const member = await sellerMember(client, server.database.db, { tier });
      const limit = savedSearchLimitFor(tier);
      for (let index = 0; index < limit; index += 1) {
        expect((await save(member.token, { name: `Search ${index}`, query: { search: `word${index}` }, frequency: 'daily' })).status).toBe(201);
      }
      const over = await save(member.token, { name: 'One too many', query: {}, frequency: 'daily' });
      expect([over.status, over.body.message]).toEqual([403, savedSearchMessages.limitReached(limit)]);
      expect(await mine(member.token)).toHaveLength(limit);
    }
  });
});

describe('saved search mail', () => {
  const settle = async () => {
    const settled = await server.deps.jobs.settle();
    if (!settled) console.log('unsettled jobs', (await server.database.executeSql(`select name, state, start_after, output from ${jobSchema}.job where state not in ('completed')`, [])).rows);
    expect(settled).toBe(true);
  };
  /** The saved-search mail to an address (sign-up mail aside), newest first. */
  const alertsTo = async (email: string) => (await mailsTo(server, client, email)).filter((mail) => mail.headers?.['List-Unsubscribe']);
  const pathOf = (url: string) => {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  };

  it('mails an instant alert for a new match in the member’s area, at most every 15 minutes, with a one-click unsubscribe that works signed out', async () => {
    const word = `bilby${Date.now()}`;
    const starter = await sellerMember(client, server.database.db, { postcode: '2880', tier: 'starter', firstName: 'Ada' });
    const nearSeller = await sellerMember(client, server.database.db, { postcode: '2880', tier: 'connector' });
    const farSeller = await sellerMember(client, server.database.db, { postcode: '6160', tier: 'connector' });
    const saved = (await save(starter.token, { name: 'Bilby finds', query: { search: word }, frequency: 'instant' })).body as { id: string };

    const lamp = (await list(nearSeller.token, { title: `${word} lamp` })).body as { id: string };
    await settle();
    const first = await alertsTo(starter.email);
    expect(first).toHaveLength(1);
    expect(first[0].subject).toBe(savedSearchMail.subject('Bilby finds', 1, false));
    expect(first[0].text).toContain(`${word} lamp`);
    expect(first[0].text).toContain(`/listing/${lamp.id}`);
    const unsubscribe = /<(.+)>/.exec(first[0].headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '';
    expect(first[0].text).toContain(unsubscribe);
    expect(first[0].headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

    // Outside a Starter's 5 km: no mail. Another match within 15 minutes waits for the next mail.
    await list(farSeller.token, { title: `${word} rug` });
    const vase = (await list(nearSeller.token, { title: `${word} vase` })).body as { id: string };
    await settle();
    expect(await alertsTo(starter.email)).toHaveLength(1);
    // A quarter of an hour on (the waiting mail is due now):
    await server.database.executeSql(`update ${jobSchema}.job set start_after = now() where name = 'saved-search-mail' and state = 'created'`, []);
    await settle();
    const second = (await alertsTo(starter.email))[0];
    expect(second.text).toContain(`/listing/${vase.id}`);
    expect(second.text).not.toContain(`/listing/${lamp.id}`);
    expect(second.text).not.toContain(`${word} rug`);

    // The link works signed out (its page's button posts it), and a forged one does nothing.
    const forged = await client.call('GET', `/api/saved-searches/${saved.id}/unsubscribe?token=forged`);
    expect([forged.status, forged.headers.get('location')]).toEqual([302, '/unsubscribed?invalid=1']);
    expect((await client.call('POST', `/api/saved-searches/${saved.id}/unsubscribe?token=forged`)).status).toBe(400);
    const done = await client.call('POST', pathOf(unsubscribe));
    expect([done.status, done.body]).toEqual([200, { message: savedSearchMail.unsubscribed('Bilby finds') }]);
    await list(nearSeller.token, { title: `${word} kettle` });
    await settle();
    expect(await alertsTo(starter.email)).toHaveLength(2);
    // The search itself stays on /saved, its mail off; /account turns it on again (its owner only).
    expect((await mine(starter.token)).map((search) => [search.name, search.mailEnabled])).toEqual([['Bilby finds', false]]);
    expect((await client.call('PATCH', `/api/saved-searches/${saved.id}`, { token: nearSeller.token, body: { mailEnabled: true } })).status).toBe(404);
    expect((await client.call('PATCH', `/api/saved-searches/${saved.id}`, { token: starter.token, body: { colour: 'red' } })).status).toBe(400);
    const on = await client.call('PATCH', `/api/saved-searches/${saved.id}`, { token: starter.token, body: { mailEnabled: true } });
    expect([on.status, on.body.mailEnabled]).toEqual([200, true]);
  });

  it('alerts a search with a condition filter only to listings in those conditions', async () => {
    const word = `numbat${Date.now()}`;
    const watcher = await sellerMember(client, server.database.db, { postcode: '3068', tier: 'explorer' });
    const seller = await sellerMember(client, server.database.db, { postcode: '3068', tier: 'connector' });
    const saved = await save(watcher.token, { name: 'Numbats, barely used', query: { search: word, condition: 'good,like-new' }, frequency: 'instant' });
    // Kept as browse writes it, in the list's order.
    expect([saved.status, saved.body.query]).toEqual([201, { search: word, condition: 'like-new,good' }]);
    expect((await save(watcher.token, { name: 'Mint', query: { search: word, condition: 'mint' }, frequency: 'instant' })).status).toBe(400);

    await list(seller.token, { title: `${word} lamp, never used`, condition: 'new' });
    await list(seller.token, { title: `${word} chair`, condition: 'fair' });
    await list(seller.token, { title: `${word} rug` });
    const kettle = (await list(seller.token, { title: `${word} kettle`, condition: 'like-new' })).body as { id: string };
    await settle();
    const alerts = await alertsTo(watcher.email);
    expect(alerts).toHaveLength(1);
    expect(alerts[0].text).toContain(`/listing/${kettle.id}`);
    expect(alerts[0].text).not.toMatch(/lamp|chair|rug/);
  });

  it('alerts each member whose plan reaches the new listing, and only them', async () => {
    const word = `potoroo${Date.now()}`;
    // The listing is in 3068 (Fitzroy North, VIC); 3065 is about 2 km away, 3141 about 6 km.
    const seller = await sellerMember(client, server.database.db, { postcode: '3068', tier: 'connector' });
    const watchers = {
      starterNear: await sellerMember(client, server.database.db, { postcode: '3065', tier: 'starter' }),
      starterFar: await sellerMember(client, server.database.db, { postcode: '3141', tier: 'starter' }),
      explorerInState: await sellerMember(client, server.database.db, { postcode: '3550', tier: 'explorer' }),
      explorerElsewhere: await sellerMember(client, server.database.db, { postcode: '2000', tier: 'explorer' }),
      connectorFar: await sellerMember(client, server.database.db, { postcode: '6000', tier: 'connector' }),
      lifetimeFar: await sellerMember(client, server.database.db, { postcode: '4000', tier: 'lifetime' }),
    };
    for (const watcher of Object.values(watchers)) {
      expect((await save(watcher.token, { name: 'Potoroo', query: { search: word }, frequency: 'instant' })).status).toBe(201);
    }
    // The seller's own search never alerts them about their own listing.
    await save(seller.token, { name: 'Mine', query: { search: word }, frequency: 'instant' });
    await list(seller.token, { title: `${word} planter` });
    await settle();
    const alerted = Object.fromEntries(await Promise.all(Object.entries(watchers).map(async ([name, watcher]) => [name, (await alertsTo(watcher.email)).length])));
    expect(alerted).toEqual({ starterNear: 1, starterFar: 0, explorerInState: 1, explorerElsewhere: 0, connectorFar: 1, lifetimeFar: 1 });
    expect(await alertsTo(seller.email)).toEqual([]);
  });

  it('changes nothing when the unsubscribe link is opened (mail scanners open links): it shows a page that asks, whose button unsubscribes', async () => {
    const member = await sellerMember(client, server.database.db);
    const saved = (await save(member.token, { name: 'Kayaks & canoes', query: { search: 'kayak' }, frequency: 'instant' })).body as { id: string };
    const link = pathOf(unsubscribeUrl(server.config, saved.id));
    const token = new URL(link, server.baseUrl).searchParams.get('token')!;
    for (const method of ['GET', 'HEAD', 'GET']) {
      const opened = await client.call(method, link);
      expect([opened.status, opened.headers.get('location')], method).toEqual([302, `${unsubscribePagePath}?${new URLSearchParams({ search: saved.id, token, name: 'Kayaks & canoes' })}`]);
    }
    expect((await mine(member.token)).map((search) => search.mailEnabled)).toEqual([true]);
    // The page's button: the one-click post, without a form body.
    const clicked = await client.call('POST', link);
    expect([clicked.status, clicked.body]).toEqual([200, { message: savedSearchMail.unsubscribed('Kayaks & canoes') }]);
    expect((await mine(member.token)).map((search) => search.mailEnabled)).toEqual([false]);
  });

  it('takes the RFC 8058 one-click post a mail client sends', async () => {
    const member = await sellerMember(client, server.database.db);
    const saved = (await save(member.token, { name: 'Prams', query: { search: 'pram' }, frequency: 'daily' })).body as { id: string };
    const link = pathOf(unsubscribeUrl(server.config, saved.id));
    const response = await fetch(`${server.baseUrl}${link}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { message: string }).message).toBe(savedSearchMail.unsubscribed('Prams'));
    const forged = await fetch(`${server.baseUrl}/api/saved-searches/${saved.id}/unsubscribe?token=forged`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(forged.status).toBe(400);
  });

  it('sends a daily search’s digest at 7 am in the member’s state, with what was listed since the last one', async () => {
    const word = `numbat${Date.now()}`;
    const member = await sellerMember(client, server.database.db, { postcode: '6160', tier: 'connector', firstName: 'Wren' });
    const seller = await sellerMember(client, server.database.db, { postcode: '2880', tier: 'connector' });
    await save(member.token, { name: 'Numbat things', query: { search: word }, frequency: 'daily' });
    await list(seller.token, { title: `${word} poster` });
    await list(seller.token, { title: `${word} mug` });
    await settle();
    expect(await alertsTo(member.email)).toEqual([]);

    // 7:05 am in Perth (WA, UTC+8) is 23:05 UTC the day before; at 7:05 in Sydney nothing goes to Perth.
    const at = (iso: string) => ({ ...server.deps, clock: { now: () => new Date(iso) } });
    expect(statesAtDigestHour(new Date('2026-11-24T23:05:00Z'))).toEqual(['WA']);
    await queueDailyDigests(at('2026-11-24T20:05:00Z'));
    await settle();
    expect(await alertsTo(member.email)).toEqual([]);
    await queueDailyDigests(at('2026-11-24T23:05:00Z'));
    await settle();
    const [digest] = await alertsTo(member.email);
    expect(digest.subject).toBe(savedSearchMail.subject('Numbat things', 2, true));
    expect(digest.text).toContain(`${word} poster`);
    expect(digest.text).toContain(`${word} mug`);
  });
});
