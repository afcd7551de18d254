// Fresh verified Connector members for load runs that write: made in SQL at seeded members'
// postcodes, each with a verified email and a verified phone of its own (listing and a first
// message need both, decision 35) and a session (made as sign-in makes one), deleted afterwards.
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { createSession } from '../../src/server/auth/sessions';
import type { Database } from '../../src/server/db/open-database';

/** Signed-in sellers (and buyers), <prefix>-<run>-<batch>-<n>@bench.local: their bearer tokens. */
export async function createSignedInPosters(pool: pg.Pool, input: { prefix: string; runId: string; batch: number; count: number }): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    `insert into users (email, password, first_name, last_name, membership_tier, is_email_verified, is_phone_verified, phone, postcode, state, suburb, location)
     select $1 || '-' || $2 || '-' || $3 || '-' || row_number() over () || '@bench.local', null, 'Poster', 'Bench', 'connector', true,
            true, '+614' || lpad((floor(random() * 100000000))::int::text, 8, '0'), m.postcode, m.state, m.suburb, m.location
     from (select postcode, state, suburb, location from users where email like 'member%@bench.local' order by random() limit $4) m
     returning id`,
    [input.prefix, input.runId, input.batch, input.count],
  );
  const db = drizzle({ client: pool }) as unknown as Database;
  const tokens: string[] = [];
  for (const row of rows) tokens.push((await createSession(db, row.id)).token);
  return tokens;
}

/** Removes every poster with this prefix (their listings, sessions and messages go with them); returns how many. */
export async function deletePosters(pool: pg.Pool, prefix: string): Promise<number> {
  const { rowCount } = await pool.query("delete from users where email like $1 || '-%@bench.local'", [prefix]);
  return rowCount ?? 0;
}
