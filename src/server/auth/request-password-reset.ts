import { eq } from 'drizzle-orm';
import type { ResetRequestBody } from '../../domain/auth';
import { users } from '../db/schema';
import type { ServerDeps } from '../deps';
import { passwordResetMail } from './mails';
import { assertCodeMayBeSent, issueCode } from './one-time-codes';

export const resetRequestAnswer = {
  message: 'If an account exists for that email, we have sent it a 6-digit reset code.',
};

/**
 * Answers at once and the same whether or not the email has an account: the lookup, the code and
 * the mail happen after the answer, so neither its words nor its timing tell who is a member.
 */
export function requestPasswordReset(deps: ServerDeps, body: ResetRequestBody) {
  deps.background.run('password reset mail', `password-reset:${body.email}`, () => sendPasswordResetCode(deps, body.email));
  return resetRequestAnswer;
}

async function sendPasswordResetCode(deps: ServerDeps, email: string): Promise<void> {
  const { db, config } = deps;
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user) return;
  // Too soon after the last code: send nothing (the answer was the same).
  const maySend = await assertCodeMayBeSent(db, { userId: user.id, type: 'password_reset' }).then(
    () => true,
    () => false,
  );
  if (!maySend) return;
  const code = await issueCode(db, { userId: user.id, type: 'password_reset', target: user.email, secret: config.appSecret });
  await deps.mail.send(passwordResetMail({ to: user.email, firstName: user.firstName, code }));
}
