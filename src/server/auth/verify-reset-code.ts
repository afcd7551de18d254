import { eq } from 'drizzle-orm';
import type { ResetVerifyCodeBody } from '../../domain/auth';
import { AppError } from '../../domain/errors';
import { users } from '../db/schema';
import type { ServerDeps } from '../deps';
import { checkCode } from './one-time-codes';

/** Step two of the reset: checks the code without using it up (step three uses it). */
export async function verifyResetCode(deps: ServerDeps, body: ResetVerifyCodeBody) {
  const { db, config } = deps;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, body.email)).limit(1);
  if (!user) throw new AppError('INVALID_CODE');
  await checkCode(db, { userId: user.id, type: 'password_reset', code: body.code, secret: config.appSecret, consume: false });
  return { message: 'Code verified. Now set your new password.' };
}
