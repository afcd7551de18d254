// Reading a conversation: its page of messages, the member's read mark, the unread count.
import { and, desc, eq, gt, lt, or, sql } from 'drizzle-orm';
import { conversationLimits, conversationMessages } from '../../domain/conversations';
import type { ConversationMessage, ConversationSummary } from '../../domain/conversation-schemas';
import { AppError } from '../../domain/errors';
import { conversations, messages } from '../db/schema';
import type { ServerDeps } from '../deps';
import { findMemberConversation, sidesOf } from './conversation-access';
import { findConversationSummary, listConversationSummaries, toMessageView } from './conversation-view';
import { announce } from './announce';

export function listConversations(deps: Pick<ServerDeps, 'db'>, input: { memberId: string }): Promise<ConversationSummary[]> {
  return listConversationSummaries(deps.db, input.memberId);
}

export async function getConversation(deps: Pick<ServerDeps, 'db'>, input: { memberId: string; conversationId: string }): Promise<ConversationSummary> {
  await findMemberConversation(deps.db, input.conversationId, input.memberId);
  const summary = await findConversationSummary(deps.db, input.memberId, input.conversationId);
  if (!summary) throw new AppError('CONVERSATION_NOT_FOUND', conversationMessages.conversationNotFound);
  return summary;
}

/** One page of the thread, oldest first: the newest messages, or those before `before` (a message id). */
export async function listMessages(deps: Pick<ServerDeps, 'db'>, input: { memberId: string; conversationId: string; before?: string }): Promise<ConversationMessage[]> {
  const conversation = await findMemberConversation(deps.db, input.conversationId, input.memberId);
  const before = input.before === undefined ? null : Number(input.before);
  if (before !== null && !Number.isSafeInteger(before)) throw new AppError('VALIDATION_FAILED', 'before must be the id of a message in this conversation.');
  const rows = await deps.db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversation.id), before === null ? undefined : lt(messages.id, before)))
    .orderBy(desc(messages.id))
    .limit(conversationLimits.threadPageSize);
  const { otherReadUpTo } = sidesOf(conversation, input.memberId);
  return rows.reverse().map((row) => toMessageView(row, input.memberId, otherReadUpTo));
}

/** The member has seen the conversation up to its newest message: the other member's tabs show "read". */
export async function markConversationRead(deps: Pick<ServerDeps, 'db' | 'memberEvents' | 'contentVersion'>, input: { memberId: string; conversationId: string }): Promise<void> {
  const conversation = await findMemberConversation(deps.db, input.conversationId, input.memberId);
  const { isSeller, otherId, myReadUpTo } = sidesOf(conversation, input.memberId);
  const upTo = conversation.lastMessageId ?? 0;
  if (upTo <= myReadUpTo) return;
  await deps.db
    .update(conversations)
    .set(
      isSeller
        ? { sellerReadUpTo: sql`greatest(${conversations.sellerReadUpTo}, ${upTo})`, sellerNotifiedAt: null }
        : { buyerReadUpTo: sql`greatest(${conversations.buyerReadUpTo}, ${upTo})`, buyerNotifiedAt: null },
    )
    .where(eq(conversations.id, conversation.id));
  await announce(deps, [otherId, input.memberId], { type: 'read', conversationId: conversation.id, readerId: input.memberId, upToMessageId: String(upTo) });
}

/**
 * Messages from others the member has not seen, over all their conversations (the header's badge):
 * each side's conversations read off its own index, each counted from the member's read mark.
 */
export async function countUnreadMessages(deps: Pick<ServerDeps, 'db'>, input: { memberId: string }): Promise<{ count: number }> {
  const { memberId } = input;
  const result = await deps.db.execute<{ count: number | string | null }>(sql`
    select coalesce(sum(unread), 0) as count from (
      select (select count(*) from messages m where m.conversation_id = c.id and m.id > c.buyer_read_up_to and m.sender_id <> ${memberId}) as unread
        from conversations c where c.buyer_id = ${memberId} and c.last_message_id > c.buyer_read_up_to
      union all
      select (select count(*) from messages m where m.conversation_id = c.id and m.id > c.seller_read_up_to and m.sender_id <> ${memberId}) as unread
        from conversations c where c.seller_id = ${memberId} and c.last_message_id > c.seller_read_up_to
    ) sides`);
  return { count: Number(result.rows[0]?.count ?? 0) };
}

/** Messages are numbered when written but may commit out of order: a catch-up also resends the last few seconds. */
const commitSkewMs = 10_000;

/**
 * What a reconnecting event stream missed: the member's messages after the last one it had (and
 * those of the last few seconds), oldest first; 'too-many' past `limit`.
 */
export async function listMissedMessages(deps: Pick<ServerDeps, 'db' | 'clock'>, input: { memberId: string; afterId: number; limit: number }): Promise<ConversationMessage[] | 'too-many'> {
  const recentSince = new Date(deps.clock.now().getTime() - commitSkewMs);
  const rows = await deps.db
    .select({ message: messages, conversation: conversations })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(or(eq(conversations.buyerId, input.memberId), eq(conversations.sellerId, input.memberId)), or(gt(messages.id, input.afterId), gt(messages.createdAt, recentSince))))
    .orderBy(messages.id)
    .limit(input.limit + 1);
  if (rows.length > input.limit) return 'too-many';
  return rows.map((row) => toMessageView(row.message, input.memberId, sidesOf(row.conversation, input.memberId).otherReadUpTo));
}
