// ADMIN_EMAILS names the accounts that are admins, but an address proves nothing until its owner
// has read mail sent to it: anyone can register any address. So the setting grants admin rights
// only to an account whose email is verified; until then it is a member like any other.
import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../db/open-database';
import { users } from '../db/schema';

/** Called wherever an email becomes verified: the account becomes an admin if ADMIN_EMAILS names it. */
export async function grantConfiguredAdmin(db: Queryable, adminEmails: string[], userId: string): Promise<void> {
  if (adminEmails.length === 0) return;
  await db
    .update(users)
    .set({ isAdmin: true })
    .where(and(eq(users.id, userId), eq(users.isEmailVerified, true), inArray(users.email, adminEmails)));
}

/**
 * At start-up: the verified accounts ADMIN_EMAILS names are admins, and one it names that has not
 * proved its address (registered by whoever got there first) is not.
 */
export async function syncConfiguredAdmins(db: Queryable, adminEmails: string[]): Promise<void> {
  if (adminEmails.length === 0) return;
  await db.update(users).set({ isAdmin: true }).where(and(inArray(users.email, adminEmails), eq(users.isEmailVerified, true)));
  await db.update(users).set({ isAdmin: false }).where(and(inArray(users.email, adminEmails), eq(users.isEmailVerified, false)));
}
