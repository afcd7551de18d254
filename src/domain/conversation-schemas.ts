// The conversation calls' schemas (api-schemas.ts names them per endpoint).
import { z } from 'zod';
import { conversationListingStatuses, conversationMessages, hasControlCharacter, messageTextProblem } from './conversations';
import { fieldLimits } from './limits';
import { offerMessages, offerStatuses, offerSteps } from './offers';
import { pickupMessages, pickupPlaceProblem } from './pickups';
import { moneyField } from './listing-schemas';

/** A message's text, as the composer checks it before sending and the server when it arrives. */
export const messageText = z
  .string({ error: conversationMessages.messageRequired })
  .trim()
  .superRefine((text, context) => {
    const problem = messageTextProblem(text);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** POST /api/listings/:id/conversations: the first message, typed on the listing page. */
export const startConversationBody = z.object({ message: messageText });
export type StartConversationBody = z.infer<typeof startConversationBody>;

/** POST /api/conversations/:id/messages. */
export const sendMessageBody = z.object({ body: messageText });
export type SendMessageBody = z.infer<typeof sendMessageBody>;

/** POST /api/conversations/:id/offers and POST /api/offers/:id/counter. */
export const offerAmountBody = z.object({ amount: moneyField({ required: offerMessages.amountRequired, invalid: offerMessages.amountInvalid }) });
export type OfferAmountBody = z.infer<typeof offerAmountBody>;

export const offerIdParams = z.object({ id: z.string().max(fieldLimits.opaqueIdMax) });

/** POST /api/conversations/:id/pickups: a time (ISO 8601 with its offset) and a place to meet (decision 47). */
export const proposePickupBody = z.object({
  at: z.iso.datetime({ offset: true, error: pickupMessages.timeRequired }),
  place: z
    .string({ error: pickupMessages.placeRequired })
    .trim()
    .superRefine((place, context) => {
      const problem = pickupPlaceProblem(place) ?? (hasControlCharacter(place) ? conversationMessages.messageControlCharacter : null);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
});
export type ProposePickupBody = z.infer<typeof proposePickupBody>;

export const pickupIdParams = z.object({ id: z.string().max(fieldLimits.opaqueIdMax) });

export const conversationIdParams = z.object({ id: z.string().max(fieldLimits.opaqueIdMax) });
export const memberIdParams = z.object({ memberId: z.string().max(fieldLimits.opaqueIdMax) });

/**
 * Where a page of the inbox ends: the last conversation's activity time (to the millisecond) and id.
 * GET /api/conversations?before=<cursor> answers the page after it.
 */
export type InboxCursor = { updatedAt: string; id: string };
const inboxCursorPattern = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

export function inboxCursorOf(summary: Pick<ConversationSummary, 'updatedAt' | 'id'>): string {
  return `${summary.updatedAt}_${summary.id}`;
}

export function parseInboxCursor(text: string): InboxCursor | null {
  const match = inboxCursorPattern.exec(text);
  return match && !Number.isNaN(Date.parse(match[1])) ? { updatedAt: match[1], id: match[2].toLowerCase() } : null;
}

/** GET /api/conversations?before=: the inbox page after the conversation the cursor names (the newest page without it). */
export const inboxQuery = z.object({
  before: z
    .string()
    .max(fieldLimits.opaqueIdMax)
    .refine((text) => parseInboxCursor(text) !== null, conversationMessages.inboxCursorInvalid)
    .optional(),
});

/** GET /api/conversations/:id/messages?before=<message id>: the page of messages before that one (the newest page without it). */
export const threadQuery = z.object({ before: z.string().max(fieldLimits.opaqueIdMax).optional() });

export const conversationMemberSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  isEmailVerified: z.boolean(),
  isPhoneVerified: z.boolean(),
  isCardVerified: z.boolean(),
  /** The member closed their account: shown as "Former member", and nothing more can be sent to them. */
  hasLeft: z.boolean(),
});
export type ConversationMember = z.infer<typeof conversationMemberSchema>;

/**
 * An offer as a message of the thread carries it: the step that message records and the offer's
 * state now (`status` follows the offer after the message was written: an "Offered $120" message
 * reads `accepted` once it is).
 */
export const messageOfferSchema = z.object({
  id: z.string(),
  step: z.enum(offerSteps),
  /** The offer's amount in AUD, exact ("120.50"). */
  amount: z.string(),
  status: z.enum(offerStatuses),
  /** The member who made the offer (the buyer, or the member who countered). */
  madeBy: z.string(),
  expiresAt: z.string(),
});
export type MessageOffer = z.infer<typeof messageOfferSchema>;

export const messageSchema = z.object({
  /** Increases with every message sent anywhere: the order of a thread and the event stream's id. */
  id: z.string(),
  conversationId: z.string(),
  senderId: z.string(),
  body: z.string(),
  createdAt: z.string(),
  /** For the receiver: a scam or contact-details warning that links /safety (conversations.ts). */
  safetyTip: z.string().nullable(),
  /** The other member has opened the conversation since this message arrived. */
  isRead: z.boolean(),
  /** A step of an offer (decision 45), or null for a written message. */
  offer: messageOfferSchema.nullable(),
});
export type ConversationMessage = z.infer<typeof messageSchema>;

export const conversationSummarySchema = z.object({
  id: z.string(),
  listing: z.object({ id: z.string().nullable(), title: z.string(), imageUrl: z.string().nullable(), price: z.string().nullable() }),
  listingStatus: z.enum(conversationListingStatuses),
  /** The viewer is the seller (else the buyer). */
  isSeller: z.boolean(),
  otherMember: conversationMemberSchema,
  lastMessage: z.object({ body: z.string(), createdAt: z.string(), senderId: z.string() }).nullable(),
  unreadCount: z.number(),
  /** Either member blocked the other: nothing more can be sent. */
  isBlocked: z.boolean(),
  /** The viewer blocked the other member (and may unblock them). */
  blockedByMe: z.boolean(),
  /** An offer in this conversation was accepted: a pickup can be arranged (decision 47). */
  offerAccepted: z.boolean(),
  /** The pickup proposed or agreed, shown at the top of the thread; null when none is. */
  pickup: z
    .object({
      id: z.string(),
      at: z.string(),
      place: z.string(),
      status: z.enum(['proposed', 'confirmed']),
      proposedBy: z.string(),
      /** The time as the thread's lines give it, in the listing's time zone ("Sat 5 Dec, 10:00 am AEDT"). */
      when: z.string(),
    })
    .nullable(),
  updatedAt: z.string(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/** POST /api/conversations/:id/pickups and /api/pickups/:id/confirm: the step's line in the thread, and the conversation with its pickup. */
export const pickupStepResponse = z.object({ message: messageSchema, conversation: conversationSummarySchema });

/** POST /api/listings/:id/conversations: the conversation, new (201) or the one already there (200). */
export const startConversationResponse = z.object({ conversation: conversationSummarySchema, message: messageSchema });

export const unreadCountSchema = z.object({ count: z.number() });

export const blockedMemberSchema = z.object({ memberId: z.string(), firstName: z.string().nullable(), blockedAt: z.string() });
export type BlockedMember = z.infer<typeof blockedMemberSchema>;

/** POST /api/events/ticket: a one-minute pass for GET /api/events?ticket= (an EventSource cannot send a bearer token). */
export const eventTicketSchema = z.object({ ticket: z.string(), expiresAt: z.string() });
export const eventStreamQuery = z.object({ ticket: z.string().max(500).optional() });

/**
 * PUT /api/user/notifications: the member's notification settings on /account, one or both. No
 * phone number is taken: texts go only to the member's own verified phone (decision 33).
 */
export const notificationSettingsBody = z
  .strictObject(
    {
      messageMail: z.boolean({ error: 'Say whether message mails are on (true) or off (false).' }).optional(),
      insightsMail: z.boolean({ error: 'Say whether the weekly summary is on (true) or off (false).' }).optional(),
      sms: z.boolean({ error: 'Say whether texts are on (true) or off (false).' }).optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? 'Send only messageMail, insightsMail and sms: texts go to the phone number verified on your account.' : 'Send the settings as a JSON object.',
    },
  )
  .refine((body) => body.messageMail !== undefined || body.insightsMail !== undefined || body.sms !== undefined, {
    message: 'Say which setting to change: messageMail, insightsMail, sms or several.',
    path: ['sms'],
  });
export type NotificationSettingsBody = z.infer<typeof notificationSettingsBody>;

/**
 * What the event stream (GET /api/events) tells a signed-in tab. A `message` event's SSE id is the
 * message's id, so a stream that reconnects with Last-Event-ID is sent what it missed; `read` and
 * `conversation` events carry no id (the page refreshes those on reconnect).
 */
export type MemberEvent =
  | { type: 'message'; message: ConversationMessage }
  /** The other member opened the conversation: the viewer's messages up to this one are read. */
  | { type: 'read'; conversationId: string; readerId: string; upToMessageId: string }
  /** The listing was sold or deleted, or a member blocked or unblocked the other. */
  | { type: 'conversation'; conversationId: string };
