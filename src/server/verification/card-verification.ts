import { eq } from 'drizzle-orm';
import { accountMessages, type TestCardBody } from '../../domain/account';
import { AppError } from '../../domain/errors';
import { users, type UserRow } from '../db/schema';
import type { OperationContext } from '../deps';

/** A card on file proves a real person; it is checked, never charged, and never stored here. */
export async function verifyCard(context: OperationContext, user: UserRow, card: TestCardBody): Promise<{ message: string }> {
  if (user.isCardVerified) throw new AppError('CONFLICT', accountMessages.cardAlreadyVerified);
  const verified = await context.payments.verifyCard(card);
  await context.db.update(users).set({ isCardVerified: true }).where(eq(users.id, user.id));
  return { message: `${verified.brand} ending ${verified.last4} verified. It won't be charged unless you upgrade.` };
}
