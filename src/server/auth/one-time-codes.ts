// Six-digit codes for password reset (and, later, email and phone checks): one live code per
// (user, type), stored as an HMAC, single use, expiring, with a cap on wrong tries.
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { accountMessages, codeSendLimits } from '../../domain/account';
import { codePolicy } from '../../domain/auth';
import { AppError, errorMessages } from '../../domain/errors';
import type { Queryable } from '../db/open-database';
import { verificationCodes } from '../db/schema';
import { generateSixDigitCode, hashCode, hashesMatch } from './secrets';

export type CodeType = 'password_reset' | 'email_verification' | 'phone_verification' | 'email_change';

type IssueCodeInput = { userId: string; type: CodeType; target: string; secret: string; now?: Date };

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Throws RATE_LIMITED when a code of this type went to the member less than a minute ago, or
 * too many went out in the last day.
 */
export async function assertCodeMayBeSent(db: Queryable, input: { userId: string; type: CodeType; now?: Date }): Promise<void> {
  const now = input.now ?? new Date();
  const recent = await db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, input.userId), eq(verificationCodes.type, input.type), gt(verificationCodes.createdAt, new Date(now.getTime() - dayMs))))
    .orderBy(desc(verificationCodes.createdAt));
  if (recent.length >= codeSendLimits.perDay) throw new AppError('RATE_LIMITED', accountMessages.tooManyCodesToday);
  if (recent[0] && now.getTime() - recent[0].createdAt.getTime() < codeSendLimits.resendAfterSeconds * 1000) {
    throw new AppError('RATE_LIMITED', accountMessages.resendTooSoon);
  }
}

/**
 * Issues a new code and returns it in plain text (to be sent, never stored). Earlier codes of
 * the type stop working; rows older than a day are cleared.
 */
export async function issueCode(db: Queryable, input: IssueCodeInput): Promise<string> {
  const now = input.now ?? new Date();
  const code = generateSixDigitCode();
  const mine = and(eq(verificationCodes.userId, input.userId), eq(verificationCodes.type, input.type));
  await db.delete(verificationCodes).where(and(mine, lt(verificationCodes.createdAt, new Date(now.getTime() - dayMs))));
  await db.update(verificationCodes).set({ isUsed: true }).where(and(mine, eq(verificationCodes.isUsed, false)));
  await db.insert(verificationCodes).values({
    userId: input.userId,
    type: input.type,
    target: input.target,
    code: hashCode(input.secret, code),
    expiresAt: new Date(now.getTime() + codePolicy.ttlMinutes * 60_000),
  });
  return code;
}

type CheckCodeInput = {
  userId: string;
  type: CodeType;
  code: string;
  secret: string;
  /** Mark the code used when it matches. */
  consume: boolean;
  now?: Date;
};

/**
 * Checks a code; throws INVALID_CODE when it is wrong, used, expired or out of tries.
 * A wrong guess counts against the code even when the caller rolls back nothing else.
 */
export async function checkCode(db: Queryable, input: CheckCodeInput): Promise<{ target: string | null }> {
  const now = input.now ?? new Date();
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, input.userId), eq(verificationCodes.type, input.type)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!row || row.isUsed || row.expiresAt <= now) {
    throw new AppError('INVALID_CODE');
  }
  if (row.attempts >= codePolicy.maxAttempts) {
    throw new AppError('INVALID_CODE', errorMessages.tooManyCodeAttempts);
  }
  if (!hashesMatch(row.code, hashCode(input.secret, input.code))) {
    await db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(eq(verificationCodes.id, row.id));
    const triesLeft = codePolicy.maxAttempts - row.attempts - 1;
    throw new AppError('INVALID_CODE', triesLeft > 0 ? errorMessages.invalidResetCode : errorMessages.tooManyCodeAttempts);
  }
  if (input.consume) {
    // The where on is_used makes two racing confirmations use the code once.
    const used = await db
      .update(verificationCodes)
      .set({ isUsed: true })
      .where(and(eq(verificationCodes.id, row.id), eq(verificationCodes.isUsed, false)))
      .returning({ id: verificationCodes.id });
    if (used.length === 0) throw new AppError('INVALID_CODE');
  }
  return { target: row.target };
}
