// Admin requests (spec sections 5, 6 and 7) with the spec's messages.
import { z } from 'zod';
import { emailField } from './auth';
import { fieldLimits } from './limits';
import { membershipTiers } from './tiers';

/** spec 9: video max 50 MB. */
const maxVideoMegabytes = 50;
export const maxVideoBytes = maxVideoMegabytes * 1024 * 1024;
export const maxVideoNameLength = fieldLimits.videoNameMax;

export const adminMessages = {
  missingInformationTitle: 'Missing Information',
  missingGiftInformation: 'Please provide both email and membership tier.',
  missingEmailTitle: 'Missing Email',
  missingEmail: 'Please enter an email address to invite.',
  missingWordTitle: 'Missing Word',
  missingWord: 'Please enter a word to ban.',
  wordTooLong: `Banned words are at most ${fieldLimits.bannedWordMax} characters.`,
  wordExists: 'That word is already banned.',
  unknownTier: 'Choose a membership tier: starter, explorer, connector or lifetime.',
  unknownUser: 'No member has that email address.',
  userNotFound: 'That member no longer exists.',
  alreadyMember: 'That email already has an account. Gift them a membership instead.',
  missingVideoName: 'Please provide both a video file and a display name.',
  videoTooLargeTitle: 'File Too Large',
  videoTooLarge: `Video file must be smaller than ${maxVideoMegabytes}MB.`,
  videoWrongTypeTitle: 'Invalid File Type',
  videoWrongType: 'Please select a video file.',
  videoNotRecognised: 'That file is not an MP4, WebM or MOV video.',
  videoNotSaved: "We couldn't save that video, please try again",
  videoNotFound: 'Video not found',
  wordNotFound: 'That word is not on the list.',
  inviteInvalid: 'This invitation link is invalid or has expired. Ask for a new one.',
  inviteOtherEmail: 'This invitation is for a different email address.',
} as const;

export const verificationTypes = ['isEmailVerified', 'isPhoneVerified', 'isCardVerified'] as const;
export type VerificationType = (typeof verificationTypes)[number];
export const verificationTypeLabels: Record<VerificationType, string> = {
  isEmailVerified: 'Email',
  isPhoneVerified: 'Phone',
  isCardVerified: 'Card',
};

const tierField = z.enum(membershipTiers, { error: adminMessages.unknownTier });

export const verifyUserBody = z.object({
  userId: z.string({ error: adminMessages.userNotFound }).max(fieldLimits.opaqueIdMax),
  verificationType: z.enum(verificationTypes, { error: 'Choose email, phone or card verification.' }),
});

export const giftMembershipBody = z.object({
  userEmail: z.preprocess((value) => (value === '' ? undefined : value), z.string({ error: adminMessages.missingGiftInformation }).pipe(emailField)),
  membershipTier: z.preprocess((value) => (value === '' ? undefined : value), z.string({ error: adminMessages.missingGiftInformation }).pipe(tierField)),
});

export const inviteUserBody = z.object({
  email: z.preprocess((value) => (value === '' ? undefined : value), z.string({ error: adminMessages.missingEmail }).pipe(emailField)),
  membershipTier: tierField.default('starter'),
});

export const bannedWordBody = z.object({
  word: z.string({ error: adminMessages.missingWord }).trim().min(1, adminMessages.missingWord).max(fieldLimits.bannedWordMax, adminMessages.wordTooLong),
});

export const adminUsersQuery = z.object({
  search: z.string().trim().max(fieldLimits.searchMax).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  membershipTier: z.enum(membershipTiers),
  isAdmin: z.boolean(),
  isEmailVerified: z.boolean(),
  isPhoneVerified: z.boolean(),
  isCardVerified: z.boolean(),
  /** While an admin's suspension holds: its end (null with suspendedForGood, or when not suspended). */
  suspendedUntil: z.string().nullable(),
  suspendedForGood: z.boolean(),
  /** When the account was closed (by the member or an admin); null while open. */
  closedAt: z.string().nullable(),
  createdAt: z.string(),
});
export const adminUsersResponse = z.object({ users: z.array(adminUserSchema), total: z.number(), page: z.number(), pageSize: z.number() });

export const bannedWordSchema = z.object({ id: z.string(), word: z.string(), createdAt: z.string() });

export const homepageVideoSchema = z.object({
  id: z.string(),
  filename: z.string(),
  displayName: z.string(),
  fileSize: z.number(),
  isActive: z.boolean(),
  createdAt: z.string(),
  url: z.string(),
});
export type HomepageVideo = z.infer<typeof homepageVideoSchema>;


export const auditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  actorEmail: z.string().nullable(),
  targetEmail: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});

/** The admin's Jobs card: the job queue's work (mail, the upkeep), and what failed lately. */
export const jobsSummarySchema = z.object({
  queued: z.number(),
  active: z.number(),
  failed: z.number(),
  lastFailures: z.array(z.object({ name: z.string(), error: z.string(), failedAt: z.string() })),
});
export type JobsSummaryView = z.infer<typeof jobsSummarySchema>;

export const invitationSchema = z.object({ email: z.string(), membershipTier: z.enum(membershipTiers), expiresAt: z.string() });

/** An invitation link works for this many days. */
export const invitationLifetimeDays = 7;
