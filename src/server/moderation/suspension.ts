// Suspension (decision 21): a suspended member cannot sign in (the message gives the end date and
// the way to appeal), their sessions end, their listings leave every public page, and they cannot
// message. Lifting it, by an admin or by its end date passing, restores all of it.
import { and, eq, isNotNull, lte } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { moderationMessages, suspensionHolds } from '../../domain/moderation';
import { revokeUserSessions } from '../auth';
import type { Queryable } from '../db/open-database';
import { listings, users, type UserRow } from '../db/schema';
import { writeTransaction, type Changes } from '../db/write-transaction';
import type { ServerDeps } from '../deps';
import { applyPlanLimits } from '../membership';
import { hideListings, showHiddenListings } from './hide-listings';

type Suspendable = Pick<UserRow, 'suspendedAt' | 'suspendedUntil'>;

/** The refusal a suspended member meets, in the product's words. */
export function suspendedError(member: Suspendable): AppError {
  return new AppError(
    'ACCOUNT_SUSPENDED',
    member.suspendedUntil ? moderationMessages.suspendedUntil(member.suspendedUntil) : moderationMessages.suspendedForGood,
  );
}

/**
 * Before a session is made (sign-in, Google, a password reset): refuses a member whose suspension
 * holds, and lifts one whose end has passed (so their listings are back before they look).
 */
export async function admitMember(deps: ServerDeps, member: UserRow): Promise<void> {
  if (member.suspendedAt === null) return;
  if (suspensionHolds(member, deps.clock.now())) throw suspendedError(member);
  await writeTransaction(deps, (tx, changes) => liftSuspensionIn(tx, changes, member.id));
}

/** Suspends a member (in the admin's transaction): sessions end, listings hide. `until` null is for good. */
export async function suspendMemberIn(tx: Queryable, changes: Changes, input: { memberId: string; until: Date | null; reason: string; now: Date }): Promise<void> {
  const [member] = await tx.select().from(users).where(eq(users.id, input.memberId)).for('update');
  if (!member) throw new AppError('MEMBER_NOT_FOUND');
  if (member.isAdmin) throw new AppError('SUSPEND_ADMIN');
  await tx
    .update(users)
    .set({ suspendedAt: input.now, suspendedUntil: input.until, suspensionReason: input.reason })
    .where(eq(users.id, member.id));
  const active = await tx.select().from(listings).where(and(eq(listings.sellerId, member.id), eq(listings.isActive, true)));
  await hideListings(tx, changes, { listings: active, reason: 'suspension', now: input.now });
  await revokeUserSessions(tx, member.id);
  changes.touch('members', member.id);
  
}

/** Lifts a member's suspension (in the caller's transaction); says whether there was one. */
export async function liftSuspensionIn(tx: Queryable, changes: Changes, memberId: string): Promise<boolean> {
  const [member] = await tx.select().from(users).where(eq(users.id, memberId)).for('update');
  if (!member) throw new AppError('MEMBER_NOT_FOUND');
  if (member.suspendedAt === null) return false;
  await tx.update(users).set({ suspendedAt: null, suspendedUntil: null, suspensionReason: null }).where(eq(users.id, member.id));
  await showHiddenListings(tx, changes, { sellerId: member.id, reason: 'suspension' });
  // Their plan may have changed meanwhile (a trial ended): more listings than it allows wait for their choice, as after any plan change.
  await applyPlanLimits(tx, member.id, { restorePaused: false });
  changes.touch('members', member.id);
  return true;
}

/** The hourly upkeep: suspensions whose end has passed are lifted. Says how many. */
export async function liftEndedSuspensions(deps: Pick<ServerDeps, 'db' | 'contentVersion' | 'clock'>): Promise<number> {
  const ended = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(isNotNull(users.suspendedAt), isNotNull(users.suspendedUntil), lte(users.suspendedUntil, deps.clock.now())));
  for (const member of ended) await writeTransaction(deps, (tx, changes) => liftSuspensionIn(tx, changes, member.id));
  return ended.length;
}
