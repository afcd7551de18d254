// Who a Google sign-in is (decision 11): the member linked to that Google account; else the
// account with the address Google verified, now linked to it; else a new member, made as
// registration makes one.
import { eq } from 'drizzle-orm';
import { isAppError } from '../../domain/errors';
import { namesFromGoogleProfile } from '../../domain/google-profile';
import { defaultMembershipTier, type MembershipTier } from '../../domain/tiers';
import { acceptInvitation } from '../admin';
import { isUniqueViolation } from '../db/errors';
import type { Queryable } from '../db/open-database';
import { writeTransaction } from '../db/write-transaction';
import { users, type UserRow } from '../db/schema';
import type { ServerDeps } from '../deps';
import { grantConfiguredAdmin } from './configured-admins';
import { GoogleSignInRefused, type GoogleIdentity } from './google-identity-provider';
import { newMemberTrialEnd, sendWelcomeMail } from './register-member';
import { revokeUserSessions } from './sessions';

export type GoogleMember = { userId: string; isNewMember: boolean };

async function findMember(tx: Queryable, column: typeof users.googleId | typeof users.email, value: string): Promise<UserRow | undefined> {
  const [user] = await tx.select().from(users).where(eq(column, value)).limit(1);
  return user;
}

/**
 * Links the account with Google's verified address to the Google account. Google has proved the
 * mailbox, so the email counts as verified (and ADMIN_EMAILS may now apply). If the account had
 * never proved it, whoever registered it need not own it: their password and sessions end, so
 * someone who registered another person's address first keeps no way in. The owner can add a
 * password with "Forgot Password?".
 */
async function linkGoogleAccount(tx: Queryable, adminEmails: string[], member: UserRow, identity: GoogleIdentity): Promise<void> {
  const provedBefore = member.isEmailVerified;
  await tx
    .update(users)
    .set({ googleId: identity.subject, isEmailVerified: true, ...(provedBefore ? {} : { password: null }) })
    .where(eq(users.id, member.id));
  if (!provedBefore) await revokeUserSessions(tx, member.id);
  await grantConfiguredAdmin(tx, adminEmails, member.id);
}

/** An invitation's plan for a new member Google made; a link that is no longer open, or for another address, stops the sign-in. */
async function acceptGoogleInvitation(tx: Queryable, input: { token: string; email: string; userId: string }): Promise<MembershipTier> {
  try {
    return await acceptInvitation(tx, input);
  } catch (error) {
    if (isAppError(error) && error.code === 'INVITATION_OTHER_EMAIL') throw new GoogleSignInRefused('invitation-other-email');
    if (isAppError(error) && error.code === 'INVITATION_INVALID') throw new GoogleSignInRefused('invitation-invalid');
    throw error;
  }
}

async function findOrCreateMember(deps: ServerDeps, identity: GoogleIdentity, inviteToken: string | undefined): Promise<GoogleMember & { firstName: string }> {
  const { config } = deps;
  return writeTransaction(deps, async (tx, changes) => {
    const linked = await findMember(tx, users.googleId, identity.subject);
    if (linked) return { userId: linked.id, isNewMember: false, firstName: linked.firstName ?? '' };

    const sameEmail = await findMember(tx, users.email, identity.email);
    if (sameEmail) {
      // Linked to another Google account already: the address moved between Google accounts, and
      // only the member's password can say this is still them.
      if (sameEmail.googleId) throw new GoogleSignInRefused('account-conflict');
      await linkGoogleAccount(tx, config.adminEmails, sameEmail, identity);
      changes.touch('members', sameEmail.id);
      
      return { userId: sameEmail.id, isNewMember: false, firstName: sameEmail.firstName ?? '' };
    }

    const { firstName, lastName } = namesFromGoogleProfile(identity);
    const [created] = await tx
      .insert(users)
      .values({
        email: identity.email,
        password: null,
        authMethod: 'google',
        googleId: identity.subject,
        firstName,
        lastName,
        isEmailVerified: true,
        trialEndDate: newMemberTrialEnd(deps.clock.now()),
      })
      .returning({ id: users.id });
    if (inviteToken) {
      // Joining through an admin's invitation with Google, as the form does: the invited plan.
      const membershipTier = await acceptGoogleInvitation(tx, { token: inviteToken, email: identity.email, userId: created.id });
      if (membershipTier !== defaultMembershipTier) await tx.update(users).set({ membershipTier, trialEndDate: null }).where(eq(users.id, created.id));
    }
    await grantConfiguredAdmin(tx, config.adminEmails, created.id);
    changes.touch('members', created.id);
    return { userId: created.id, isNewMember: true, firstName };
  });
}

/** The member a verified Google identity signs in as; a new member is welcomed by mail. */
export async function signInWithGoogle(deps: ServerDeps, identity: GoogleIdentity, options: { inviteToken?: string } = {}): Promise<GoogleMember> {
  const member = await findOrCreateMember(deps, identity, options.inviteToken).catch((error: unknown) => {
    // The same person's two tabs (or a registration) made the account a moment ago: use it.
    if (isUniqueViolation(error)) return findOrCreateMember(deps, identity, options.inviteToken);
    throw error;
  });
  if (member.isNewMember) await sendWelcomeMail(deps, { email: identity.email, firstName: member.firstName });
  return { userId: member.userId, isNewMember: member.isNewMember };
}
