// PUT /api/user/phone: saving a different number un-verifies the phone until the new number is confirmed,
// and turns texts off (decision 33: they go only to the number they were turned on for).
import { eq } from 'drizzle-orm';
import type { CurrentUser } from '../../domain/user-schemas';
import { toCurrentUser } from '../auth';
import { users, type UserRow } from '../db/schema';
import { touchMemberListings, writeTransaction } from '../db/write-transaction';
import type { ServerDeps } from '../deps';

export async function updatePhone(deps: ServerDeps, input: { member: UserRow; phone: string }): Promise<CurrentUser> {
  if (input.phone === input.member.phone) return toCurrentUser(input.member);
  return writeTransaction(deps, async (tx, changes) => {
    const [updated] = await tx.update(users).set({ phone: input.phone, isPhoneVerified: false, smsPhone: null }).where(eq(users.id, input.member.id)).returning();
    changes.touch('members', input.member.id);
    if (input.member.isPhoneVerified) await touchMemberListings(tx, changes, input.member.id);
    return toCurrentUser(updated);
  });
}
