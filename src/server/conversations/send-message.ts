// A message in a conversation: checked (banned words, blocks, the listing still there, the pace),
// stored with its safety tip, and sent at once to both members' open streams.
import { desc, eq, sql } from 'drizzle-orm';
import { bannedWordsInMessage, conversationLimits, conversationMessages, safetyTipFor } from '../../domain/conversations';
import type { ConversationMessage } from '../../domain/conversation-schemas';
import { AppError } from '../../domain/errors';
import { findBannedWords } from '../../domain/text-filter';
import { currentBannedWords } from '../admin';
import { conversations, messages, type UserRow } from '../db/schema';
import type { ServerDeps } from '../deps';
import { assertNotBlocked, findMemberConversation } from './conversation-access';
import { toMessageView } from './conversation-view';
import { announce } from './announce';

export async function sendMessage(deps: ServerDeps, input: { sender: UserRow; conversationId: string; body: string }): Promise<ConversationMessage> {
  const conversation = await findMemberConversation(deps.db, input.conversationId, input.sender.id);
  if (conversation.listingId === null) throw new AppError('CONVERSATION_CLOSED', conversationMessages.listingGone);
  const otherId = conversation.sellerId === input.sender.id ? conversation.buyerId : conversation.sellerId;
  await assertNotBlocked(deps, input.sender.id, otherId);
  return insertMessage(deps, { conversationId: conversation.id, sender: input.sender, body: input.body });
}

/** Stores one message (after the checks every message passes) and tells both members. */
export async function insertMessage(deps: ServerDeps, input: { conversationId: string; sender: UserRow; body: string }): Promise<ConversationMessage> {
  await assertNoBannedWords(deps, input.body);
  await assertPace(deps, input.conversationId);
  return writeMessage(deps, input);
}

/** Banned words refuse a message as they refuse a listing, naming the words. */
export async function assertNoBannedWords(deps: Pick<ServerDeps, 'db' | 'contentVersion' | 'config'>, body: string): Promise<void> {
  const found = findBannedWords([body], await currentBannedWords(deps));
  if (found.length > 0) throw new AppError('CONTENT_FILTERED', bannedWordsInMessage(found), { bannedWords: found });
}

/** Writes a message that has passed its checks, and tells both members. */
export async function writeMessage(deps: ServerDeps, input: { conversationId: string; sender: UserRow; body: string }): Promise<ConversationMessage> {
  const { db } = deps;
  const message = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(messages)
      .values({ conversationId: input.conversationId, senderId: input.sender.id, body: input.body, safetyTip: safetyTipFor(input.body) })
      .returning();
    // The sender has seen everything up to their own message.
    const senderIsSeller = sql`${conversations.sellerId} = ${input.sender.id}`;
    const [conversation] = await tx
      .update(conversations)
      .set({
        lastMessageId: sql`greatest(coalesce(${conversations.lastMessageId}, 0), ${row.id})`,
        lastMessageAt: row.createdAt,
        sellerReadUpTo: sql`case when ${senderIsSeller} then greatest(${conversations.sellerReadUpTo}, ${row.id}) else ${conversations.sellerReadUpTo} end`,
        buyerReadUpTo: sql`case when ${senderIsSeller} then ${conversations.buyerReadUpTo} else greatest(${conversations.buyerReadUpTo}, ${row.id}) end`,
        sellerNotifiedAt: sql`case when ${senderIsSeller} then null else ${conversations.sellerNotifiedAt} end`,
        buyerNotifiedAt: sql`case when ${senderIsSeller} then ${conversations.buyerNotifiedAt} else null end`,
      })
      .where(eq(conversations.id, input.conversationId))
      .returning({ buyerId: conversations.buyerId, sellerId: conversations.sellerId, buyerReadUpTo: conversations.buyerReadUpTo, sellerReadUpTo: conversations.sellerReadUpTo });
    const otherReadUpTo = conversation.sellerId === input.sender.id ? conversation.buyerReadUpTo : conversation.sellerReadUpTo;
    return { view: toMessageView(row, input.sender.id, otherReadUpTo), memberIds: [conversation.buyerId, conversation.sellerId] };
  });

  await announce(deps, message.memberIds, { type: 'message', message: message.view });
  return message.view;
}

/** At most conversationLimits.messagesPerMinute in a minute: the 60th newest message must be a minute old. */
export async function assertPace(deps: ServerDeps, conversationId: string): Promise<void> {
  const [oldestOfWindow] = await deps.db
    .select({ createdAt: messages.createdAt })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.id))
    .offset(conversationLimits.messagesPerMinute - 1)
    .limit(1);
  if (oldestOfWindow && deps.clock.now().getTime() - oldestOfWindow.createdAt.getTime() < 60_000) {
    throw new AppError('RATE_LIMITED', conversationMessages.tooManyMessages);
  }
}
