// What the support calls take and answer (decision 32): the admins' inbox, an admin's reply, and a
// member's own messages to our team.
import { z } from 'zod';
import { fieldLimits } from './limits';
import { supportMessages } from './support';
import { supportLevels } from './support-levels';
import { membershipTiers } from './tiers';

export const supportReplyBody = z.object({
  message: z
    .string({ error: supportMessages.replyRequired })
    .trim()
    .min(1, supportMessages.replyRequired)
    .max(fieldLimits.supportReplyMax, `Please keep your reply under ${fieldLimits.supportReplyMax} characters.`),
});
export type SupportReplyBody = z.infer<typeof supportReplyBody>;

export const supportRequestStatuses = ['open', 'answered'] as const;

export const supportReplySchema = z.object({ id: z.string(), message: z.string(), createdAt: z.string() });

/** A member's message to our team as they see it on /account: what they wrote and our replies. */
export const memberSupportRequestSchema = z.object({
  id: z.string(),
  message: z.string(),
  createdAt: z.string(),
  supportLevel: z.enum(supportLevels),
  status: z.enum(supportRequestStatuses),
  replies: z.array(supportReplySchema),
});
export type MemberSupportRequest = z.infer<typeof memberSupportRequestSchema>;

/** A message in the admins' support inbox: who wrote (a member, or a visitor), their plan then, and the replies with who sent them. */
export const adminSupportRequestSchema = memberSupportRequestSchema.extend({
  name: z.string(),
  email: z.string(),
  memberId: z.string().nullable(),
  membershipTier: z.enum(membershipTiers).nullable(),
  answeredAt: z.string().nullable(),
  replies: z.array(supportReplySchema.extend({ adminEmail: z.string().nullable() })),
});
export type AdminSupportRequest = z.infer<typeof adminSupportRequestSchema>;
