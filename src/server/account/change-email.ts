// A signed-in member changes their email: a code goes to the new address, and the change happens
// only when it is entered there; the old address is told.
import { and, count, eq, gt } from 'drizzle-orm';
import { accountMessages } from '../../domain/account';
import { accountSecurityMessages, emailChangeCodesPerAddressPerDay, type ChangeEmailBody } from '../../domain/account-security';
import { AppError } from '../../domain/errors';
import type { CurrentUser } from '../../domain/user-schemas';
import { assertCodeMayBeSent, checkCode, emailChangeCodeMail, emailChangedMail, grantConfiguredAdmin, issueCode, toCurrentUser } from '../auth';
import { isUniqueViolation } from '../db/errors';
import { users, verificationCodes } from '../db/schema';
import { touchMemberListings, writeTransaction } from '../db/write-transaction';
import type { ServerDeps } from '../deps';
import { confirmCurrentPassword } from './current-password';

const dayMs = 24 * 60 * 60 * 1000;

async function memberById(deps: ServerDeps, memberId: string) {
  const [member] = await deps.db.select().from(users).where(eq(users.id, memberId)).limit(1);
  if (!member) throw new AppError('UNAUTHENTICATED');
  return member;
}

/**
 * An address another account has gets the same answer and no code, so the form tells nobody which
 * addresses have accounts; entering a code there can only fail.
 */
export async function requestEmailChange(deps: ServerDeps, input: { memberId: string; address: string; body: ChangeEmailBody }): Promise<{ message: string }> {
  const member = await memberById(deps, input.memberId);
  const { newEmail } = input.body;
  if (newEmail === member.email) throw new AppError('SAME_EMAIL');
  await confirmCurrentPassword(deps, { member, password: input.body.password, address: input.address });
  await assertCodeMayBeSent(deps.db, { userId: member.id, type: 'email_change' });
  // Whoever asks, and whether or not the address has an account: the same count, the same answer.
  const [{ sentToAddress }] = await deps.db
    .select({ sentToAddress: count() })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.type, 'email_change'), eq(verificationCodes.target, newEmail), gt(verificationCodes.createdAt, new Date(deps.clock.now().getTime() - dayMs))));
  if (sentToAddress >= emailChangeCodesPerAddressPerDay) throw new AppError('RATE_LIMITED', accountMessages.tooManyCodesToday);
  const code = await issueCode(deps.db, { userId: member.id, type: 'email_change', target: newEmail, secret: deps.config.appSecret });
  const [taken] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, newEmail)).limit(1);
  if (!taken) await deps.mail.send(emailChangeCodeMail({ to: newEmail, firstName: member.firstName, code }));
  return { message: accountSecurityMessages.emailChangeCodeSent(newEmail) };
}

export async function confirmEmailChange(deps: ServerDeps, input: { memberId: string; code: string }): Promise<CurrentUser> {
  const member = await memberById(deps, input.memberId);
  const { target } = await checkCode(deps.db, { userId: member.id, type: 'email_change', code: input.code, secret: deps.config.appSecret, consume: true });
  if (!target) throw new AppError('INVALID_CODE');
  const updated = await writeTransaction(deps, async (tx, changes) => {
    // The code proves the new address, as the email check does.
    const [row] = await tx.update(users).set({ email: target, isEmailVerified: true }).where(eq(users.id, member.id)).returning();
    await grantConfiguredAdmin(tx, deps.config.adminEmails, member.id);
    changes.touch('members', member.id);
    await touchMemberListings(tx, changes, member.id);
    return row;
  }).catch((error: unknown) => {
    // Another account took the address between the code and now.
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN');
    throw error;
  });
  await deps.mail
    .send(emailChangedMail({ to: member.email, firstName: member.firstName, newEmail: target, publicUrl: deps.config.publicUrl }))
    .catch((error: unknown) => deps.log.error({ err: error }, 'email change mail failed'));
  const [fresh] = await deps.db.select().from(users).where(eq(users.id, updated.id)).limit(1);
  return toCurrentUser(fresh);
}
