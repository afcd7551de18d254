// Invitations: an admin invites an email on a tier; the single-use link expires in 7 days and
// joining through it gives that tier.
import { and, eq, gt, isNull } from 'drizzle-orm';
import { invitationLifetimeDays } from '../../domain/admin';
import { AppError } from '../../domain/errors';
import { invitationMailLine, invitationSentMessage } from '../../domain/plan-copy';
import { productName } from '../../domain/product';
import type { MembershipTier } from '../../domain/tiers';
import { generateSessionToken, hashSessionToken } from '../auth';
import type { Queryable } from '../db/open-database';
import { invitations, users } from '../db/schema';
import type { ServerDeps } from '../deps';
import { recordAdminAction } from './record-admin-action';

export async function inviteMember(deps: ServerDeps, input: { actor: { id: string; firstName: string | null }; email: string; membershipTier: MembershipTier }) {
  const { db, config } = deps;
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
  if (existing) throw new AppError('ALREADY_A_MEMBER');
  const token = generateSessionToken();
  const expiresAt = new Date(deps.clock.now().getTime() + invitationLifetimeDays * 24 * 60 * 60 * 1000);
  await db.transaction(async (tx) => {
    await tx.insert(invitations).values({ email: input.email, membershipTier: input.membershipTier, tokenHash: hashSessionToken(token), invitedBy: input.actor.id, expiresAt });
    await recordAdminAction(tx, { actorId: input.actor.id, action: 'invite_user', details: { email: input.email, membershipTier: input.membershipTier } });
  });
  const link = `${config.publicUrl}/auth?invite=${token}`;
  await deps.mail.send({
    to: input.email,
    subject: `You're invited to join ${productName}`,
    text: [
      "G'day,",
      '',
      invitationMailLine({ inviterName: input.actor.firstName?.trim() || 'The team', tier: input.membershipTier }),
      `Join with this link (it works once, for ${invitationLifetimeDays} days):`,
      link,
    ].join('\n'),
  });
  return { message: invitationSentMessage(input.email, input.membershipTier) };
}

/** The open invitation behind a link, or null when it is unknown, used or expired. */
export async function findOpenInvitation(db: Queryable, token: string) {
  const [invitation] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.tokenHash, hashSessionToken(token)), isNull(invitations.acceptedAt), gt(invitations.expiresAt, new Date())))
    .limit(1);
  return invitation ?? null;
}

/** Marks the invitation used by this new member; throws when it cannot be used. */
export async function acceptInvitation(tx: Queryable, input: { token: string; email: string; userId: string }): Promise<MembershipTier> {
  const invitation = await findOpenInvitation(tx, input.token);
  if (!invitation) throw new AppError('INVITATION_INVALID');
  if (invitation.email !== input.email) throw new AppError('INVITATION_OTHER_EMAIL');
  const used = await tx
    .update(invitations)
    .set({ acceptedAt: new Date(), acceptedBy: input.userId })
    .where(and(eq(invitations.id, invitation.id), isNull(invitations.acceptedAt)))
    .returning({ id: invitations.id });
  if (used.length === 0) throw new AppError('INVITATION_INVALID');
  return invitation.membershipTier;
}

export async function describeInvitation(deps: ServerDeps, input: { token: string }) {
  const invitation = await findOpenInvitation(deps.db, input.token);
  if (!invitation) throw new AppError('INVITATION_NOT_FOUND');
  return { email: invitation.email, membershipTier: invitation.membershipTier, expiresAt: invitation.expiresAt.toISOString() };
}
