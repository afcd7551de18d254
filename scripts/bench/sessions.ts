// Signed-in members for load runs, made as sign-in makes them (a random token, its hash stored) but
// in one SQL statement: thousands in a moment, without the password hashing sign-in pays.
import type pg from 'pg';
import { sessionLifetimeDays } from '../../src/domain/session';
import { generateSessionToken, hashSessionToken } from '../../src/server/auth/secrets';

/** A session for each member: their bearer tokens by member id. The stored ids go into `createdSids` for deleteSessions. */
export async function createSessions(pool: pg.Pool, memberIds: string[], createdSids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(memberIds)];
  const tokens = unique.map(() => generateSessionToken());
  const sids = tokens.map(hashSessionToken);
  await pool.query(
    `insert into sessions (sid, sess, user_id, expire)
     select t.sid, jsonb_build_object('userId', t.user_id), t.user_id, now() + $3::int * interval '1 day'
       from unnest($1::text[], $2::uuid[]) as t(sid, user_id)`,
    [sids, unique, sessionLifetimeDays],
  );
  createdSids.push(...sids);
  return new Map(unique.map((id, index) => [id, tokens[index]]));
}

export async function deleteSessions(pool: pg.Pool, sids: string[]): Promise<void> {
  if (sids.length > 0) await pool.query('delete from sessions where sid = any($1::text[])', [sids]);
}
