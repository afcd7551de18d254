// The admin's view of members: list and search, force a verification, gift a tier.
import { count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { adminMessages, verificationTypeLabels, type VerificationType } from '../../domain/admin';
import { AppError } from '../../domain/errors';
import { uuidPattern } from '../../domain/listing';
import { tierRules, type MembershipTier } from '../../domain/tiers';
import type { Database } from '../db/open-database';
import { users } from '../db/schema';
import { recordAdminAction } from './record-admin-action';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

export async function listMembers(db: Database, query: { search?: string; page: number; pageSize: number }) {
  const pattern = query.search ? `%${escapeLike(query.search)}%` : null;
  const where = pattern
    ? or(ilike(users.email, pattern), ilike(users.firstName, pattern), ilike(users.lastName, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern))
    : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return {
    users: rows.map((user) => ({
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      membershipTier: user.membershipTier,
      isAdmin: user.isAdmin,
      isEmailVerified: user.isEmailVerified,
      isPhoneVerified: user.isPhoneVerified,
      isCardVerified: user.isCardVerified,
      createdAt: user.createdAt.toISOString(),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function verifyMember(db: Database, input: { actorId: string; userId: string; verificationType: VerificationType }) {
  if (!uuidPattern.test(input.userId)) throw new AppError('NOT_FOUND', adminMessages.userNotFound);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ [input.verificationType]: true })
      .where(eq(users.id, input.userId))
      .returning({ id: users.id, email: users.email });
    if (!user) throw new AppError('NOT_FOUND', adminMessages.userNotFound);
    await recordAdminAction(tx, { actorId: input.actorId, action: 'verify_user', targetUserId: user.id, details: { verificationType: input.verificationType } });
    return { message: `${verificationTypeLabels[input.verificationType]} verified for ${user.email}.` };
  });
}

export async function giftMembership(db: Database, input: { actorId: string; userEmail: string; membershipTier: MembershipTier }) {
  return db.transaction(async (tx) => {
    // A gift is a decision, not a trial: it never reverts on its own.
    const [user] = await tx
      .update(users)
      .set({ membershipTier: input.membershipTier, trialEndDate: null })
      .where(eq(users.email, input.userEmail))
      .returning({ id: users.id, email: users.email });
    if (!user) throw new AppError('NOT_FOUND', adminMessages.unknownUser);
    await recordAdminAction(tx, { actorId: input.actorId, action: 'gift_membership', targetUserId: user.id, details: { membershipTier: input.membershipTier } });
    return { message: `${user.email} now has ${tierRules[input.membershipTier].label} membership.` };
  });
}
