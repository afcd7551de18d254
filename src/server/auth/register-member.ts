import { AppError, errorMessages } from '../../domain/errors';
import type { RegisterBody } from '../../domain/auth';
import { tierRules, defaultMembershipTier } from '../../domain/tiers';
import type { AuthResponse } from '../../domain/user';
import { isUniqueViolation } from '../db/errors';
import { users } from '../db/schema';
import type { OperationContext } from '../deps';
import { toCurrentUser } from './current-user';
import { welcomeMail } from './mails';
import { hashPassword } from './passwords';
import { createSession } from './sessions';

function addMonths(date: Date, months: number): Date {
  const result = new Date(date);
  result.setMonth(result.getMonth() + months);
  return result;
}

export async function registerMember(context: OperationContext, body: RegisterBody): Promise<AuthResponse> {
  const { db, config } = context;
  const passwordHash = await hashPassword(body.password);
  const now = new Date();
  // spec 1 and 3: new members start on Explorer with its free month.
  const trialMonths = tierRules[defaultMembershipTier].freeTrialMonths;

  const result = await db
    .transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: body.email,
          password: passwordHash,
          firstName: body.firstName,
          lastName: body.lastName,
          isAdmin: config.adminEmails.includes(body.email),
          trialEndDate: trialMonths > 0 ? addMonths(now, trialMonths) : null,
        })
        .returning();
      const token = await createSession(tx, user.id, now);
      return { token, user: toCurrentUser(user) };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', errorMessages.emailTaken);
      throw error;
    });

  // A mail that cannot be sent must not undo the account.
  await context.mail
    .send(welcomeMail({ to: body.email, firstName: body.firstName, publicUrl: config.publicUrl }))
    .catch((error: unknown) => context.log.error({ err: error }, 'welcome mail failed'));

  return result;
}
