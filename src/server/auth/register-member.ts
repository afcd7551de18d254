import { eq } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import type { RegisterBody } from '../../domain/auth';
import { tierRules, defaultMembershipTier } from '../../domain/tiers';
import type { AuthResponse } from '../../domain/user-schemas';
import { acceptInvitation } from '../admin';
import { isUniqueViolation } from '../db/errors';
import { users } from '../db/schema';
import { writeTransaction } from '../db/write-transaction';
import type { ServerDeps } from '../deps';
import { grantConfiguredAdmin } from './configured-admins';
import { toCurrentUser } from './current-user';
import { welcomeMail } from './mails';
import { hashPassword } from './passwords';
import { createSession, type SessionOrigin } from './sessions';

function addMonths(date: Date, months: number): Date {
  const result = new Date(date);
  result.setMonth(result.getMonth() + months);
  return result;
}

/** spec 1 and 3: new members start on Explorer with its free month; this is when the month ends. */
export function newMemberTrialEnd(now: Date): Date | null {
  const trialMonths = tierRules[defaultMembershipTier].freeTrialMonths;
  return trialMonths > 0 ? addMonths(now, trialMonths) : null;
}

/** Welcomes a new member by mail; a mail that cannot be sent must not undo the account. */
export async function sendWelcomeMail(deps: ServerDeps, member: { email: string; firstName: string }): Promise<void> {
  await deps.mail
    .send(welcomeMail({ to: member.email, firstName: member.firstName, publicUrl: deps.config.publicUrl }))
    .catch((error: unknown) => deps.log.error({ err: error }, 'welcome mail failed'));
}

export async function registerMember(deps: ServerDeps, body: RegisterBody, origin: SessionOrigin = {}): Promise<AuthResponse> {
  const { config } = deps;
  const passwordHash = await hashPassword(body.password);
  const now = deps.clock.now();

  const result = await writeTransaction(deps, async (tx, changes) => {
      let [user] = await tx
        .insert(users)
        .values({
          email: body.email,
          password: passwordHash,
          firstName: body.firstName,
          lastName: body.lastName,
          trialEndDate: newMemberTrialEnd(now),
        })
        .returning();
      if (body.inviteToken) {
        // Joining through an admin's invitation: the invited tier, and the email is proven.
        const membershipTier = await acceptInvitation(tx, { token: body.inviteToken, email: body.email, userId: user.id });
        [user] = await tx
          .update(users)
          .set({ membershipTier, isEmailVerified: true, trialEndDate: membershipTier === defaultMembershipTier ? user.trialEndDate : null })
          .where(eq(users.id, user.id))
          .returning();
        // The invitation was mailed to this address: it is proved, so ADMIN_EMAILS may apply.
        await grantConfiguredAdmin(tx, config.adminEmails, user.id);
        [user] = await tx.select().from(users).where(eq(users.id, user.id));
      }
      changes.touch('members', user.id);
      // A new member's first session: none to end.
      const { token } = await createSession(tx, user.id, { ...origin, now });
      return { token, user: toCurrentUser(user) };
    }).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN');
      throw error;
    });

  await sendWelcomeMail(deps, body);
  return result;
}
