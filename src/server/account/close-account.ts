// Closing an account (decision 37), by the member (DELETE /api/user) or an admin from the Users card
// (audit-logged). At once: any paid plan is cancelled with the payment provider, every session ends,
// the listings are deleted (their pages answer 410; browse, search, the map and the sitemap lose them
// on every server through the change keys), saved things go, the email is free to register again and
// the member is "Former member" to everyone they dealt with; no mail goes to them again (their
// address is replaced by one that cannot receive mail). Conversations and ratings stay for the other
// member. What is left of their details is erased by the hourly upkeep after closedAccountKeepDays.
import { and, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { uuidPattern } from '../../domain/listing';
import { closeAccountMessages, closedAccountKeepDays, formerMemberName, type CloseAccountBody } from '../../domain/your-data';
import { revokeUserSessions } from '../auth';
import { announceConversations, type TalkingMembers } from '../conversations';
import {
  contactMessages,
  conversations,
  favourites,
  listings,
  memberBlocks,
  reports,
  savedSearches,
  subscriptions,
  supportRequests,
  uploadedImages,
  users,
  verificationCodes,
  type UserRow,
} from '../db/schema';
import { writeTransaction } from '../db/write-transaction';
import type { ServerDeps } from '../deps';
import { changePostcodeCount } from '../map';
import { recordAdminAction } from '../admin';
import { mediaKeyFromUrl } from '../services/storage';
import { confirmCurrentPassword } from './current-password';
import { removeMemberDataExports } from './data-export';

const dayMs = 24 * 60 * 60 * 1000;

/** Plans the provider may still charge for. */
const chargeableStatuses = ['incomplete', 'trialing', 'active', 'past_due'] as const;

/** An address no mail can reach (.invalid is reserved for that), unique to the account so the email column stays unique. */
export function closedAccountEmail(memberId: string): string {
  return `former-member-${memberId}@closed.invalid`;
}

export type ClosedBy = { kind: 'member'; password: CloseAccountBody['password']; address: string } | { kind: 'admin'; adminId: string; reason: string };

async function memberToClose(deps: ServerDeps, memberId: string): Promise<UserRow> {
  if (!uuidPattern.test(memberId)) throw new AppError('MEMBER_NOT_FOUND');
  const [member] = await deps.db.select().from(users).where(eq(users.id, memberId)).limit(1);
  if (!member) throw new AppError('MEMBER_NOT_FOUND');
  return member;
}

/** Refuses what may not be closed, before anything changes. */
async function assertMayClose(deps: ServerDeps, member: UserRow, by: ClosedBy): Promise<void> {
  if (member.closedAt) throw new AppError('ACCOUNT_ALREADY_CLOSED');
  if (by.kind === 'admin') {
    if (member.isAdmin) throw new AppError('CLOSE_ADMIN');
    return;
  }
  await confirmCurrentPassword(deps, { member, password: by.password, address: by.address });
  if (member.isAdmin) {
    const [other] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isAdmin, true), ne(users.id, member.id), isNull(users.closedAt)))
      .limit(1);
    if (!other) throw new AppError('LAST_ADMIN');
  }
}

export async function closeAccount(deps: ServerDeps, input: { memberId: string; by: ClosedBy }): Promise<{ message: string }> {
  const member = await memberToClose(deps, input.memberId);
  await assertMayClose(deps, member, input.by);

  // The provider first: if it cannot be reached, nothing has changed and the member can try again.
  const paid = await deps.db
    .select({ id: subscriptions.id, providerSubscriptionId: subscriptions.providerSubscriptionId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, member.id), inArray(subscriptions.status, chargeableStatuses)));
  for (const plan of paid) await deps.payments.cancelSubscription(plan.providerSubscriptionId);

  const talking: TalkingMembers = (
    await deps.db
      .select({ id: conversations.id, buyerId: conversations.buyerId, sellerId: conversations.sellerId })
      .from(conversations)
      .where(or(eq(conversations.buyerId, member.id), eq(conversations.sellerId, member.id)))
  ).map((row) => ({ conversationId: row.id, memberIds: [row.buyerId, row.sellerId] }));

  const now = deps.clock.now();
  await writeTransaction(deps, async (tx, changes) => {
    const [locked] = await tx.select({ closedAt: users.closedAt }).from(users).where(eq(users.id, member.id)).for('update');
    if (!locked || locked.closedAt) throw new AppError('ACCOUNT_ALREADY_CLOSED');
    const own = await tx.select().from(listings).where(eq(listings.sellerId, member.id));
    for (const listing of own) {
      changes.touchListing(listing);
      if (listing.isActive) await changePostcodeCount(tx, listing, -1);
    }
    // The trigger of migration 0025 records each in removed_listings: their pages answer 410.
    if (own.length > 0) await tx.delete(listings).where(eq(listings.sellerId, member.id));
    await tx.delete(favourites).where(eq(favourites.userId, member.id));
    await tx.delete(savedSearches).where(eq(savedSearches.userId, member.id));
    await tx.delete(memberBlocks).where(or(eq(memberBlocks.blockerId, member.id), eq(memberBlocks.blockedId, member.id)));
    await tx.delete(verificationCodes).where(eq(verificationCodes.userId, member.id));
    await revokeUserSessions(tx, member.id);
    await tx
      .update(subscriptions)
      .set({ status: 'cancelled', scheduledTier: null })
      .where(and(eq(subscriptions.userId, member.id), inArray(subscriptions.status, chargeableStatuses)));
    await tx
      .update(users)
      .set({
        email: closedAccountEmail(member.id),
        password: null,
        googleId: null,
        firstName: formerMemberName,
        lastName: null,
        profileImageUrl: null,
        smsPhone: null,
        messageMail: false,
        insightsMail: false,
        isAdmin: false,
        membershipTier: 'starter',
        trialEndDate: null,
        listingLimitNoticeAt: null,
        stripeSubscriptionId: null,
        closedAt: now,
      })
      .where(eq(users.id, member.id));
    if (input.by.kind === 'admin') {
      await recordAdminAction(tx, { actorId: input.by.adminId, action: 'close_account', targetUserId: member.id, details: { reason: input.by.reason } });
    }
    // The session cache holds each signed-in member by their row: every server drops theirs.
    changes.touch('members', member.id);
  });

  await removeMemberDataExports(deps, member.id);
  // Open threads with them refresh: the other member sees "Former member", and that nothing more can be sent.
  await announceConversations(deps, talking);
  deps.log.info({ member: member.id, by: input.by.kind }, 'an account was closed');
  return { message: input.by.kind === 'admin' ? closeAccountMessages.adminClosed(displayName(member)) : closeAccountMessages.closed };
}

function displayName(member: Pick<UserRow, 'firstName' | 'lastName' | 'email'>): string {
  return [member.firstName, member.lastName].filter(Boolean).join(' ') || member.email;
}

/**
 * The hourly upkeep: closed accounts past their keeping time lose what is left of their details
 * (phone, where they live, their photos, their messages to our team and their codes). What stays
 * has no name: payment records (for tax), their messages in others' conversations, ratings, and
 * reports they made, which moderation acted on. Says how many accounts were erased.
 */
export async function eraseClosedAccounts(deps: Pick<ServerDeps, 'db' | 'storage' | 'clock' | 'log'>): Promise<number> {
  const due = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(lte(users.closedAt, new Date(deps.clock.now().getTime() - closedAccountKeepDays * dayMs)), isNull(users.erasedAt)))
    .limit(200);
  let erased = 0;
  for (const { id } of due) {
    const photos = await deps.db.select({ url: uploadedImages.url, thumbnailUrl: uploadedImages.thumbnailUrl }).from(uploadedImages).where(eq(uploadedImages.ownerId, id));
    try {
      for (const photo of photos) {
        for (const url of [photo.url, photo.thumbnailUrl]) {
          const key = mediaKeyFromUrl(url);
          if (key) await deps.storage.remove(key);
        }
      }
    } catch (error) {
      deps.log.warn({ err: error, member: id }, "a closed account's photos could not all be removed; the next run tries again");
      continue;
    }
    await deps.db.transaction(async (tx) => {
      await tx.delete(uploadedImages).where(eq(uploadedImages.ownerId, id));
      await tx.delete(supportRequests).where(eq(supportRequests.memberId, id));
      await tx.delete(contactMessages).where(or(eq(contactMessages.buyerId, id), eq(contactMessages.sellerId, id)));
      await tx.delete(verificationCodes).where(eq(verificationCodes.userId, id));
      await tx.update(reports).set({ details: null, reporterNetwork: null }).where(eq(reports.reporterId, id));
      await tx
        .update(users)
        .set({
          phone: null,
          postcode: null,
          suburb: null,
          state: null,
          location: null,
          postcodeLastChanged: null,
          suspensionReason: null,
          smsDay: null,
          erasedAt: sql`now()`,
        })
        .where(eq(users.id, id));
    });
    erased += 1;
  }
  return erased;
}
