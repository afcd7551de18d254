// Request and response schemas of reports, moderation and ratings (decision 21).
import { z } from 'zod';
import { fieldLimits } from './limits';
import { moderationActions, moderationLimits, moderationMessages, reportReasons, reportTargetKinds } from './moderation';
import { ratingLimits, ratingMessages } from './ratings';
import { membershipTiers } from './tiers';

const id = z.string().trim().min(1).max(fieldLimits.opaqueIdMax);

/** POST /api/reports: exactly one target, a reason from the list, optional details. */
export const createReportBody = z
  .object({
    listingId: id.optional(),
    memberId: id.optional(),
    conversationId: id.optional(),
    ratingId: id.optional(),
    reason: z.enum(reportReasons, { error: moderationMessages.reasonRequired }),
    details: z.string().trim().max(moderationLimits.detailsMax, moderationMessages.detailsTooLong).optional(),
  })
  .strict()
  .refine((body) => [body.listingId, body.memberId, body.conversationId, body.ratingId].filter((value) => value !== undefined).length === 1, {
    message: moderationMessages.targetRequired,
    path: ['listingId'],
  });
export type CreateReportBody = z.infer<typeof createReportBody>;

export const reportCreatedSchema = z.object({ id: z.string(), message: z.string() });

export const reportsQuery = z.object({
  status: z.enum(['open', 'closed'], { error: 'Choose open or closed reports.' }).default('open'),
});

export const reportIdParams = z.object({ id: z.string().max(fieldLimits.opaqueIdMax) });

/** POST /api/admin/reports/:id/actions. */
export const moderationActionBody = z
  .object({
    action: z.enum(moderationActions, { error: 'Choose an action: dismiss, hide-listing, warn, suspend or remove-rating.' }),
    // One literal of both values (not a union of two): the OpenAPI document can then type it.
    days: z.literal(moderationLimits.suspensionDays, { error: moderationMessages.suspensionDaysInvalid }).nullable().optional(),
    reason: z
      .string({ error: moderationMessages.actionReasonRequired })
      .trim()
      .min(1, moderationMessages.actionReasonRequired)
      .max(moderationLimits.reasonMax, moderationMessages.actionReasonTooLong),
  })
  .strict()
  .refine((body) => body.action !== 'suspend' || body.days !== undefined, { message: moderationMessages.suspensionDaysInvalid, path: ['days'] });
export type ModerationActionBody = z.infer<typeof moderationActionBody>;

const reporterSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  isEmailVerified: z.boolean(),
  isPhoneVerified: z.boolean(),
  isCardVerified: z.boolean(),
});

const reportedMemberSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  membershipTier: z.enum(membershipTiers),
  suspendedUntil: z.string().nullable(),
  suspendedForGood: z.boolean(),
});

/** One reported thing with its open reports, as the admin's queue shows it. */
export const reportGroupSchema = z.object({
  targetKind: z.enum(reportTargetKinds),
  targetId: z.string(),
  /** The report an action is posted against (the newest); an action closes every open report of the group. */
  reportId: z.string(),
  reportCount: z.number(),
  /** Reporters who had earned trust, counted once per network (decision 26): the queue's ranking. */
  trustedReporterCount: z.number(),
  newestAt: z.string(),
  reports: z.array(
    z.object({
      id: z.string(),
      reason: z.enum(reportReasons),
      details: z.string().nullable(),
      createdAt: z.string(),
      status: z.enum(['open', 'closed']),
      /** The reporter had earned trust when they reported. */
      reporterTrusted: z.boolean(),
      reporter: reporterSchema,
    }),
  ),
  /** The member the reports are about (a listing's seller, a rating's author, the reported member). */
  member: reportedMemberSchema.nullable(),
  listing: z
    .object({
      id: z.string(),
      title: z.string(),
      price: z.string(),
      imageUrl: z.string().nullable(),
      hiddenReason: z.string().nullable(),
      isActive: z.boolean(),
      /** Its seller asked for a review: first in the queue. */
      reviewRequested: z.boolean(),
    })
    .nullable(),
  rating: z.object({ id: z.string(), stars: z.number(), comment: z.string().nullable(), removed: z.boolean() }).nullable(),
  /** A reported conversation's messages: the only way an admin reads one. */
  messages: z.array(z.object({ senderId: z.string(), senderName: z.string(), body: z.string(), createdAt: z.string() })).nullable(),
});
export type ReportGroup = z.infer<typeof reportGroupSchema>;

export const moderationResultSchema = z.object({ message: z.string() });

export const memberIdParam = z.object({ id: z.string().max(fieldLimits.opaqueIdMax) });

/** POST /api/ratings. */
export const createRatingBody = z
  .object({
    listingId: id,
    stars: z.number({ error: ratingMessages.starsInvalid }).int(ratingMessages.starsInvalid).min(ratingLimits.minStars, ratingMessages.starsInvalid).max(ratingLimits.maxStars, ratingMessages.starsInvalid),
    comment: z.string().trim().max(ratingLimits.commentMax, ratingMessages.commentTooLong).optional(),
  })
  .strict();
export type CreateRatingBody = z.infer<typeof createRatingBody>;

export const ratingReplyBody = z
  .object({ reply: z.string({ error: ratingMessages.replyRequired }).trim().min(1, ratingMessages.replyRequired).max(ratingLimits.replyMax, ratingMessages.replyTooLong) })
  .strict();

export const ratingSchema = z.object({
  id: z.string(),
  listingId: z.string().nullable(),
  listingTitle: z.string(),
  stars: z.number(),
  comment: z.string().nullable(),
  /** Whether the rater bought (rating the seller) or sold (rating the buyer). */
  raterRole: z.enum(['buyer', 'seller']),
  rater: z.object({ id: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable() }),
  rateeId: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type RatingView = z.infer<typeof ratingSchema>;

/** What the member asking may still do about a listing's exchange (the conversation's rating prompt). */
export const exchangeRatingStateSchema = z.object({
  /** They are the buyer or the seller of a sale through a conversation. */
  canRate: z.boolean(),
  /** Their own rating, once given. */
  given: ratingSchema.nullable(),
  /** Until when they may rate (null when there is no exchange). */
  closesAt: z.string().nullable(),
  /** The other side of the exchange. */
  otherMember: z.object({ id: z.string(), firstName: z.string().nullable() }).nullable(),
});
