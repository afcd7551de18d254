// The API tier hands a closed server's PGlite database to the next server (support/pglite-pool.ts):
// what one server wrote must never reach the next, or a test would pass on another's data.
import { readFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { leasePglite, pgliteDatabasesCreated } from './support/pglite-pool';
import { testPostgresUrl } from './support/test-database';

const template = new Blob([new Uint8Array(await readFile(inject('databaseTemplates').pgliteTemplateFile))]);

async function count(handle: Awaited<ReturnType<typeof leasePglite>>, sql: string): Promise<number> {
  const { rows } = await handle.executeSql(sql, []);
  return Number((rows[0] as { n: string | number }).n);
}

describe.skipIf(Boolean(testPostgresUrl()))('a PGlite database handed out again', () => {
  it('is the template again: no row of the last server, sequences restarted, the job queue as it was', async () => {
    const first = await leasePglite(template);
    const queues = await count(first, 'select count(*) as n from jobs.queue');
    expect(queues).toBeGreaterThan(0);
    await first.executeSql(`insert into users (email, first_name) values ('pool@example.com', 'Pool')`);
    await first.executeSql(`delete from jobs.queue`);
    const { rows: before } = await first.executeSql(`select nextval('messages_id_seq') as n`, []);
    await first.executeSql(`begin`);
    await first.close();
    // The closed handle answers as a closed database does, though the database lives on.
    await expect(first.ping()).rejects.toThrow('PGlite is closed');

    const loaded = pgliteDatabasesCreated();
    const second = await leasePglite(template);
    try {
      // The same database, not one loaded anew.
      expect(pgliteDatabasesCreated()).toBe(loaded);
      expect(await count(second, 'select count(*) as n from users')).toBe(0);
      expect(await count(second, 'select count(*) as n from jobs.queue')).toBe(queues);
      const { rows: after } = await second.executeSql(`select nextval('messages_id_seq') as n`, []);
      expect(after).toEqual(before);
    } finally {
      await second.close();
    }
  });

  it('is not handed out again once a test changed its tables', async () => {
    const first = await leasePglite(template);
    await first.executeSql(`create table a_test_of_its_own (id int)`);
    await first.close();
    // Whichever database comes next (a new one, or another the worker kept), it is not that one.
    const second = await leasePglite(template);
    try {
      expect(await count(second, `select count(*) as n from pg_class where relname = 'a_test_of_its_own'`)).toBe(0);
    } finally {
      await second.close();
    }
  });
});
