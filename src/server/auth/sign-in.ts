import { eq } from 'drizzle-orm';
import type { LoginBody } from '../../domain/auth';
import { AppError, errorMessages } from '../../domain/errors';
import type { AuthResponse } from '../../domain/user-schemas';
import { users } from '../db/schema';
import type { OperationContext } from '../deps';
import { toCurrentUser } from './current-user';
import { verifyPassword } from './passwords';
import { createSession } from './sessions';

/** The same answer, in the same time, for an unknown email and a wrong password. */
export async function signIn(context: OperationContext, body: LoginBody): Promise<AuthResponse> {
  const { db } = context;
  const [user] = await db.select().from(users).where(eq(users.email, body.email)).limit(1);
  const passwordMatches = await verifyPassword(user?.password ?? null, body.password);
  if (!user || !passwordMatches) throw new AppError('INVALID_CREDENTIALS', errorMessages.invalidCredentials);
  const token = await createSession(db, user.id);
  return { token, user: toCurrentUser(user) };
}
