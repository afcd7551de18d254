// The misspelling dictionary's hourly pruning (search_words) while a listing is being saved: two
// connections at once, so it runs on a PostgreSQL server.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/open-database';
import { pruneSearchWords } from '../../src/server/listings';
import { sellerMember, validListing } from './support/factories';
import { createPostgresDatabase, postgresForTests } from './support/test-database';
import { createClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';
import type { TestClient } from './support/use-test-server';

const { url: postgresUrl, note } = await postgresForTests();

describe.skipIf(!postgresUrl)(`pruning the misspelling dictionary while a listing is saved${note}`, () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let server: TestServer;
  let client: TestClient;

  beforeAll(async () => {
    database = await createPostgresDatabase(postgresUrl!);
    server = await startTestServer({}, { openDatabase: () => openDatabase({ databaseUrl: database.url, poolSize: 5 }) });
    client = createClient(server.baseUrl);
  });

  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const words = async () => ((await server.database.executeSql('select word from search_words', [])).rows as { word: string }[]).map((row) => row.word);

  it('keeps a word whose listing was being saved when the pass started', async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'connector' });
    const create = (title: string) => client.call('POST', '/api/listings', { token: seller.token, body: { ...validListing, title } });
    // "Quillback" is left in the dictionary by a deleted listing; no listing has it now.
    const gone = (await create('Quillback kettle')).body as { id: string };
    expect((await client.call('DELETE', `/api/listings/${gone.id}`, { token: seller.token })).status).toBeLessThan(300);
    const chair = (await create('Plain chair')).body as { id: string };

    // Another connection gives the chair that word, and has not committed when the pass starts.
    const saving = new pg.Client({ connectionString: database.url });
    await saving.connect();
    try {
      await saving.query('begin');
      await saving.query(`update listings set title = 'Quillback chair' where id = $1`, [chair.id]);
      const pruning = pruneSearchWords(server.database.db);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await saving.query('commit');
      await pruning;
    } finally {
      await saving.end();
    }
    // The chair has the word: it stays, and a search for it is not read as a misspelling of another.
    expect(await words()).toContain('quillback');
    const found = (await client.get('/api/listings?search=quillback')).body as { id: string }[];
    expect(found.map((listing) => listing.id)).toEqual([chair.id]);
  });
});
