// Blocking: a member stops another from messaging them (and stops messaging them); /account lists
// whom they blocked, to unblock.
import { and, desc, eq, or } from 'drizzle-orm';
import { conversationMessages } from '../../domain/conversations';
import type { BlockedMember } from '../../domain/conversation-schemas';
import { AppError } from '../../domain/errors';
import { uuidPattern } from '../../domain/listing';
import { conversations, memberBlocks, users } from '../db/schema';
import type { ServerDeps } from '../deps';
import { announce } from './announce';

async function assertMemberExists(deps: Pick<ServerDeps, 'db'>, memberId: string): Promise<void> {
  if (!uuidPattern.test(memberId)) throw new AppError('MEMBER_NOT_FOUND', conversationMessages.memberNotFound);
  const [member] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, memberId)).limit(1);
  if (!member) throw new AppError('MEMBER_NOT_FOUND', conversationMessages.memberNotFound);
}

/** Their shared conversations change (the composer closes or opens): both members' tabs hear of it. */
async function announceToSharedConversations(deps: Pick<ServerDeps, 'db' | 'memberEvents' | 'contentVersion'>, memberId: string, otherId: string): Promise<void> {
  const shared = await deps.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(or(and(eq(conversations.buyerId, memberId), eq(conversations.sellerId, otherId)), and(eq(conversations.buyerId, otherId), eq(conversations.sellerId, memberId))));
  await Promise.all(shared.map(({ id }) => announce(deps, [memberId, otherId], { type: 'conversation', conversationId: id })));
}

export async function blockMember(deps: Pick<ServerDeps, 'db' | 'memberEvents' | 'contentVersion'>, input: { memberId: string; blockedId: string }): Promise<void> {
  if (input.memberId === input.blockedId) throw new AppError('BLOCK_YOURSELF', conversationMessages.blockYourself);
  await assertMemberExists(deps, input.blockedId);
  await deps.db.insert(memberBlocks).values({ blockerId: input.memberId, blockedId: input.blockedId }).onConflictDoNothing();
  await announceToSharedConversations(deps, input.memberId, input.blockedId);
}

export async function unblockMember(deps: Pick<ServerDeps, 'db' | 'memberEvents' | 'contentVersion'>, input: { memberId: string; blockedId: string }): Promise<void> {
  await assertMemberExists(deps, input.blockedId);
  await deps.db.delete(memberBlocks).where(and(eq(memberBlocks.blockerId, input.memberId), eq(memberBlocks.blockedId, input.blockedId)));
  await announceToSharedConversations(deps, input.memberId, input.blockedId);
}

export async function listBlockedMembers(deps: Pick<ServerDeps, 'db'>, input: { memberId: string }): Promise<BlockedMember[]> {
  const rows = await deps.db
    .select({ memberId: memberBlocks.blockedId, firstName: users.firstName, blockedAt: memberBlocks.createdAt })
    .from(memberBlocks)
    .innerJoin(users, eq(users.id, memberBlocks.blockedId))
    .where(eq(memberBlocks.blockerId, input.memberId))
    .orderBy(desc(memberBlocks.createdAt));
  return rows.map((row) => ({ ...row, blockedAt: row.blockedAt.toISOString() }));
}
