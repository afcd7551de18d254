// Email verification (spec 4): a 6-digit code by mail, checked by our server.
import { eq } from 'drizzle-orm';
import { accountMessages } from '../../domain/account';
import { codePolicy } from '../../domain/auth';
import { AppError } from '../../domain/errors';
import { productName } from '../../domain/product';
import { greetingName } from '../../domain/user';
import { grantConfiguredAdmin } from '../auth/configured-admins';
import { assertCodeMayBeSent, checkCode, issueCode } from '../auth/one-time-codes';
import { users, type UserRow } from '../db/schema';
import type { OperationContext } from '../deps';

export async function sendEmailCode(context: OperationContext, user: UserRow): Promise<{ message: string }> {
  if (user.isEmailVerified) throw new AppError('CONFLICT', accountMessages.emailAlreadyVerified);
  await assertCodeMayBeSent(context.db, { userId: user.id, type: 'email_verification' });
  const code = await issueCode(context.db, { userId: user.id, type: 'email_verification', target: user.email, secret: context.config.appSecret });
  await context.mail.send({
    to: user.email,
    subject: `Your ${productName} verification code`,
    text: [
      `G'day ${greetingName(user)},`,
      '',
      `Your email verification code is ${code}.`,
      'Or open this link to confirm your address:',
      `${context.config.publicUrl}/verify-email?code=${code}`,
      '',
      `It expires in ${codePolicy.ttlMinutes} minutes and can be used once.`,
    ].join('\n'),
  });
  return { message: 'Check your email for the 6-digit code.' };
}

export async function verifyEmailCode(context: OperationContext, user: UserRow, code: string): Promise<{ message: string }> {
  if (user.isEmailVerified) return { message: accountMessages.emailAlreadyVerified };
  await checkCode(context.db, { userId: user.id, type: 'email_verification', code, secret: context.config.appSecret, consume: true });
  await context.db.transaction(async (tx) => {
    await tx.update(users).set({ isEmailVerified: true }).where(eq(users.id, user.id));
    await grantConfiguredAdmin(tx, context.config.adminEmails, user.id);
  });
  return { message: 'Your email is verified.' };
}
