// A ticket opens one stream (decision 27), whichever app server the load balancer sends it to, so
// its first use is recorded where every server sees it. In Redis when REDIS_URL is set: one SET NX
// that expires by itself, and no write to the database on the way to every stream (after a deploy
// every tab reconnects at once). Otherwise in the database the servers share, as a used row of
// verification_codes whose primary key is the ticket's id: of two racing streams, one inserts it.
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, lt } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Queryable } from '../db/open-database';
import { verificationCodes } from '../db/schema';
import { findSessionUserById } from '../auth';
import { readEventTicket, type EventTicket } from './event-tickets';

export type TicketUses = {
  /** True the first time a ticket opens a stream, on any server; false ever after. */
  redeem: (ticket: EventTicket & { memberId: string }) => Promise<boolean>;
  close: () => Promise<void>;
};

const ticketUseType = 'event_ticket';
const redisPrefix = 'neighbourly-event-ticket-';
/** Servers' clocks differ a little: a use is remembered this long after the ticket's own end. */
const clockSkewMs = 60_000;

function redeemInDatabase(db: Queryable, now: () => Date): TicketUses['redeem'] {
  return async (ticket) => {
    const mine = and(eq(verificationCodes.userId, ticket.memberId), eq(verificationCodes.type, ticketUseType));
    await db.delete(verificationCodes).where(and(mine, lt(verificationCodes.expiresAt, new Date(now().getTime() - clockSkewMs))));
    const recorded = await db
      .insert(verificationCodes)
      .values({ id: ticket.id, userId: ticket.memberId, type: ticketUseType, code: ticket.signature, expiresAt: new Date(ticket.expiresAt), isUsed: true })
      .onConflictDoNothing({ target: verificationCodes.id })
      .returning({ id: verificationCodes.id });
    return recorded.length === 1;
  };
}

export function createTicketUses(options: { redisUrl?: string; db: Queryable; now: () => Date; log: FastifyBaseLogger }): TicketUses {
  const inDatabase = redeemInDatabase(options.db, options.now);
  if (!options.redisUrl) return { redeem: inDatabase, close: async () => {} };

  const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
  redis.on('error', () => {});
  return {
    redeem: async (ticket) => {
      const keepMs = Math.max(0, ticket.expiresAt - options.now().getTime()) + clockSkewMs;
      try {
        return (await redis.set(redisPrefix + ticket.id, '1', 'PX', keepMs, 'NX')) === 'OK';
      } catch (error) {
        // Redis away: every server records in the database meanwhile, so a ticket still opens one
        // stream (one first used just before the outage could open a second, within its minute).
        options.log.warn({ err: error }, 'event ticket use recorded in the database: Redis cannot be reached');
        return inDatabase(ticket);
      }
    },
    close: async () => {
      redis.disconnect();
    },
  };
}

/** The session a ticket opens a stream for: null when it is forged, expired, used, or its session has ended. */
export async function redeemEventTicket(input: { db: Queryable; secret: string; uses: TicketUses; ticket: string; now: Date }) {
  const ticket = readEventTicket(input.secret, input.ticket, input.now);
  if (!ticket) return null;
  const session = await findSessionUserById(input.db, ticket.sessionId, input.now);
  if (!session) return null;
  return (await input.uses.redeem({ ...ticket, memberId: session.user.id })) ? session : null;
}
