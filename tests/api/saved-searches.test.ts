import { describe, expect, it } from 'vitest';
import { savedSearchLimitFor, savedSearchMessages } from '../../src/domain/saved-searches';
import { sellerMember, validListing } from './support/factories';
import { useTestServer } from './support/use-test-server';

const { server, client } = useTestServer();

const list = (token: string, body: Record<string, unknown>) => client.call('POST', '/api/listings', { token, body: { ...validListing, ...body } });
const save = (token: string, body: Record<string, unknown>) => client.call('POST', '/api/saved-searches', { token, body });
const mine = async (token: string) => {
  const response = await client.get('/api/saved-searches', token);
  expect(response.status).toBe(200);
  return response.body as { id: string; name: string; newCount: number; query: Record<string, string>; frequency: string }[];
};

describe('saved searches', () => {
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
