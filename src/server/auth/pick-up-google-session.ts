import { eq } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { googleSignInProblems } from '../../domain/google-sign-in';
import type { GoogleSignInResponse } from '../../domain/user-schemas';
import { users } from '../db/schema';
import { changeKeys } from '../db/write-transaction';
import type { ServerDeps } from '../deps';
import { admitMember } from '../moderation';
import { toCurrentUser } from './current-user';
import { redeemGoogleHandOff } from './google-hand-off';
import type { GoogleSignedIn } from './google-sign-in-cookie';
import { createSession, type SessionOrigin } from './sessions';

/**
 * The landing page's half of a Google sign-in: the session for the member the sign-in cookie names,
 * made only now, so a page that never loads leaves no session behind (decision 11), and only for the
 * hand-off the server recorded at Google's return, once.
 */
export async function pickUpGoogleSession(deps: ServerDeps, signedIn: GoogleSignedIn | null, origin: SessionOrigin = {}): Promise<GoogleSignInResponse> {
  const redeemed =
    signedIn !== null &&
    (await redeemGoogleHandOff(deps.db, { userId: signedIn.userId, token: signedIn.handOff, secret: deps.config.appSecret, now: deps.clock.now() }));
  const [user] = redeemed ? await deps.db.select().from(users).where(eq(users.id, signedIn.userId)).limit(1) : [];
  if (!signedIn || !user) throw new AppError('INVALID_CODE', googleSignInProblems.expired);
  await admitMember(deps, user);
  const { token, ended } = await createSession(deps.db, user.id, origin);
  await deps.contentVersion.publish(ended.map(changeKeys.session));
  return { token, user: toCurrentUser(user), isNewMember: signedIn.isNewMember };
}
