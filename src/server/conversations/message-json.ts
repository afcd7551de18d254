// A message as the API shows it (messageSchema in domain/conversation-schemas.ts), written once, in
// SQL: the thread page, the answer to a send and the event that carries it are made by PostgreSQL in
// the statements that read or write the rows, so the server passes on one text instead of building
// objects row by row. The API tests read each of them back through the schema.
import { sql, type SQL } from 'drizzle-orm';

/**
 * The JSON of the message in `row` (an alias with messages' columns). `isRead`: whether the member
 * it is for counts it read (their own message once the other member's read mark passed it; the
 * other member's messages always, since they see them). A step of an offer carries the offer as it
 * is now: the "Offered $120" message reads accepted once it is.
 */
export function messageJson(row: string, isRead: SQL): SQL {
  const message = sql.raw(row);
  return sql`json_build_object(
      'id', ${message}.id::text, 'conversationId', ${message}.conversation_id, 'senderId', ${message}.sender_id, 'body', ${message}.body,
      'createdAt', to_char(${message}.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'safetyTip', ${message}.safety_tip, 'isRead', ${isRead},
      'offer', case when ${message}.offer_id is null then null else (
        select json_build_object(
            'id', o.id, 'step', ${message}.offer_step, 'amount', o.amount::text,
            'status', case when o.status = 'open' and o.expires_at <= now() then 'expired' else o.status end,
            'madeBy', o.made_by, 'expiresAt', to_char(o.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
          from offers o where o.id = ${message}.offer_id) end)`;
}
