// Opaque bearer sessions, stored hashed with a sliding expiry (spec 3 "sessions").
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import { sessionLifetimeDays } from '../../domain/session';
import type { Queryable } from '../db/open-database';
import { sessions, users, type UserRow } from '../db/schema';
import { generateSessionToken, hashSessionToken } from './secrets';

const dayMs = 24 * 60 * 60 * 1000;
const lifetimeMs = sessionLifetimeDays * dayMs;
/** Extend a session at most once a day, so reads do not write on every request. */
const extendAfterMs = dayMs;

export async function createSession(db: Queryable, userId: string, now = new Date()): Promise<string> {
  const token = generateSessionToken();
  await db.insert(sessions).values({
    sid: hashSessionToken(token),
    sess: { userId },
    userId,
    expire: new Date(now.getTime() + lifetimeMs),
  });
  return token;
}

export type AuthenticatedSession = { sessionId: string; user: UserRow };

/** The user behind a token, or null when the token is unknown, revoked or expired. */
export async function findSessionUser(db: Queryable, token: string, now = new Date()): Promise<AuthenticatedSession | null> {
  const sessionId = hashSessionToken(token);
  const [row] = await db
    .select({ user: users, expire: sessions.expire })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.sid, sessionId), gt(sessions.expire, now)))
    .limit(1);
  if (!row) return null;
  const remainingMs = row.expire.getTime() - now.getTime();
  if (lifetimeMs - remainingMs > extendAfterMs) {
    await db
      .update(sessions)
      .set({ expire: new Date(now.getTime() + lifetimeMs) })
      .where(eq(sessions.sid, sessionId));
  }
  return { sessionId, user: row.user };
}

/** The member of a session named by its stored id (an event ticket carries that, never the token). */
export async function findSessionUserById(db: Queryable, sessionId: string, now = new Date()): Promise<AuthenticatedSession | null> {
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.sid, sessionId), gt(sessions.expire, now)))
    .limit(1);
  return row ? { sessionId, user: row.user } : null;
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
