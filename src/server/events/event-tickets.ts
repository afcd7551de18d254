// An EventSource cannot send an Authorization header, and the long-lived session token must never
// travel in a URL (it would land in proxy and server logs). So a signed-in tab first asks for a
// ticket (POST, with its bearer token) and opens GET /api/events?ticket=: the ticket names the
// session by its stored id, lasts a minute, and is signed with a key derived from APP_SECRET.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const eventTicketLifetimeMs = 60_000;

function sign(secret: string, payload: string): string {
  return createHmac('sha256', `${secret}:event-ticket`).update(payload).digest('base64url');
}

export function issueEventTicket(secret: string, input: { sessionId: string; now: Date }): { ticket: string; expiresAt: string } {
  const expiresAt = input.now.getTime() + eventTicketLifetimeMs;
  const payload = `${input.sessionId}.${expiresAt}`;
  return { ticket: `${payload}.${sign(secret, payload)}`, expiresAt: new Date(expiresAt).toISOString() };
}

/** The session a ticket names, or null when it is forged, malformed or expired. */
export function readEventTicket(secret: string, ticket: string, now: Date): string | null {
  const parts = ticket.split('.');
  if (parts.length !== 3) return null;
  const [sessionId, expiresText, signature] = parts;
  const expected = Buffer.from(sign(secret, `${sessionId}.${expiresText}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const expiresAt = Number(expiresText);
  if (!Number.isSafeInteger(expiresAt) || expiresAt < now.getTime()) return null;
  return sessionId;
}
