// An EventSource cannot send an Authorization header, and the long-lived session token must never
// travel in a URL (it would land in proxy and server logs). So a signed-in tab first asks for a
// ticket (POST, with its bearer token) and opens GET /api/events?ticket=: the ticket names the
// session by its stored id, lasts a minute, and is signed with a key derived from APP_SECRET. Each
// ticket has an id of its own, by which its one stream is recorded (ticket-uses.ts, decision 27).
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

export const eventTicketLifetimeMs = 60_000;

/** A ticket whose signature holds and whose minute has not run out. */
export type EventTicket = { sessionId: string; id: string; expiresAt: number; signature: string };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function sign(secret: string, payload: string): string {
  return createHmac('sha256', `${secret}:event-ticket`).update(payload).digest('base64url');
}

export function issueEventTicket(secret: string, input: { sessionId: string; now: Date }): { ticket: string; expiresAt: string } {
  const expiresAt = input.now.getTime() + eventTicketLifetimeMs;
  const payload = `${input.sessionId}.${expiresAt}.${randomUUID()}`;
  return { ticket: `${payload}.${sign(secret, payload)}`, expiresAt: new Date(expiresAt).toISOString() };
}

/** What a ticket says, or null when it is forged, malformed or expired. */
export function readEventTicket(secret: string, ticket: string, now: Date): EventTicket | null {
  const parts = ticket.split('.');
  if (parts.length !== 4) return null;
  const [sessionId, expiresText, id, signature] = parts;
  const expected = Buffer.from(sign(secret, `${sessionId}.${expiresText}.${id}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const expiresAt = Number(expiresText);
  if (!Number.isSafeInteger(expiresAt) || expiresAt < now.getTime() || !uuidPattern.test(id)) return null;
  return { sessionId, id, expiresAt, signature };
}
