// A conversation exists for its two members only: to anyone else (an admin included) it is not found.
import { sql, type SQL } from 'drizzle-orm';
import { conversationMessages } from '../../domain/conversations';
import { AppError } from '../../domain/errors';
import { uuidPattern } from '../../domain/listing';
import { memberBlocks } from '../db/schema';

/** An id that is no uuid names no conversation: not found, before it reaches a uuid column. */
export function assertConversationId(conversationId: string): void {
  if (!uuidPattern.test(conversationId)) throw new AppError('CONVERSATION_NOT_FOUND');
}

/** Either member blocked the other: nothing passes between them (a condition of a statement that has both). */
export function blockedBetween(memberId: SQL, otherId: SQL): SQL<boolean> {
  return sql<boolean>`exists (select from ${memberBlocks} where (${memberBlocks.blockerId} = ${memberId} and ${memberBlocks.blockedId} = ${otherId}) or (${memberBlocks.blockerId} = ${otherId} and ${memberBlocks.blockedId} = ${memberId}))`;
}

export function memberBlockedError(): AppError {
  return new AppError('MEMBER_BLOCKED', conversationMessages.blocked);
}
