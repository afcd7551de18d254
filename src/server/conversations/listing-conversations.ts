// A listing's conversations hear when it is sold, listed again or deleted: their pages refresh.
import { eq } from 'drizzle-orm';
import { uuidPattern } from '../../domain/listing';
import type { Queryable } from '../db/open-database';
import { conversations } from '../db/schema';
import type { ServerDeps } from '../deps';
import { announce } from './announce';

export type TalkingMembers = { conversationId: string; memberIds: string[] }[];

export async function listingConversationMembers(db: Queryable, listingId: string): Promise<TalkingMembers> {
  // Asked before the caller has checked the id (deleteListing): an id that is no uuid has no conversations, and must not reach the uuid column.
  if (!uuidPattern.test(listingId)) return [];
  const rows = await db
    .select({ id: conversations.id, buyerId: conversations.buyerId, sellerId: conversations.sellerId })
    .from(conversations)
    .where(eq(conversations.listingId, listingId));
  return rows.map((row) => ({ conversationId: row.id, memberIds: [row.buyerId, row.sellerId] }));
}

export async function announceConversations(deps: Pick<ServerDeps, 'memberEvents' | 'contentVersion'>, talking: TalkingMembers): Promise<void> {
  await Promise.all(talking.map(({ conversationId, memberIds }) => announce(deps, memberIds, { type: 'conversation', conversationId })));
}

export async function announceListingConversations(deps: Pick<ServerDeps, 'db' | 'memberEvents' | 'contentVersion'>, input: { listingId: string }): Promise<void> {
  await announceConversations(deps, await listingConversationMembers(deps.db, input.listingId));
}
