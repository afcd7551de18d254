import { describe, expect, it } from 'vitest';
import { mapMessages, roundCoordinate } from '../../src/domain/map';
import { findPostcode } from '../../src/server/postcodes';
import { rebuildPostcodeCounts, recountConditionCounts } from '../../src/server/map/postcode-counts';
import { postcodeListingCounts } from '../../src/server/db/schema';
import { sellerMember, validListing } from './support/factories';
import { useTestServer } from './support/use-test-server';

const { server, client } = useTestServer();

type Entry = { postcode: string; state: string; count: number; allowed: boolean; latitude: number; longitude: number };
const byPostcode = (entries: Entry[]) => Object.fromEntries(entries.map((entry) => [entry.postcode, entry]));

describe('listing counts for the map', () => {
  it('counts active listings per postcode, kept current by every change, and marks areas by tier', async () => {
    const fitzroy = await sellerMember(client, server.database.db, { postcode: '3068', tier: 'connector' });
    const geelong = await sellerMember(client, server.database.db, { postcode: '3220', tier: 'connector' });
    const sydney = await sellerMember(client, server.database.db, { postcode: '2010', tier: 'connector' });
    const created = [];
    for (const seller of [fitzroy, fitzroy, geelong, sydney]) {
      created.push((await client.post('/api/listings', validListing, seller.token)).body);
    }

    const starter = await sellerMember(client, server.database.db, { postcode: '3065', tier: 'starter' });
    const explorer = await sellerMember(client, server.database.db, { postcode: '3065', tier: 'explorer' });
    const connector = await sellerMember(client, server.database.db, { postcode: '3065', tier: 'connector' });

    const asStarter = byPostcode((await client.get('/api/map/listing-counts', starter.token)).body);
    expect(asStarter['3068']).toMatchObject({ state: 'VIC', count: 2, allowed: true });
    expect(asStarter['3220']).toMatchObject({ count: 1, allowed: false });
    expect(asStarter['2010']).toMatchObject({ count: 1, allowed: false });
    expect(asStarter['3068'].latitude).toBeCloseTo(-37.78, 1);

    const asExplorer = byPostcode((await client.get('/api/map/listing-counts', explorer.token)).body);
    expect([asExplorer['3068'].allowed, asExplorer['3220'].allowed, asExplorer['2010'].allowed]).toEqual([true, true, false]);
    const asConnector = byPostcode((await client.get('/api/map/listing-counts', connector.token)).body);
    expect([asConnector['3068'].allowed, asConnector['3220'].allowed, asConnector['2010'].allowed]).toEqual([true, true, true]);

    await client.call('PATCH', `/api/listings/${created[0].id}`, { token: fitzroy.token, body: { isActive: false } });
    await client.call('DELETE', `/api/listings/${created[3].id}`, { token: sydney.token });
    const after = byPostcode((await client.get('/api/map/listing-counts', connector.token)).body);
    expect(after['3068'].count).toBe(1);
    expect(after['2010']).toBeUndefined();

    await client.call('PATCH', `/api/listings/${created[0].id}`, { token: fitzroy.token, body: { isActive: true } });
    expect(byPostcode((await client.get('/api/map/listing-counts', connector.token)).body)['3068'].count).toBe(2);

    // A full recount agrees with the running counts.
    const running = await server.database.db.select().from(postcodeListingCounts);
    await rebuildPostcodeCounts(server.database.db);
    const rebuilt = await server.database.db.select().from(postcodeListingCounts);
    const counts = (rows: typeof running) => Object.fromEntries(rows.filter((row) => row.activeCount > 0).map((row) => [row.postcode, row.activeCount]));
    expect(counts(rebuilt)).toEqual(counts(running));
  });

  it('counts only the conditions browse filters by, kept current as listings change and sell', async () => {
    // Mount Isa's counts: no other test lists there.
    const seller = await sellerMember(client, server.database.db, { postcode: '4825', tier: 'connector' });
    const viewer = await sellerMember(client, server.database.db, { postcode: '4825', tier: 'connector' });
    const list = async (condition?: string) => (await client.post('/api/listings', { ...validListing, ...(condition ? { condition } : {}) }, seller.token)).body as { id: string };
    const good = await list('good');
    const fair = await list('fair');
    await list('good');
    await list();
    const countIn = async (condition?: string) => {
      const response = await client.get(`/api/map/listing-counts${condition ? `?condition=${condition}` : ''}`, viewer.token);
      expect(response.status).toBe(200);
      return byPostcode(response.body)['4825']?.count ?? 0;
    };
    expect([await countIn(), await countIn('good'), await countIn('good,fair'), await countIn('new')]).toEqual([4, 2, 3, 0]);

    // An edit moves a listing between conditions; a sale takes it out of its condition's count.
    await client.call('PUT', `/api/listings/${fair.id}`, { token: seller.token, body: { ...validListing, condition: 'new' } });
    await client.call('PATCH', `/api/listings/${good.id}`, { token: seller.token, body: { isActive: false } });
    expect([await countIn(), await countIn('good'), await countIn('fair'), await countIn('new')]).toEqual([3, 1, 0, 1]);
    expect((await client.get('/api/map/listing-counts?condition=mint', viewer.token)).status).toBe(400);

    // A full recount agrees with the running counts, condition by condition.
    const running = await server.database.db.select().from(postcodeListingCounts);
    await rebuildPostcodeCounts(server.database.db);
    const rebuilt = await server.database.db.select().from(postcodeListingCounts);
    const byCondition = (rows: typeof running) => Object.fromEntries(rows.filter((row) => row.activeCount > 0).map((row) => [row.postcode, row.conditionCounts]));
    expect(byCondition(rebuilt)).toEqual(byCondition(running));
    expect(byCondition(rebuilt)['4825']).toEqual([1, 0, 1, 0, 0]);

    // A server of the version before (during a release) sold the other good one without touching the
    // counts by condition: the hourly upkeep's recount puts the filtered map right.
    await server.database.executeSql("update listings set is_active = false where postcode = '4825' and condition = 'good'", []);
    await server.database.executeSql("update postcode_listing_counts set active_count = active_count - 1 where postcode = '4825'", []);
    expect(await recountConditionCounts(server.deps)).toBe(1);
    expect(await recountConditionCounts(server.deps)).toBe(0);
    expect([await countIn(), await countIn('good'), await countIn('new')]).toEqual([2, 0, 1]);
  });

  it('answers for the part of the map asked for, and refuses a malformed area', async () => {
    const seller = await sellerMember(client, server.database.db, { postcode: '3068', tier: 'connector' });
    await client.post('/api/listings', validListing, seller.token);
    await client.post('/api/listings', validListing, (await sellerMember(client, server.database.db, { postcode: '6000', tier: 'connector' })).token);
    const viewer = await sellerMember(client, server.database.db, { postcode: '3065', tier: 'connector' });

    const melbourne = byPostcode((await client.get('/api/map/listing-counts?south=-38.5&west=144.5&north=-37.5&east=145.5', viewer.token)).body);
    expect(melbourne['3068']).toMatchObject({ count: expect.any(Number), allowed: true });
    expect(melbourne['6000']).toBeUndefined();
    // Coordinates come rounded to about 10 m, exactly as the domain rounds them.
    expect(String(melbourne['3068'].latitude).split('.')[1].length).toBeLessThanOrEqual(4);
    for (const entry of Object.values(melbourne)) {
      const place = findPostcode(entry.postcode)!;
      expect([entry.latitude, entry.longitude]).toEqual([roundCoordinate(place.latitude), roundCoordinate(place.longitude)]);
    }
    const everywhere = byPostcode((await client.get('/api/map/listing-counts', viewer.token)).body);
    expect(everywhere['6000']).toBeDefined();

    for (const query of ['south=-37&west=144&north=-38&east=145', 'south=abc&west=144&north=-37&east=145', 'south=-38&north=-37', 'south=-95&west=144&north=-37&east=145']) {
      const response = await client.get(`/api/map/listing-counts?${query}`, viewer.token);
      expect(response.status, query).toBe(400);
      expect(response.body.message, query).toBe(mapMessages.boundsInvalid);
    }
  });

  it('is for signed-in members only', async () => {
    expect((await client.get('/api/map/listing-counts')).status).toBe(401);
  });
});
