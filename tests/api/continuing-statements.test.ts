// Under load every connection is taken and statements wait for one: a request's later statements
// (a search's next windows) wait at the front, before those of requests that have not started.
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { continuing } from '../../src/server/db/continuing';
import type { Database } from '../../src/server/db/open-database';
import * as schema from '../../src/server/db/schema';
import { postgresForTests } from './support/test-database';

const { url: postgresUrl, note: skipNote } = await postgresForTests();

describe.skipIf(!postgresUrl)(`a request's later statements${skipNote}`, () => {
  let pool: pg.Pool;
  let db: Database;
  beforeAll(() => {
    // One connection: whoever gets it next is the one in front.
    pool = new pg.Pool({ connectionString: postgresUrl, max: 1 });
    db = drizzle({ client: pool, schema });
  });
  afterAll(() => pool.end());

  /** The order in which statements sent while the one connection was taken were answered. */
  async function answeredOrder(send: (answered: string[]) => Promise<unknown>[]): Promise<string[]> {
    const taken = await pool.connect();
    const answered: string[] = [];
    const sent = send(answered);
    // Both are waiting for the connection now.
    expect(pool.waitingCount).toBe(sent.length);
    taken.release();
    await Promise.all(sent);
    return answered;
  }

  it('go before statements of requests that came earlier but have not started', async () => {
    const order = await answeredOrder((answered) => [
      db.execute(sql`select 1`).then(() => answered.push('a new request')),
      continuing(db).execute(sql`select 2`).then(() => answered.push('a search’s next window')),
    ]);
    expect(order).toEqual(['a search’s next window', 'a new request']);
  });

  it('go first when they open a transaction, too', async () => {
    const order = await answeredOrder((answered) => [
      db.execute(sql`select 1`).then(() => answered.push('a new request')),
      continuing(db)
        .transaction(async (tx) => tx.execute(sql`select 2`))
        .then(() => answered.push('a message sent after its conversation was opened')),
    ]);
    expect(order).toEqual(['a message sent after its conversation was opened', 'a new request']);
  });

  it('leave first come, first served among new requests', async () => {
    const order = await answeredOrder((answered) => [
      db.execute(sql`select 1`).then(() => answered.push('first')),
      db.execute(sql`select 2`).then(() => answered.push('second')),
    ]);
    expect(order).toEqual(['first', 'second']);
  });

  it('is the same database in every other way: values, prepared statements and transactions', async () => {
    const later = continuing(db);
    expect(continuing(db)).toBe(later);
    const [row] = (await later.execute(sql`select ${'Bondi'}::text as suburb`)).rows;
    expect(row).toEqual({ suburb: 'Bondi' });
    const inTransaction = await later.transaction(async (tx) => (await tx.execute(sql`select current_setting('transaction_isolation') as level, txid_current_if_assigned() is null as nothing_written`)).rows[0]);
    expect(inTransaction).toEqual({ level: 'read committed', nothing_written: true });
    expect(pool.totalCount).toBeLessThanOrEqual(1);
  });
});
