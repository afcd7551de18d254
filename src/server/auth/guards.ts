// Who is asking: every route that needs a member or an admin says so with one of these.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errorMessages } from '../../domain/errors';
import { suspensionHolds } from '../../domain/moderation';
import { missingTradingCheck, tradingCheckErrorCodes, tradingCheckMessages, verifyPagePaths, type PassedChecks, type TradeAction } from '../../domain/trading-checks';
import type { Database } from '../db/open-database';
import type { UserRow } from '../db/schema';
import { changeKeys } from '../db/write-transaction';
import type { ServerDeps } from '../deps';
import { createReadCache, type ReadCache } from '../http/read-cache';
import { hashSessionToken } from './secrets';
import { findSessionUser, type AuthenticatedSession } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    sessionId: string | null;
  }
  interface FastifyContextConfig {
    /** false: the route answers the same whoever asks, and never reads a session (health checks). */
    loadSession?: boolean;
  }
}

export function readBearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/i.exec(header);
  return match ? match[1] : '';
}

/**
 * Attaches the signed-in member, if any, to the request. Never fails on its own. Sessions are read
 * through the cache: signing out, and every change to a member, is a write that makes it stale.
 */
export function createSessionLoader(db: Database, cache: ReadCache<AuthenticatedSession | null>) {
  return async function loadSession(request: FastifyRequest): Promise<void> {
    const token = readBearerToken(request);
    if (!token) return;
    // A health check must say what the server can do, not fail on the session of whoever asks.
    // (Read after the token: Fastify builds routeOptions on every read, and most requests carry none.)
    if (request.routeOptions.config?.loadSession === false) return;
    const sessionId = hashSessionToken(token);
    // The member's row and the session itself: a change to either (verified, upgraded, signed out) is seen at once.
    const session = await cache.read(sessionId, () => findSessionUser(db, token), (found) =>
      found ? [changeKeys.session(sessionId), changeKeys.member(found.user.id)] : [changeKeys.session(sessionId)],
    );
    // A suspension ends a member's sessions when it starts; one made in a race with it is refused here.
    if (session && !suspensionHolds(session.user, new Date())) {
      request.user = session.user;
      request.sessionId = session.sessionId;
    }
  };
}

/** Sessions held in memory between writes that change a member or a session (db/write-transaction.ts). */
const cachedSessions = 10_000;

/** Every request learns who is asking (request.user), before its route runs. */
export function installSessionLoader(app: FastifyInstance, deps: Pick<ServerDeps, 'db' | 'contentVersion' | 'config'>): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  const cache = createReadCache<AuthenticatedSession | null>(deps.contentVersion, { maxEntries: cachedSessions, ttlMs: deps.config.readCacheMs });
  app.addHook('onRequest', createSessionLoader(deps.db, cache));
}

export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (request.user) return;
  const presented = readBearerToken(request) !== null;
  throw new AppError('UNAUTHENTICATED', presented ? errorMessages.invalidToken : errorMessages.signInRequired);
}

export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireUser(request, reply);
  if (!request.user?.isAdmin) throw new AppError('ADMIN_ONLY');
}

/**
 * Refuses a member who has not passed the checks to trade (a verified email, then a verified
 * phone: decision 35), in the words of the action and with the page of the missing check.
 */
export function assertTradingChecks(member: PassedChecks, action: TradeAction): void {
  const missing = missingTradingCheck(member);
  if (missing) throw new AppError(tradingCheckErrorCodes[missing], tradingCheckMessages[action][missing], { verifyAt: verifyPagePaths[missing] });
}

/**
 * For routes only members who may trade may use (listing, its photos); as an onRequest hook it
 * answers before any of the body is read.
 */
export function requireTradingChecks(action: TradeAction) {
  return async function requireTradingChecksGuard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireUser(request, reply);
    assertTradingChecks(signedInUser(request), action);
  };
}

/** The signed-in member of a route guarded by requireUser. */
export function signedInUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new AppError('UNAUTHENTICATED');
  return request.user;
}
