import { eq } from 'drizzle-orm';
import type { ResetConfirmBody } from '../../domain/auth';
import { AppError } from '../../domain/errors';
import type { AuthResponse } from '../../domain/user-schemas';
import { users } from '../db/schema';
import { writeTransaction } from '../db/write-transaction';
import type { ServerDeps } from '../deps';
import { admitMember } from '../moderation';
import { toCurrentUser } from './current-user';
import { checkCode } from './one-time-codes';
import { hashPassword } from './passwords';
import { createSession, revokeUserSessions, type SessionOrigin } from './sessions';

/** Sets the new password, signs the member out everywhere else and signs them in here. */
export async function confirmPasswordReset(deps: ServerDeps, body: ResetConfirmBody, origin: SessionOrigin = {}): Promise<AuthResponse> {
  const { db, config } = deps;
  const [user] = await db.select().from(users).where(eq(users.email, body.email)).limit(1);
  if (!user) throw new AppError('INVALID_CODE');
  const passwordHash = await hashPassword(body.password);
  // A wrong guess is counted outside the transaction, so a rollback cannot refund it.
  await checkCode(db, { userId: user.id, type: 'password_reset', code: body.code, secret: config.appSecret, consume: true });
  // A suspended member may not sign in this way either (their password stays as it was).
  await admitMember(deps, user);
  return writeTransaction(deps, async (tx, changes) => {
    const [updated] = await tx.update(users).set({ password: passwordHash }).where(eq(users.id, user.id)).returning();
    await revokeUserSessions(tx, user.id);
    changes.touch('members', user.id);
    // Every other session was just revoked (the member's key tells every cache): nothing more ends.
    const { token } = await createSession(tx, user.id, origin);
    return { token, user: toCurrentUser(updated) };
  });
}
