// Opaque bearer sessions, stored hashed with a sliding expiry (spec 3 "sessions"), each with the
// device it signed in from and when it was last used, for the member's list on /account.
import { and, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { describeDevice, maxSessionsPerMember, sessionLastUsedResolutionMs, userAgentMaxLength, type AccountSession } from '../../domain/account-security';
import { sessionLifetimeDays } from '../../domain/session';
import type { Queryable } from '../db/open-database';
import { preparedQuery } from '../db/prepared-statement';
import { sessions, users, type UserRow } from '../db/schema';
import { generateSessionToken, hashSessionToken } from './secrets';

const dayMs = 24 * 60 * 60 * 1000;
const lifetimeMs = sessionLifetimeDays * dayMs;

/** Where a new session comes from: the browser that signed in, named on /account by its User-Agent. */
export type SessionOrigin = { userAgent?: string | null; now?: Date };

/** The origin of a session a request starts. */
export function sessionOriginOf(request: FastifyRequest): SessionOrigin {
  return { userAgent: request.headers['user-agent'] ?? null };
}

/**
 * A new session's token, and the stored ids of the sessions it ended: a member holds at most so
 * many, and past that the least recently used end (the caller tells every server's session cache).
 */
export async function createSession(db: Queryable, userId: string, origin: SessionOrigin = {}): Promise<{ token: string; ended: string[] }> {
  const token = generateSessionToken();
  const now = origin.now ?? new Date();
  await db.insert(sessions).values({
    sid: hashSessionToken(token),
    sess: { userId },
    userId,
    expire: new Date(now.getTime() + lifetimeMs),
    createdAt: now,
    userAgent: origin.userAgent ? origin.userAgent.slice(0, userAgentMaxLength) : null,
  });
  // A member holds at most so many sessions: signing in again and again cannot pile them up (the
  // list on /account, every server's session cache); past it, the least recently used ends.
  const ended = await db.execute<{ sid: string }>(sql`
    delete from ${sessions} where ${sessions.userId} = ${userId} and ${sessions.sid} in (
      select ${sessions.sid} from ${sessions} where ${sessions.userId} = ${userId}
      order by coalesce(${sessions.lastUsedAt}, ${sessions.createdAt}) desc, ${sessions.createdAt} desc
      offset ${maxSessionsPerMember}
    ) returning ${sessions.sid} as sid`);
  return { token, ended: (ended.rows as { sid: string }[]).map((row) => row.sid) };
}

export type AuthenticatedSession = { sessionId: string; user: UserRow };

/**
 * A session's member, by the session's stored id: named, so PostgreSQL plans it once per connection
 * (planned on each of the ~50 a second of mixed traffic, it cost four times its run).
 */
const sessionUser = preparedQuery('session_user', (db, name) =>
  db
    .select({ user: users, createdAt: sessions.createdAt, lastUsedAt: sessions.lastUsedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.sid, sql.placeholder('sid')), gt(sessions.expire, sql.placeholder('now'))))
    .limit(1)
    .prepare(name),
);

/** The user behind a token, or null when the token is unknown, revoked or expired. */
export async function findSessionUser(db: Queryable, token: string, now = new Date()): Promise<AuthenticatedSession | null> {
  const sessionId = hashSessionToken(token);
  const [row] = await sessionUser(db).execute({ sid: sessionId, now: now.toISOString() });
  if (!row) return null;
  // Its last use and its sliding expiry are written at most once an hour, so reads do not write on every request.
  const lastUsed = row.lastUsedAt ?? row.createdAt;
  if (now.getTime() - lastUsed.getTime() >= sessionLastUsedResolutionMs) {
    await db
      .update(sessions)
      .set({ lastUsedAt: now, expire: new Date(now.getTime() + lifetimeMs) })
      .where(eq(sessions.sid, sessionId));
  }
  return { sessionId, user: row.user };
}

/** The member of a session named by its stored id (an event ticket carries that, never the token). */
export async function findSessionUserById(db: Queryable, sessionId: string, now = new Date()): Promise<AuthenticatedSession | null> {
  const [row] = await sessionUser(db).execute({ sid: sessionId, now: now.toISOString() });
  return row ? { sessionId, user: row.user } : null;
}

/** Every session of the member that has not expired, this one first, then the most recently used. */
export async function listMemberSessions(db: Queryable, input: { userId: string; currentSessionId: string | null; now: Date }): Promise<AccountSession[]> {
  const rows = await db
    .select({ sid: sessions.sid, id: sessions.id, createdAt: sessions.createdAt, lastUsedAt: sessions.lastUsedAt, userAgent: sessions.userAgent })
    .from(sessions)
    .where(and(eq(sessions.userId, input.userId), gt(sessions.expire, input.now)))
    .orderBy(desc(sql`coalesce(${sessions.lastUsedAt}, ${sessions.createdAt})`), desc(sessions.createdAt));
  return rows
    .map((row) => {
      const current = row.sid === input.currentSessionId;
      return {
        id: row.id,
        device: describeDevice(row.userAgent),
        startedAt: row.createdAt.toISOString(),
        lastUsedAt: (current ? input.now : (row.lastUsedAt ?? row.createdAt)).toISOString(),
        current,
      };
    })
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Ends the member's session named by its public id; the stored id of the session ended, or null when none was theirs. */
export async function revokeMemberSession(db: Queryable, input: { userId: string; id: string }): Promise<string | null> {
  const [ended] = await db
    .delete(sessions)
    .where(and(eq(sessions.id, input.id), eq(sessions.userId, input.userId)))
    .returning({ sid: sessions.sid });
  return ended?.sid ?? null;
}

/** Ends every session of the member but one; the stored ids of those ended. */
export async function revokeOtherSessions(db: Queryable, input: { userId: string; keepSessionId: string }): Promise<string[]> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, input.userId), ne(sessions.sid, input.keepSessionId)))
    .returning({ sid: sessions.sid });
  return ended.map((row) => row.sid);
}

export async function revokeSession(db: Queryable, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.sid, sessionId));
}

/** Signs a member out everywhere, optionally keeping one session. */
export async function revokeUserSessions(db: Queryable, userId: string, keepSessionId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.sid, keepSessionId)) : eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: Queryable, now = new Date()): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expire, now));
}
