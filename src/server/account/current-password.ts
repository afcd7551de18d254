// What a signed-in member proves before changing how they sign in (password, email): their current
// password, when they have one (a member who joined with Google has none).
import { AppError } from '../../domain/errors';
import { passwordFailures, verifyPassword } from '../auth';
import type { UserRow } from '../db/schema';
import type { ServerDeps } from '../deps';

/**
 * A wrong password counts as a failed sign-in of this email from this address (the sign-in page's
 * counter), so a stolen session cannot guess it faster than anyone can at the sign-in page.
 */
export async function confirmCurrentPassword(deps: ServerDeps, input: { member: Pick<UserRow, 'email' | 'password'>; password: string | undefined; address: string }): Promise<void> {
  const { member } = input;
  if (member.password === null) return;
  if (!input.password) throw new AppError('CURRENT_PASSWORD_REQUIRED');
  const failures = passwordFailures(deps, { email: member.email, address: input.address });
  if (!(await failures.admit())) throw new AppError('RATE_LIMITED');
  if (!(await verifyPassword(member.password, input.password))) throw new AppError('WRONG_CURRENT_PASSWORD');
  await failures.clear();
}
