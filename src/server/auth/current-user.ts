import { describePostcodeLock } from '../../domain/account';
import { textsAreOn } from '../../domain/sms-notifications';
import { rulesForTier } from '../../domain/tiers';
import type { CurrentUser } from '../../domain/user-schemas';
import type { UserRow } from '../db/schema';

/** The member as the pages see them: never the password hash or payment ids. */
export function toCurrentUser(row: UserRow): CurrentUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    membershipTier: rulesForTier(row.membershipTier).tier,
    isAdmin: row.isAdmin,
    isEmailVerified: row.isEmailVerified,
    isPhoneVerified: row.isPhoneVerified,
    isCardVerified: row.isCardVerified,
    phone: row.phone,
    postcode: row.postcode,
    state: row.state,
    suburb: row.suburb,
    postcodeLastChanged: row.postcodeLastChanged?.toISOString() ?? null,
    ...describePostcodeLock(row),
    trialEndDate: row.trialEndDate?.toISOString() ?? null,
    listingLimitNoticeAt: row.listingLimitNoticeAt?.toISOString() ?? null,
    messageMail: row.messageMail,
    insightsMail: row.insightsMail,
    smsNotifications: textsAreOn(row),
    hasPassword: row.password !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
