// The signed-in member as the pages see them (GET /api/auth/me), and the answers that carry them.
import { z } from 'zod';
import { membershipTiers } from './tiers';

export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  membershipTier: z.enum(membershipTiers),
  isAdmin: z.boolean(),
  isEmailVerified: z.boolean(),
  isPhoneVerified: z.boolean(),
  isCardVerified: z.boolean(),
  phone: z.string().nullable(),
  postcode: z.string().nullable(),
  state: z.string().nullable(),
  suburb: z.string().nullable(),
  postcodeLastChanged: z.string().nullable(),
  /** While the postcode is locked (spec 4), when it unlocks; else null (account.ts describePostcodeLock). */
  postcodeLockedUntil: z.string().nullable(),
  /** While a first postcode may still be corrected for free, until when; else null. */
  postcodeCorrectionEndsAt: z.string().nullable(),
  trialEndDate: z.string().nullable(),
  /** Set while the member's plan allows fewer active listings than they have (membership.ts listingLimitNotice). */
  listingLimitNoticeAt: z.string().nullable(),
  /** A mail when a message waits unread while the member is away (the setting on /account). */
  messageMail: z.boolean(),
  /** The weekly summary of how the member's listings do (decision 48). */
  insightsMail: z.boolean(),
  /** Texts about messages and instant alerts go to the member's verified phone (decision 33). */
  smsNotifications: z.boolean(),
  /** False for a member who joined with Google and has not set a password: they set one without the current one. */
  hasPassword: z.boolean(),
  createdAt: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const authResponseSchema = z.object({ token: z.string(), user: currentUserSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** A Google sign-in's session, picked up by its landing page: a new member gets the welcome for joining. */
export const googleSignInResponseSchema = authResponseSchema.extend({ isNewMember: z.boolean() });
export type GoogleSignInResponse = z.infer<typeof googleSignInResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
