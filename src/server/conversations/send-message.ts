// A message in a conversation: checked (banned words, blocks, the listing still there, the pace),
// stored with its safety tip, and sent at once to both members' open streams.
import { sql } from 'drizzle-orm';
import { bannedWordsInMessage, conversationLimits, conversationMessages, safetyTipFor } from '../../domain/conversations';
import type { ConversationMessage } from '../../domain/conversation-schemas';
import type { OfferStep } from '../../domain/offers';
import { AppError } from '../../domain/errors';
import { closeAccountMessages } from '../../domain/your-data';
import { findBannedWords } from '../../domain/text-filter';
import { currentBannedWords } from '../admin';
import type { Queryable } from '../db/open-database';
import { preparedStatement } from '../db/prepared-statement';
import type { UserRow } from '../db/schema';
import type { ServerDeps } from '../deps';
import { announce } from './announce';
import { messageJson } from './message-json';
import { assertConversationId } from './conversation-access';

type SendRow = {
  found: boolean;
  refusal: 'closed' | 'former' | 'blocked' | 'pace' | null;
  /** The message as the API shows it (messageJson), for the sender; null when none was stored. */
  message: string | null;
  buyer_id: string | null;
  seller_id: string | null;
};

type SendValues = {
  conversation: string;
  sender: string;
  body: string;
  safetyTip: string | null;
  offerId: string | null;
  offerStep: OfferStep | null;
  paceOffset: number;
  paceSince: string;
};

/**
 * Sending is one statement: the sender's conversation, why it refuses the message if it does (the
 * listing gone, a block either way, the pace), the message, and the conversation's newest message,
 * read marks and unread counts. The sender has seen everything up to their own message.
 * The event goes out after it commits (MemberEvents.publish; a NOTIFY inside this statement made
 * sends commit one at a time: 3,600 a second fell to 2,000).
 */
const send = preparedStatement<SendValues, SendRow>('conversation_send', (value) => {
  const message = messageJson('ins', sql`ins.id <= upd.other_read_up_to`);
  return sql`
    with conv as (
      select id, buyer_id, seller_id, listing_id from conversations
       where id = ${value.conversation} and (buyer_id = ${value.sender} or seller_id = ${value.sender})
    ), refusal as (
      select case
          when conv.listing_id is null then 'closed'
          when exists (select 1 from users u where u.id in (conv.buyer_id, conv.seller_id) and u.closed_at is not null) then 'former'
          when exists (select 1 from member_blocks b
                        where (b.blocker_id = conv.buyer_id and b.blocked_id = conv.seller_id)
                           or (b.blocker_id = conv.seller_id and b.blocked_id = conv.buyer_id)) then 'blocked'
          when (select m.created_at from messages m where m.conversation_id = conv.id
                 order by m.id desc offset ${value.paceOffset} limit 1) > ${value.paceSince}::timestamptz then 'pace'
        end as reason
        from conv
    ), ins as (
      insert into messages (conversation_id, sender_id, body, safety_tip, offer_id, offer_step)
      select conv.id, ${value.sender}, ${value.body}, ${value.safetyTip}, ${value.offerId}::uuid, ${value.offerStep}::varchar from conv, refusal where refusal.reason is null
      returning id, conversation_id, sender_id, body, safety_tip, offer_id, offer_step, created_at
    ), upd as (
      update conversations c set
        last_message_id = greatest(coalesce(c.last_message_id, 0), ins.id),
        last_message_at = date_trunc('milliseconds', ins.created_at),
        last_message_body = ins.body,
        last_message_sender_id = ins.sender_id,
        buyer_read_up_to = case when c.buyer_id = ins.sender_id then greatest(c.buyer_read_up_to, ins.id) else c.buyer_read_up_to end,
        seller_read_up_to = case when c.seller_id = ins.sender_id then greatest(c.seller_read_up_to, ins.id) else c.seller_read_up_to end,
        buyer_unread_count = case when c.buyer_id = ins.sender_id then 0 else c.buyer_unread_count + 1 end,
        seller_unread_count = case when c.seller_id = ins.sender_id then 0 else c.seller_unread_count + 1 end,
        buyer_notified_at = case when c.buyer_id = ins.sender_id then null else c.buyer_notified_at end,
        seller_notified_at = case when c.seller_id = ins.sender_id then null else c.seller_notified_at end
        from ins
       where c.id = ins.conversation_id
      returning c.buyer_id, c.seller_id, case when c.seller_id = ins.sender_id then c.buyer_read_up_to else c.seller_read_up_to end as other_read_up_to
    )
    select exists (select 1 from conv) as found, (select reason from refusal) as refusal,
           case when ins.id is not null then ${message}::text end as message, upd.buyer_id, upd.seller_id
      from (select 1) as one
      left join ins on true
      left join upd on true`;
});

const refusals = {
  closed: () => new AppError('CONVERSATION_CLOSED', conversationMessages.listingGone),
  former: () => new AppError('CONVERSATION_CLOSED', closeAccountMessages.messageClosedMember),
  blocked: () => new AppError('MEMBER_BLOCKED', conversationMessages.blocked),
  pace: () => new AppError('RATE_LIMITED', conversationMessages.tooManyMessages),
} as const;

/** A message as stored: what the sender's answer and both members' events carry, and who the two are. */
export type StoredMessage = { message: ConversationMessage; memberIds: [string, string] };

/**
 * Stores a message in the conversation through the one sending statement, with its refusals (the
 * listing gone, a former member, a block, the pace), as the member's text or as a step of an offer.
 * Runs on `db` as given, so an offer's step is stored in the transaction that changes the offer.
 */
export async function storeMessage(
  db: Queryable,
  clock: ServerDeps['clock'],
  input: { senderId: string; conversationId: string; body: string; offer?: { id: string; step: OfferStep } },
): Promise<StoredMessage> {
  const [row] = await send(db, {
    conversation: input.conversationId,
    sender: input.senderId,
    body: input.body,
    // An offer's step is our own words about an amount: no tip to give.
    safetyTip: input.offer ? null : safetyTipFor(input.body),
    offerId: input.offer?.id ?? null,
    offerStep: input.offer?.step ?? null,
    paceOffset: conversationLimits.messagesPerMinute - 1,
    paceSince: new Date(clock.now().getTime() - 60_000).toISOString(),
  });
  if (!row?.found) throw new AppError('CONVERSATION_NOT_FOUND');
  if (row.refusal) throw refusals[row.refusal]();
  if (row.message === null || row.buyer_id === null || row.seller_id === null) throw new AppError('CONVERSATION_NOT_FOUND');
  return { message: JSON.parse(row.message) as ConversationMessage, memberIds: [row.buyer_id, row.seller_id] };
}

/** A member's message in one of their conversations: checked, stored, and sent to both members' streams. */
export async function sendMessage(deps: ServerDeps, input: { sender: UserRow; conversationId: string; body: string }): Promise<ConversationMessage> {
  assertConversationId(input.conversationId);
  await assertNoBannedWords(deps, input.body);
  const stored = await storeMessage(deps.db, deps.clock, { senderId: input.sender.id, conversationId: input.conversationId, body: input.body });
  await announce(deps, stored.memberIds, { type: 'message', message: stored.message });
  return stored.message;
}

/** Banned words refuse a message as they refuse a listing, naming the words. */
export async function assertNoBannedWords(deps: Pick<ServerDeps, 'db' | 'contentVersion' | 'config'>, body: string): Promise<void> {
  const found = findBannedWords([body], await currentBannedWords(deps));
  if (found.length > 0) throw new AppError('CONTENT_FILTERED', bannedWordsInMessage(found), { bannedWords: found });
}
