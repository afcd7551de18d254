import { eq } from 'drizzle-orm';
import type { ResetRequestBody } from '../../domain/auth';
import { users } from '../db/schema';
import type { OperationContext } from '../deps';
import { passwordResetMail } from './mails';
import { assertCodeMayBeSent, issueCode } from './one-time-codes';

export const resetRequestAnswer = {
  message: 'If an account exists for that email, we have sent it a 6-digit reset code.',
};

/** Answers the same whether or not the email has an account (no account discovery). */
export async function requestPasswordReset(context: OperationContext, body: ResetRequestBody) {
  const { db, config } = context;
  const [user] = await db.select().from(users).where(eq(users.email, body.email)).limit(1);
  if (!user) return resetRequestAnswer;
  // Too soon after the last code: send nothing, but answer the same (no account discovery).
  const maySend = await assertCodeMayBeSent(db, { userId: user.id, type: 'password_reset' }).then(
    () => true,
    () => false,
  );
  if (!maySend) return resetRequestAnswer;
  const code = await issueCode(db, { userId: user.id, type: 'password_reset', target: user.email, secret: config.appSecret });
  await context.mail
    .send(passwordResetMail({ to: user.email, firstName: user.firstName, code }))
    .catch((error: unknown) => context.log.error({ err: error }, 'password reset mail failed'));
  return resetRequestAnswer;
}
