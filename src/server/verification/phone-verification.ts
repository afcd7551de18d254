// Phone verification (spec 4): our server texts a 6-digit code to the number and checks it; the
// number becomes the member's verified phone only when the code matches.
import { eq } from 'drizzle-orm';
import { accountMessages } from '../../domain/account';
import { codePolicy } from '../../domain/auth';
import { AppError } from '../../domain/errors';
import { productName } from '../../domain/product';
import { assertCodeMayBeSent, checkCode, issueCode } from '../auth/one-time-codes';
import { users, type UserRow } from '../db/schema';
import type { OperationContext } from '../deps';

export async function sendPhoneCode(context: OperationContext, user: UserRow, phone: string | undefined): Promise<{ message: string }> {
  if (!user.isEmailVerified) throw new AppError('EMAIL_NOT_VERIFIED', accountMessages.verifyEmailFirst);
  const target = phone ?? user.phone;
  if (!target) throw new AppError('VALIDATION_FAILED', accountMessages.noPhoneYet);
  if (user.isPhoneVerified && target === user.phone) throw new AppError('CONFLICT', accountMessages.phoneAlreadyVerified);
  await assertCodeMayBeSent(context.db, { userId: user.id, type: 'phone_verification' });
  const code = await issueCode(context.db, { userId: user.id, type: 'phone_verification', target, secret: context.config.appSecret });
  await context.sms.send({
    to: target,
    text: `${code} is your ${productName} verification code. It expires in ${codePolicy.ttlMinutes} minutes.`,
  });
  return { message: 'Please check your phone for the verification code.' };
}

export async function verifyPhoneCode(context: OperationContext, user: UserRow, code: string): Promise<{ message: string }> {
  const { target } = await checkCode(context.db, { userId: user.id, type: 'phone_verification', code, secret: context.config.appSecret, consume: true });
  await context.db
    .update(users)
    .set({ phone: target ?? user.phone, isPhoneVerified: true })
    .where(eq(users.id, user.id));
  return { message: 'Your phone number has been successfully verified.' };
}
