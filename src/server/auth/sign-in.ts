import { eq } from 'drizzle-orm';
import { signInPolicy, type LoginBody } from '../../domain/auth';
import { AppError, errorMessages } from '../../domain/errors';
import type { AuthResponse } from '../../domain/user-schemas';
import { users } from '../db/schema';
import { changeKeys } from '../db/write-transaction';
import type { ServerDeps } from '../deps';
import { admitMember } from '../moderation';
import { toCurrentUser } from './current-user';
import { passwordFailures } from './password-failures';
import { verifyPassword } from './passwords';
import { createSession, type SessionOrigin } from './sessions';

const windowMs = signInPolicy.windowMinutes * 60_000;
const accountKey = (email: string) => `sign-in:account:${email}`;

/**
 * Guesses at one account from many addresses (decision 26): past the account's budget, addresses
 * the member has never signed in from share one try every few seconds. The owner is slowed at
 * worst, never locked out: known addresses pass, and a password reset signs them in.
 */
async function slowAccountGuessing(deps: ServerDeps, email: string): Promise<void> {
  const { counters } = deps.limits;
  const attempts = await counters.count(accountKey(email), windowMs);
  if (attempts <= signInPolicy.accountAttemptsBeforeSlowing * deps.config.rateLimitMultiplier) return;
  if ((await counters.count(`sign-in:slowed:${email}`, signInPolicy.slowedAttemptSeconds * 1000)) > 1) {
    throw new AppError('RATE_LIMITED', errorMessages.signInSlowed);
  }
}

/**
 * The same answer, in the same time, for an unknown email and a wrong password.
 * Wrong passwords are counted per email and client address together, so a guesser elsewhere
 * cannot lock the owner out; a pair that reaches the limit is refused whatever the password
 * until its window passes, and a success wipes its count. Guesses from many addresses at once
 * are slowed per account.
 */
export async function signIn(deps: ServerDeps, input: LoginBody & { address: string }, origin: SessionOrigin = {}): Promise<AuthResponse> {
  const { db } = deps;
  // The email arrives lower-cased by emailField, so one address cannot dodge the count by case.
  const failures = passwordFailures(deps, input);
  const { pair } = failures;
  if (!(await failures.admit())) throw new AppError('RATE_LIMITED');
  const knownKey = `sign-in:known:${pair}`;
  const known = await deps.limits.counters.isMarked(knownKey);
  if (!known) await slowAccountGuessing(deps, input.email);

  const [user] = await db.select().from(users).where(eq(users.email, input.email)).limit(1);
  const passwordMatches = await verifyPassword(user?.password ?? null, input.password);
  if (!user || !passwordMatches) throw new AppError('INVALID_CREDENTIALS');
  await failures.clear();
  // The owner's own sign-ins from a new place are no guesses.
  if (!known) await deps.limits.counters.uncount(accountKey(input.email));
  await deps.limits.counters.mark(knownKey, signInPolicy.knownAddressDays * 24 * 60 * 60 * 1000);
  // Only with the right password does anyone learn the account is suspended.
  await admitMember(deps, user);
  const { token, ended } = await createSession(db, user.id, origin);
  // Sessions the member's fiftieth-odd sign-in ended are refused at once on every server, not when their cache entry expires.
  await deps.contentVersion.publish(ended.map(changeKeys.session));
  return { token, user: toCurrentUser(user) };
}
