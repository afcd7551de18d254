// A conversation exists for its two members only: to anyone else (an admin included) it is not found.
import { and, eq, or } from 'drizzle-orm';
import { conversationMessages } from '../../domain/conversations';
import { AppError } from '../../domain/errors';
import { uuidPattern } from '../../domain/listing';
import { memberBlocks } from '../db/schema';
import type { ServerDeps } from '../deps';

/** An id that is no uuid names no conversation: not found, before it reaches a uuid column. */
export function assertConversationId(conversationId: string): void {
  if (!uuidPattern.test(conversationId)) throw new AppError('CONVERSATION_NOT_FOUND');
}

/** Either member blocked the other: nothing passes between them. */
export async function assertNotBlocked(deps: Pick<ServerDeps, 'db'>, memberId: string, otherId: string): Promise<void> {
  const [block] = await deps.db
    .select({ blockerId: memberBlocks.blockerId })
    .from(memberBlocks)
    .where(or(and(eq(memberBlocks.blockerId, memberId), eq(memberBlocks.blockedId, otherId)), and(eq(memberBlocks.blockerId, otherId), eq(memberBlocks.blockedId, memberId))))
    .limit(1);
  if (block) throw new AppError('MEMBER_BLOCKED', conversationMessages.blocked);
}
