// A signed-in member changes their password (or, having joined with Google, sets one).
import { eq } from 'drizzle-orm';
import { accountSecurityMessages, type ChangePasswordBody } from '../../domain/account-security';
import { AppError } from '../../domain/errors';
import { hashPassword, passwordChangedMail, revokeUserSessions } from '../auth';
import { users } from '../db/schema';
import { writeTransaction } from '../db/write-transaction';
import type { ServerDeps } from '../deps';
import { confirmCurrentPassword } from './current-password';

/**
 * The current password must be right (a wrong one counts as a failed sign-in from this address, so
 * a stolen session cannot guess it faster than the sign-in page); then every other session of the
 * member ends, and they are mailed that it changed.
 */
export async function changePassword(deps: ServerDeps, input: { memberId: string; sessionId: string; address: string; body: ChangePasswordBody }): Promise<{ message: string }> {
  const [member] = await deps.db.select().from(users).where(eq(users.id, input.memberId)).limit(1);
  if (!member) throw new AppError('UNAUTHENTICATED');
  const hadPassword = member.password !== null;
  await confirmCurrentPassword(deps, { member, password: input.body.currentPassword, address: input.address });
  if (hadPassword && input.body.newPassword === input.body.currentPassword) throw new AppError('SAME_PASSWORD');
  const passwordHash = await hashPassword(input.body.newPassword);
  await writeTransaction(deps, async (tx, changes) => {
    await tx.update(users).set({ password: passwordHash }).where(eq(users.id, member.id));
    await revokeUserSessions(tx, member.id, input.sessionId);
    // The member's row keys every cached session of theirs: the ended ones are refused on every server at once.
    changes.touch('members', member.id);
  });
  await deps.mail
    .send(passwordChangedMail({ to: member.email, firstName: member.firstName, publicUrl: deps.config.publicUrl, wasSet: !hadPassword }))
    .catch((error: unknown) => deps.log.error({ err: error }, 'password change mail failed'));
  return { message: hadPassword ? accountSecurityMessages.passwordChanged : accountSecurityMessages.passwordSet };
}
