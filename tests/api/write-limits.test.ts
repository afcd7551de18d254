// One member with a free account, looping a write: every writing call stops them at its own limit,
// and a write that changes nothing makes no answer stale on any server (decision 26).
import { describe, expect, it } from 'vitest';
import { apiEndpoints } from '../../src/domain/api-endpoints';
import { errorMessages } from '../../src/domain/errors';
import { writeLimits } from '../../src/domain/write-limits';
import { sellerMember, validListing } from './support/factories';
import { useTestServer } from './support/use-test-server';

// Limits at their real size; a long cache lifetime, so only writes make answers change.
const { server, client } = useTestServer({ RATE_LIMIT_MULTIPLIER: '1', READ_CACHE_MS: '60000' });

const cacheOutcome = async (path: string) => (await client.get(path)).headers.get('x-cache');
const rateLimited = { message: errorMessages.rateLimited, code: 'RATE_LIMITED' };

async function repeat(times: number, call: () => Promise<{ status: number }>): Promise<number[]> {
  const statuses = [];
  for (let index = 0; index < times; index += 1) statuses.push((await call()).status);
  return statuses;
}

describe('every writing call', () => {
  it('has a limit of its own', () => {
    const writing = Object.entries(apiEndpoints)
      .filter(([, endpoint]) => endpoint.method !== 'GET')
      .map(([name]) => name);
    expect(writing.filter((name) => !(name in writeLimits))).toEqual([]);
  });
});

describe('a Starter asking for the Starter plan in a loop', () => {
  it('changes nothing, so every cached page stays, and is stopped after 10 an hour', async () => {
    const member = await sellerMember(client, server.database.db, { tier: 'explorer', postcode: '3068' });
    await client.post('/api/listings', { ...validListing, title: 'Cast iron pan' }, member.token);
    const starter = () => client.post('/api/create-subscription', { tier: 'starter' }, member.token);
    // The first asks changes the plan; the others change nothing.
    expect((await starter()).status).toBe(200);
    const nearby = '/api/listings?near=3068';
    await client.get(nearby);
    expect(await cacheOutcome(nearby)).toBe('hit');

    expect(await repeat(9, starter)).toEqual(Array(9).fill(200));
    expect(await cacheOutcome(nearby)).toBe('hit');
    const over = await starter();
    expect([over.status, over.body]).toEqual([429, rateLimited]);
  });

  it("makes stale only that member's listings and their area when the plan does change", async () => {
    const member = await sellerMember(client, server.database.db, { tier: 'explorer', postcode: '3068' });
    await client.post('/api/listings', { ...validListing, title: 'Brass lamp' }, member.token);
    const theirArea = '/api/listings?near=3068';
    const elsewhere = '/api/listings?near=2000';
    for (const path of [theirArea, elsewhere]) await client.get(path);
    expect([await cacheOutcome(theirArea), await cacheOutcome(elsewhere)]).toEqual(['hit', 'hit']);

    expect((await client.post('/api/create-subscription', { tier: 'starter' }, member.token)).status).toBe(200);
    expect(await cacheOutcome(theirArea)).toBe('miss');
    expect(await cacheOutcome(elsewhere)).toBe('hit');
    const card = (await client.get(theirArea)).body.find((item: { title: string }) => item.title === 'Brass lamp');
    expect(card.seller.membershipTier).toBe('starter');
  });
});

describe('a seller saving a listing in a loop', () => {
  it('empties nothing while it is saved unchanged, and is stopped after 60 saves an hour', async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'connector', postcode: '3068' });
    const listing = (await client.post('/api/listings', { ...validListing, title: 'Walnut desk' }, seller.token)).body;
    const detail = `/api/listings/${listing.id}`;
    const nearby = '/api/listings?near=3068&search=walnut';
    for (const path of [detail, nearby]) await client.get(path);

    const save = (title: string) => client.call('PUT', detail, { token: seller.token, body: { ...validListing, title } });
    // The same words, the same price written another way: nothing changed.
    expect((await client.call('PUT', detail, { token: seller.token, body: { ...validListing, title: 'Walnut desk', price: '85.5' } })).status).toBe(200);
    expect(await repeat(29, () => save('Walnut desk'))).toEqual(Array(29).fill(200));
    expect([await cacheOutcome(detail), await cacheOutcome(nearby)]).toEqual(['hit', 'hit']);

    // A real edit is seen at once.
    expect((await save('Walnut writing desk')).body.title).toBe('Walnut writing desk');
    expect(await cacheOutcome(detail)).toBe('miss');
    expect((await client.get(detail)).body.title).toBe('Walnut writing desk');

    expect(await repeat(29, () => save('Walnut writing desk'))).toEqual(Array(29).fill(200));
    const over = await save('Walnut desk, one drawer');
    expect([over.status, over.body]).toEqual([429, rateLimited]);
    expect((await client.get(detail)).body.title).toBe('Walnut writing desk');
  });

  it('stops a heart saved in a loop after 120 an hour', async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'connector', postcode: '3068' });
    const fan = await sellerMember(client, server.database.db, { tier: 'starter', postcode: '3068' });
    const listing = (await client.post('/api/listings', { ...validListing, title: 'Rattan chair' }, seller.token)).body;
    const heart = () => client.call('PUT', `/api/favourites/${listing.id}`, { token: fan.token });
    expect(await repeat(120, heart)).toEqual(Array(120).fill(204));
    const over = await heart();
    expect([over.status, over.body]).toEqual([429, rateLimited]);
  });
});
