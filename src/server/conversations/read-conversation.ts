// Reading a conversation: its page of messages, the member's read mark, the unread count.
import { sql } from 'drizzle-orm';
import { conversationLimits, conversationMessages } from '../../domain/conversations';
import type { ConversationMessage, ConversationSummary, InboxCursor } from '../../domain/conversation-schemas';
import { AppError } from '../../domain/errors';
import type { ServerDeps } from '../deps';
import { assertConversationId } from './conversation-access';
import { preparedStatement } from '../db/prepared-statement';
import { findConversationSummary, listConversationSummaries, listListingSummaries } from './conversation-view';
import { announce } from './announce';
import { messageJson } from './message-json';

export function listConversations(deps: Pick<ServerDeps, 'db'>, input: { memberId: string; before?: InboxCursor }): Promise<ConversationSummary[]> {
  return listConversationSummaries(deps.db, input.memberId, input.before);
}

/** The member's conversations about one listing (the seller's with every buyer, a buyer's own); an unknown listing has none. */
export function listListingConversations(deps: Pick<ServerDeps, 'db'>, input: { memberId: string; listingId: string }): Promise<ConversationSummary[]> {
  return listListingSummaries(deps.db, input.memberId, input.listingId);
}

export async function getConversation(deps: Pick<ServerDeps, 'db'>, input: { memberId: string; conversationId: string }): Promise<ConversationSummary> {
  const summary = await findConversationSummary(deps.db, input.memberId, input.conversationId);
  if (!summary) throw new AppError('CONVERSATION_NOT_FOUND');
  return summary;
}

/**
 * The member's conversation and a page of its messages as the JSON text of the answer (oldest
 * first), made by PostgreSQL in the statement that reads them. No row: the conversation is not the
 * member's.
 */
const threadPageJson = preparedStatement<{ conversation: string; member: string; before: number | null; size: number }, { json: string }>(
  'conversation_thread_json',
  (value) => sql`
    select coalesce(json_agg(${messageJson('m', sql`m.sender_id <> ${value.member} or m.id <= case when c.buyer_id = ${value.member} then c.seller_read_up_to else c.buyer_read_up_to end`)} order by m.id)
                      filter (where m.id is not null), '[]')::text as json
      from conversations c
      left join lateral (
        select * from messages
         where conversation_id = c.id and id < coalesce(${value.before}::bigint, 9223372036854775807)
         order by id desc limit ${value.size}
      ) m on true
     where c.id = ${value.conversation} and (c.buyer_id = ${value.member} or c.seller_id = ${value.member})
     group by c.id`,
);

/** One page of the thread as the JSON text of ConversationMessage[], oldest first: the newest messages, or those before `before` (a message id). */
export async function listMessagesJson(deps: Pick<ServerDeps, 'db'>, input: { memberId: string; conversationId: string; before?: string }): Promise<string> {
  assertConversationId(input.conversationId);
  const before = input.before === undefined ? null : Number(input.before);
  if (before !== null && !Number.isSafeInteger(before)) throw new AppError('VALIDATION_FAILED', conversationMessages.threadCursorInvalid);
  const [page] = await threadPageJson(deps.db, { conversation: input.conversationId, member: input.memberId, before, size: conversationLimits.threadPageSize });
  if (!page) throw new AppError('CONVERSATION_NOT_FOUND');
  return page.json;
}

type ReadMarkRow = { buyer_id: string; seller_id: string; read_before: string; read_up_to: string };

/** The member's side read up to the newest message, unread back to none; the mark it had before, to tell whether anything changed. */
const markRead = preparedStatement<{ conversation: string; member: string }, ReadMarkRow>('conversation_mark_read', (value) => sql`
    update conversations c set
      buyer_read_up_to = case when mine.is_seller then c.buyer_read_up_to else greatest(c.buyer_read_up_to, coalesce(c.last_message_id, 0)) end,
      buyer_unread_count = case when mine.is_seller then c.buyer_unread_count else 0 end,
      buyer_notified_at = case when mine.is_seller then c.buyer_notified_at else null end,
      seller_read_up_to = case when mine.is_seller then greatest(c.seller_read_up_to, coalesce(c.last_message_id, 0)) else c.seller_read_up_to end,
      seller_unread_count = case when mine.is_seller then 0 else c.seller_unread_count end,
      seller_notified_at = case when mine.is_seller then null else c.seller_notified_at end
      from (select id, seller_id = ${value.member} as is_seller,
                   case when seller_id = ${value.member} then seller_read_up_to else buyer_read_up_to end as read_before
              from conversations where id = ${value.conversation} and (buyer_id = ${value.member} or seller_id = ${value.member})) mine
     where c.id = mine.id
    returning c.buyer_id, c.seller_id, mine.read_before::text as read_before,
              (case when mine.is_seller then c.seller_read_up_to else c.buyer_read_up_to end)::text as read_up_to`);

/** The member has seen the conversation up to its newest message: the other member's tabs show "read". */
export async function markConversationRead(deps: Pick<ServerDeps, 'db' | 'memberEvents' | 'contentVersion'>, input: { memberId: string; conversationId: string }): Promise<void> {
  assertConversationId(input.conversationId);
  const [marked] = await markRead(deps.db, { conversation: input.conversationId, member: input.memberId });
  if (!marked) throw new AppError('CONVERSATION_NOT_FOUND');
  if (Number(marked.read_up_to) <= Number(marked.read_before)) return;
  const otherId = marked.seller_id === input.memberId ? marked.buyer_id : marked.seller_id;
  await announce(deps, [otherId, input.memberId], { type: 'read', conversationId: input.conversationId, readerId: input.memberId, upToMessageId: marked.read_up_to });
}

/** Messages from others the member has not seen, over all their conversations (the header's badge): each side's counts, off its own index. */
const unreadTotal = preparedStatement<{ member: string }, { count: number }>('conversation_unread_total', (value) => sql`
    select ((select coalesce(sum(buyer_unread_count), 0) from conversations where buyer_id = ${value.member})
          + (select coalesce(sum(seller_unread_count), 0) from conversations where seller_id = ${value.member}))::int as count`);

export async function countUnreadMessages(deps: Pick<ServerDeps, 'db'>, input: { memberId: string }): Promise<{ count: number }> {
  const [row] = await unreadTotal(deps.db, { member: input.memberId });
  return { count: Number(row?.count ?? 0) };
}

/** Messages are numbered when written but may commit out of order: a catch-up also resends the last few seconds. */
const commitSkewMs = 10_000;

/** The member's messages after `afterId` (and those of the last few seconds), oldest first, as the thread shows them. */
const missedMessages = preparedStatement<{ member: string; afterId: number; recentSince: string; size: number }, { message: string }>(
  'conversation_missed_messages',
  (value) => sql`
    select ${messageJson('m', sql`m.sender_id <> ${value.member} or m.id <= case when c.buyer_id = ${value.member} then c.seller_read_up_to else c.buyer_read_up_to end`)}::text as message
      from messages m
      join conversations c on c.id = m.conversation_id
     where (c.buyer_id = ${value.member} or c.seller_id = ${value.member})
       and (m.id > ${value.afterId}::bigint or m.created_at > ${value.recentSince}::timestamptz)
     order by m.id
     limit ${value.size}`,
);

/**
 * What a reconnecting event stream missed: the member's messages after the last one it had (and
 * those of the last few seconds), oldest first; 'too-many' past `limit`.
 */
export async function listMissedMessages(deps: Pick<ServerDeps, 'db' | 'clock'>, input: { memberId: string; afterId: number; limit: number }): Promise<ConversationMessage[] | 'too-many'> {
  const recentSince = new Date(deps.clock.now().getTime() - commitSkewMs).toISOString();
  const rows = await missedMessages(deps.db, { member: input.memberId, afterId: input.afterId, recentSince, size: input.limit + 1 });
  if (rows.length > input.limit) return 'too-many';
  return rows.map((row) => JSON.parse(row.message) as ConversationMessage);
}
