import { eq } from 'drizzle-orm';
import { signInPolicy, type LoginBody } from '../../domain/auth';
import { AppError } from '../../domain/errors';
import type { AuthResponse } from '../../domain/user-schemas';
import { users } from '../db/schema';
import type { ServerDeps } from '../deps';
import { admitMember } from '../moderation';
import { toCurrentUser } from './current-user';
import { verifyPassword } from './passwords';
import { createSession } from './sessions';

/**
 * The same answer, in the same time, for an unknown email and a wrong password.
 * Wrong passwords are counted per email and client address together, so a guesser elsewhere
 * cannot lock the owner out; a pair that reaches the limit is refused whatever the password
 * until its window passes, and a success wipes its count.
 */
export async function signIn(deps: ServerDeps, input: LoginBody & { address: string }): Promise<AuthResponse> {
  const { db } = deps;
  const failures = deps.limits.failures('sign-in', signInPolicy.maxFailures, signInPolicy.windowMinutes * 60_000);
  // The email arrives lower-cased by emailField, so one address cannot dodge the count by case.
  const pair = `${input.email} ${input.address}`;
  if (!(await failures.admit(pair))) throw new AppError('RATE_LIMITED');

  const [user] = await db.select().from(users).where(eq(users.email, input.email)).limit(1);
  const passwordMatches = await verifyPassword(user?.password ?? null, input.password);
  if (!user || !passwordMatches) throw new AppError('INVALID_CREDENTIALS');
  await failures.clear(pair);
  // Only with the right password does anyone learn the account is suspended.
  await admitMember(deps, user);
  const token = await createSession(db, user.id);
  return { token, user: toCurrentUser(user) };
}
