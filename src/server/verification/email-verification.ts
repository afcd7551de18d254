// Email verification (spec 4): a 6-digit code by mail, checked by our server.
import { eq } from 'drizzle-orm';
import { accountMessages } from '../../domain/account';
import { codePolicy } from '../../domain/auth';
import { AppError } from '../../domain/errors';
import { productName } from '../../domain/product';
import { greetingName } from '../../domain/user';
import { assertCodeMayBeSent, checkCode, grantConfiguredAdmin, issueCode } from '../auth';
import { users, type UserRow } from '../db/schema';
import { touchMemberListings, writeTransaction } from '../db/write-transaction';
import type { ServerDeps } from '../deps';

export async function sendEmailCode(deps: ServerDeps, input: { member: UserRow }): Promise<{ message: string }> {
  const user = input.member;
  if (user.isEmailVerified) throw new AppError('EMAIL_ALREADY_VERIFIED');
  await assertCodeMayBeSent(deps.db, { userId: user.id, type: 'email_verification' });
  const code = await issueCode(deps.db, { userId: user.id, type: 'email_verification', target: user.email, secret: deps.config.appSecret });
  await deps.mail.send({
    to: user.email,
    subject: `Your ${productName} verification code`,
    text: [
      `G'day ${greetingName(user)},`,
      '',
      `Your email verification code is ${code}.`,
      'Or open this link to confirm your address:',
      `${deps.config.publicUrl}/verify-email?code=${code}`,
      '',
      `It expires in ${codePolicy.ttlMinutes} minutes and can be used once.`,
    ].join('\n'),
  });
  return { message: 'Check your email for the 6-digit code.' };
}

export async function verifyEmailCode(deps: ServerDeps, input: { member: UserRow; code: string }): Promise<{ message: string }> {
  const { member: user, code } = input;
  if (user.isEmailVerified) return { message: accountMessages.emailAlreadyVerified };
  await checkCode(deps.db, { userId: user.id, type: 'email_verification', code, secret: deps.config.appSecret, consume: true });
  await writeTransaction(deps, async (tx, changes) => {
    await tx.update(users).set({ isEmailVerified: true }).where(eq(users.id, user.id));
    await grantConfiguredAdmin(tx, deps.config.adminEmails, user.id);
    changes.touch('members', user.id);
    // Their listings show the checks the seller has passed.
    await touchMemberListings(tx, changes, user.id);
  });
  return { message: 'Your email is verified.' };
}
