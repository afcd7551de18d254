// Phone verification (spec 4): our server texts a 6-digit code to the number and checks it; the
// number becomes the member's verified phone only when the code matches. A number verifies one
// account only, so it cannot vouch for a crowd of accounts (an admin may still mark any phone verified).
import { and, eq, ne, sql } from 'drizzle-orm';
import { accountMessages } from '../../domain/account';
import { codePolicy } from '../../domain/auth';
import { AppError } from '../../domain/errors';
import { productName } from '../../domain/product';
import { assertCodeMayBeSent, checkCode, issueCode } from '../auth';
import type { Queryable } from '../db/open-database';
import { users, type UserRow } from '../db/schema';
import { touchMemberListings, writeTransaction } from '../db/write-transaction';
import type { ServerDeps } from '../deps';

/** Throws PHONE_IN_USE when a member other than this one has already verified the number. */
async function assertPhoneNotVerifiedElsewhere(db: Queryable, input: { phone: string; userId: string }): Promise<void> {
  const [holder] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, input.phone), eq(users.isPhoneVerified, true), ne(users.id, input.userId)))
    .limit(1);
  if (holder) throw new AppError('PHONE_IN_USE');
}

export async function sendPhoneCode(deps: ServerDeps, input: { member: UserRow; phone: string | undefined }): Promise<{ message: string }> {
  const { member: user, phone } = input;
  if (!user.isEmailVerified) throw new AppError('EMAIL_NOT_VERIFIED', accountMessages.verifyEmailFirst);
  const target = phone ?? user.phone;
  if (!target) throw new AppError('NO_PHONE_YET');
  if (user.isPhoneVerified && target === user.phone) throw new AppError('PHONE_ALREADY_VERIFIED');
  // Refused before any text goes out: a code for a taken number could never be used.
  await assertPhoneNotVerifiedElsewhere(deps.db, { phone: target, userId: user.id });
  await assertCodeMayBeSent(deps.db, { userId: user.id, type: 'phone_verification' });
  const code = await issueCode(deps.db, { userId: user.id, type: 'phone_verification', target, secret: deps.config.appSecret });
  await deps.sms.send({
    to: target,
    text: `${code} is your ${productName} verification code. It expires in ${codePolicy.ttlMinutes} minutes.`,
  });
  return { message: 'Please check your phone for the verification code.' };
}

export async function verifyPhoneCode(deps: ServerDeps, input: { member: UserRow; code: string }): Promise<{ message: string }> {
  const { member: user, code } = input;
  // The code is checked outside the transaction below, so a wrong guess counts even though the
  // transaction may roll back; a code spent on a number that turns out to be taken stays spent.
  const { target } = await checkCode(deps.db, { userId: user.id, type: 'phone_verification', code, secret: deps.config.appSecret, consume: true });
  const phone = target ?? user.phone;
  if (!phone) throw new AppError('NO_PHONE_YET');
  await writeTransaction(deps, async (tx, changes) => {
    // Members each holding a code for one number are checked one after another: the lock lasts
    // until commit, so a later check sees the number the earlier one verified.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${phone}))`);
    await assertPhoneNotVerifiedElsewhere(tx, { phone, userId: user.id });
    // A number verified now starts with texts off: they were turned on for another one, if any (decision 33).
    await tx.update(users).set({ phone, isPhoneVerified: true, smsPhone: null }).where(eq(users.id, user.id));
    changes.touch('members', user.id);
    // Their listings show the checks the seller has passed.
    await touchMemberListings(tx, changes, user.id);
  });
  return { message: 'Your phone number has been successfully verified.' };
}
