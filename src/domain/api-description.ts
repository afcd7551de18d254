// What the OpenAPI document says of each call of api-endpoints.ts beyond its shapes: a summary, the
// failures its own rules give (errors.ts), and, for a call that answers no JSON, what it answers.
// The failures every call of a kind can give (a body that breaks its schema, no session, an abuse
// limit, our side) are added from the call's entry (failureCodesOf); a failure listed here is one
// the call's own code throws. The compiler keeps this list as long as the endpoint map.
import { apiEndpoints, type EndpointName } from './api-endpoints';
import { apiSchemas } from './api-schemas';
import { appErrors, type ErrorCode } from './errors';
import { adminInsightLimits } from './admin-insights';
import { insightLimits } from './insights';
import { offerLimits } from './offers';
import { pickupLimits } from './pickups';
import { smsLimits } from './sms-notifications';
import { writeLimits } from './write-limits';

/** A call that answers no JSON body: 204 (done), a 302 redirect, a text/event-stream, or a ZIP to download. */
export type PlainAnswer = 'no content' | 'redirect' | 'event stream' | 'zip file' | 'csv file';

export type EndpointDescription = {
  readonly summary: string;
  /** More than the summary says, when a client needs it. */
  readonly description?: string;
  /** The codes the call's own rules answer with (errors.ts), beyond those of its kind. */
  readonly failures: readonly ErrorCode[];
  readonly answer?: PlainAnswer;
  /** The call also takes a one-time ticket in its query instead of the bearer token (EventSource sends no headers). */
  readonly ticket?: true;
};

const listingOwnerFailures = ['LISTING_NOT_FOUND', 'LISTING_REMOVED', 'NOT_YOUR_LISTING'] as const;
const listingContentFailures = ['CONTENT_FILTERED', 'UNKNOWN_IMAGE', 'IMAGE_LIMIT_REACHED'] as const;
const offerStepFailures = [
  'OFFER_NOT_FOUND',
  'CONVERSATION_NOT_FOUND',
  'OFFER_AMOUNT_REFUSED',
  'OFFER_NOT_ALLOWED',
  'OFFER_NOT_OPEN',
  'OFFER_ALREADY_OPEN',
  'LISTING_SOLD',
  'CONVERSATION_CLOSED',
  'MEMBER_BLOCKED',
  'RATE_LIMITED',
] as const;
const firstMessageFailures = ['EMAIL_NOT_VERIFIED', 'PHONE_NOT_VERIFIED', 'LISTING_NOT_FOUND', 'LISTING_SOLD', 'CONTACT_OWN_LISTING', 'MEMBER_BLOCKED', 'CONTENT_FILTERED', 'CONVERSATION_CLOSED', 'CONVERSATION_NOT_FOUND', 'RATE_LIMITED'] as const;

export const apiDescriptions = {
  register: { summary: 'Creates an account and signs it in', failures: ['EMAIL_TAKEN', 'INVITATION_INVALID', 'INVITATION_OTHER_EMAIL'] },
  signIn: { summary: 'Signs in with email and password', failures: ['INVALID_CREDENTIALS', 'ACCOUNT_SUSPENDED', 'RATE_LIMITED'] },
  getCurrentUser: { summary: 'The signed-in member', failures: [] },
  signOut: { summary: 'Signs out: ends this session', failures: [], answer: 'no content' },
  requestPasswordReset: { summary: 'Mails a password reset code', description: 'Answers the same whether or not the email has an account.', failures: [] },
  verifyResetCode: { summary: 'Checks a password reset code', failures: ['INVALID_CODE'] },
  confirmPasswordReset: { summary: 'Sets a new password with a reset code, and signs in', failures: ['INVALID_CODE', 'ACCOUNT_SUSPENDED'] },
  startGoogleSignIn: {
    summary: 'Starts a Google sign-in: redirects to Google',
    description: 'A page the browser opens: whatever goes wrong sends it back to /auth with the reason, never an error body.',
    failures: [],
    answer: 'redirect',
  },
  finishGoogleSignIn: {
    summary: "Google's return: signs the member in and redirects to the landing page",
    description: 'A page the browser opens: whatever goes wrong sends it back to /auth with the reason, never an error body.',
    failures: [],
    answer: 'redirect',
  },
  pickUpGoogleSession: { summary: "The landing page's session after a Google sign-in", failures: ['INVALID_CODE', 'ACCOUNT_SUSPENDED'] },
  getInvitation: { summary: 'Who an invitation link is for', failures: ['INVITATION_NOT_FOUND'] },

  updateProfile: { summary: "Saves the member's profile", failures: ['POSTCODE_UNKNOWN', 'SUBURB_NOT_IN_POSTCODE', 'STATE_MISMATCH', 'POSTCODE_CHANGE_TOO_SOON'] },
  canChangePostcode: {
    summary: 'Whether the member may change their postcode yet',
    description: "`true` when they may, `false` while the postcode is locked (spec 7: truthy when allowed). When the lock ends is the member's `postcodeLockedUntil` (GET /api/auth/me).",
    failures: [],
  },
  updatePhone: { summary: "Saves the member's phone number (unverified until its code is checked)", failures: [] },
  changePassword: {
    summary: "Changes the member's password, and signs out every other session",
    description: 'The current password is required unless the member has none (joined with Google). A wrong one counts as a failed sign-in from this address. The member is mailed that it changed.',
    failures: ['CURRENT_PASSWORD_REQUIRED', 'WRONG_CURRENT_PASSWORD', 'SAME_PASSWORD', 'RATE_LIMITED'],
  },
  requestEmailChange: {
    summary: 'Mails a code to a new email address for the account',
    description:
      'The change happens only when the code is entered (confirmEmailChange); until then sign-in uses the current address. An address that already has an account answers the same, and no code goes there. The password is required unless the member has none (joined with Google); a wrong one counts as a failed sign-in.',
    failures: ['SAME_EMAIL', 'CURRENT_PASSWORD_REQUIRED', 'WRONG_CURRENT_PASSWORD', 'RATE_LIMITED'],
  },
  confirmEmailChange: { summary: 'Changes the account’s email to the address the code went to; the old address is told', failures: ['INVALID_CODE', 'EMAIL_TAKEN'] },
  listSessions: { summary: 'Where the account is signed in: each session with its device, start, last use and whether it is this one', failures: [] },
  endSession: { summary: 'Ends one of the member’s sessions (signs that device out)', failures: ['SESSION_NOT_FOUND'], answer: 'no content' },
  endOtherSessions: { summary: 'Ends every session of the member but this one', failures: [] },
  requestDataExport: {
    summary: 'Asks for a copy of the member’s data: a job makes a ZIP and mails the member when it is ready',
    description: 'One a day (a copy that failed does not count). The copy can be downloaded (downloadDataExport) for 7 days, by this member alone.',
    failures: ['EXPORT_TOO_SOON'],
  },
  listDataExports: { summary: 'The member’s copies of their data that are being made or can be downloaded, and when another may be asked for', failures: [] },
  downloadDataExport: { summary: 'Downloads a ready copy of the member’s data (a ZIP: data.json and the listings’ photos)', failures: ['EXPORT_NOT_FOUND', 'EXPORT_NOT_READY'], answer: 'zip file' },
  closeAccount: {
    summary: 'Closes the member’s account',
    description:
      'The password is required unless the member has none (joined with Google); a wrong one counts as a failed sign-in. Any paid plan is cancelled with the payment provider, every session ends, the listings are deleted (their pages answer 410), the email is free to register again, and the member is "Former member" to others. The rest of their personal details is erased by a scheduled job within 30 days; payment records are kept without the name.',
    failures: ['CURRENT_PASSWORD_REQUIRED', 'WRONG_CURRENT_PASSWORD', 'LAST_ADMIN'],
  },
  describePostcode: { summary: 'The suburbs and state of a postcode', failures: ['POSTCODE_NOT_FOUND'] },

  getVerificationStatus: { summary: "Which of the member's email, phone and card are verified", failures: [] },
  sendVerificationEmail: { summary: 'Mails an email verification code', failures: ['EMAIL_ALREADY_VERIFIED', 'RATE_LIMITED'] },
  verifyEmail: { summary: "Verifies the member's email with its code", failures: ['INVALID_CODE'] },
  sendPhoneCode: { summary: 'Texts a phone verification code', failures: ['EMAIL_NOT_VERIFIED', 'NO_PHONE_YET', 'PHONE_ALREADY_VERIFIED', 'PHONE_IN_USE', 'RATE_LIMITED'] },
  verifyPhone: { summary: "Verifies the member's phone with its code", failures: ['INVALID_CODE', 'NO_PHONE_YET', 'PHONE_IN_USE'] },
  verifyTestCard: {
    summary: 'Verifies a card with the built-in test provider',
    description: 'Only while the built-in test provider takes the payments (never in production).',
    failures: ['CARD_ALREADY_VERIFIED', 'TEST_CARD_UNAVAILABLE', 'CARD_EXPIRED', 'CARD_DECLINED'],
  },
  startCardCheck: { summary: 'Starts a Stripe card check', failures: ['CARD_ALREADY_VERIFIED', 'STRIPE_CARD_CHECK_UNAVAILABLE'] },
  confirmCardCheck: {
    summary: 'Reports a Stripe card check the page confirmed',
    failures: ['CARD_CHECK_NOT_FOUND', 'CARD_DECLINED', 'CARD_CHECK_PROCESSING', 'CARD_NOT_CONFIRMED', 'STRIPE_CARD_CHECK_UNAVAILABLE'],
  },

  browseListings: { summary: 'Browses and searches active listings, a page at a time', failures: ['PAGE_EXPIRED'] },
  getListing: { summary: 'One listing', failures: ['LISTING_NOT_FOUND', 'LISTING_REMOVED'] },
  getListingReach: { summary: 'How far a listing is seen: its views and saves', failures: ['LISTING_NOT_FOUND'] },
  createListing: { summary: 'Lists an item', failures: ['EMAIL_NOT_VERIFIED', 'PHONE_NOT_VERIFIED', 'POSTCODE_REQUIRED', 'LISTING_LIMIT_REACHED', ...listingContentFailures] },
  updateListing: { summary: 'Edits one of the member’s listings', failures: [...listingOwnerFailures, ...listingContentFailures] },
  setListingStatus: {
    summary: 'Marks one of the member’s listings sold, or active again',
    failures: [...listingOwnerFailures, 'LISTING_HIDDEN', 'LISTING_LIMIT_REACHED', 'SOLD_TO_UNKNOWN_CONVERSATION', 'SOLD_TO_ONE_SIDED_CONVERSATION', 'SALE_BUYER_SETTLED'],
  },
  holdListing: {
    summary: 'Holds one of the member’s listings for the buyer of one of its conversations',
    description: 'The listing stays in browse marked Reserved; the buyer’s thread says it is on hold for them. Accepting an offer holds it too.',
    failures: [...listingOwnerFailures, 'LISTING_SOLD', 'LISTING_RESERVED', 'RESERVE_FOR_UNKNOWN_CONVERSATION', 'MEMBER_BLOCKED', 'CONVERSATION_CLOSED', 'RATE_LIMITED'],
  },
  releaseListing: { summary: 'Releases the hold on one of the member’s listings (nothing to release is fine)', failures: [...listingOwnerFailures] },
  pinListing: { summary: 'Pins or unpins one of the member’s listings', failures: [...listingOwnerFailures, 'PIN_SOLD_LISTING', 'PLAN_EXCLUDES_PINS'] },
  renewListing: {
    summary: 'Moves one of the member’s listings back to the top of newest first, once its plan’s listing time has passed',
    failures: [...listingOwnerFailures, 'RENEW_NOT_FOR_SALE', 'RENEW_TOO_SOON'],
  },
  deleteListing: { summary: 'Deletes one of the member’s listings', failures: listingOwnerFailures, answer: 'no content' },
  listMyListings: { summary: "The member's own listings", failures: [] },
  getListingInsights: {
    summary: 'How one of the member’s listings is doing: views, saves and conversations a day',
    description: `The last ${insightLimits.chartDays} days, today included, in Sydney's calendar. Views count distinct people a day; the seller and crawlers are left out.`,
    failures: listingOwnerFailures,
  },
  listSellerListings: { summary: "A seller's active listings", failures: ['SELLER_NOT_FOUND'] },
  getSellerProfile: { summary: "A seller's public profile", failures: ['SELLER_NOT_FOUND'] },
  getUserStats: { summary: "The member's listing counts", failures: [] },
  uploadImage: {
    summary: 'Uploads a listing photo',
    description: 'One image file in the form field `file`; the server re-encodes it, strips its metadata and makes a thumbnail.',
    failures: ['EMAIL_NOT_VERIFIED', 'PHONE_NOT_VERIFIED', 'IMAGE_MISSING', 'IMAGE_EMPTY', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'MEDIA_NOT_SAVED'],
  },
  contactSeller: { summary: 'Writes to the seller of a listing', failures: firstMessageFailures },
  countListingsByPlace: { summary: 'Listing counts by state or postcode, for the map', failures: [] },

  listFavourites: { summary: "The member's saved listings", failures: [] },
  saveFavourite: { summary: 'Saves a listing', failures: ['LISTING_NOT_FOUND', 'FAVOURITE_OWN_LISTING', 'FAVOURITE_SOLD_LISTING', 'FAVOURITE_LIMIT_REACHED'], answer: 'no content' },
  removeFavourite: { summary: 'Unsaves a listing', failures: ['LISTING_NOT_FOUND'], answer: 'no content' },
  listSavedSearches: { summary: "The member's saved searches", failures: [] },
  createSavedSearch: { summary: 'Saves a search', failures: ['SAVED_SEARCH_LIMIT_REACHED'] },
  updateSavedSearch: { summary: "Renames a saved search or changes its mail", failures: ['SAVED_SEARCH_NOT_FOUND'] },
  deleteSavedSearch: { summary: 'Deletes a saved search', failures: ['SAVED_SEARCH_NOT_FOUND'], answer: 'no content' },
  markSavedSearchSeen: { summary: "Marks a saved search's new listings seen", failures: ['SAVED_SEARCH_NOT_FOUND'], answer: 'no content' },
  unsubscribeSavedSearch: {
    summary: "A saved search mail's unsubscribe link: redirects to the page that asks",
    description: 'Changes nothing (mail scanners open links): the page at /unsubscribe posts the one-click unsubscribe.',
    failures: [],
    answer: 'redirect',
  },
  unsubscribeSavedSearchOneClick: {
    summary: "Stops a saved search's mail (one-click unsubscribe)",
    description: 'RFC 8058: a mail client posts `List-Unsubscribe=One-Click`, form-encoded; the signed token in the query says which search.',
    failures: ['UNSUBSCRIBE_LINK_INVALID'],
  },

  startConversation: { summary: 'Starts a conversation about a listing, or continues the one there is', failures: firstMessageFailures },
  listConversations: { summary: "The member's conversations, newest first", failures: [] },
  listListingConversations: { summary: "The member's conversations about one listing", failures: [] },
  countUnreadMessages: { summary: "How many messages the member hasn't read", failures: [] },
  getConversation: { summary: 'One of the member’s conversations', failures: ['CONVERSATION_NOT_FOUND'] },
  listMessages: { summary: "A conversation's messages, a page at a time", failures: ['CONVERSATION_NOT_FOUND'] },
  sendMessage: { summary: 'Sends a message in a conversation', failures: ['CONVERSATION_NOT_FOUND', 'CONVERSATION_CLOSED', 'MEMBER_BLOCKED', 'CONTENT_FILTERED', 'RATE_LIMITED'] },
  markConversationRead: { summary: 'Marks a conversation read', failures: ['CONVERSATION_NOT_FOUND'], answer: 'no content' },
  makeOffer: {
    summary: "Makes an offer on the conversation's listing (the buyer)",
    description: `At most the asking price; one open offer per conversation, open for ${offerLimits.openHours} hours; at most ${offerLimits.offersPerConversationPerDay} offers and counter-offers in a conversation a day. The answer is the offer's message in the thread.`,
    failures: offerStepFailures,
  },
  acceptOffer: { summary: 'Accepts an open offer made by the other member', failures: offerStepFailures },
  declineOffer: { summary: 'Declines an open offer made by the other member', failures: offerStepFailures },
  counterOffer: { summary: 'Answers an open offer with another amount: the offer closes and the counter-offer is open', failures: offerStepFailures },
  withdrawOffer: { summary: 'Withdraws an open offer the member made', failures: offerStepFailures },
  proposePickup: {
    summary: 'Proposes a time and place to pick up the item, once an offer is accepted',
    description: `From ${pickupLimits.minLeadMinutes} minutes to ${pickupLimits.maxAheadDays} days ahead; a proposal replaces the one before. Both members are reminded ${pickupLimits.reminderMinutes} minutes before a confirmed pickup.`,
    failures: ['CONVERSATION_NOT_FOUND', 'PICKUP_NOT_YET', 'CONTENT_FILTERED', 'CONVERSATION_CLOSED', 'MEMBER_BLOCKED', 'RATE_LIMITED'],
  },
  confirmPickup: { summary: 'Confirms the pickup the other member proposed', failures: ['PICKUP_NOT_FOUND', 'PICKUP_NOT_ALLOWED', 'PICKUP_NOT_OPEN', 'CONVERSATION_CLOSED', 'MEMBER_BLOCKED', 'RATE_LIMITED'] },
  listBlockedMembers: { summary: 'The members the member has blocked', failures: [] },
  blockMember: { summary: 'Blocks a member: no messages pass between the two', failures: ['BLOCK_YOURSELF', 'MEMBER_NOT_FOUND'], answer: 'no content' },
  unblockMember: { summary: 'Unblocks a member', failures: ['MEMBER_NOT_FOUND'], answer: 'no content' },
  updateNotificationSettings: {
    summary: 'Chooses which mail and texts the member gets',
    description: `Texts (sms) go only to the member's own verified phone, at most ${smsLimits.perDay} a day; a phone changed or removed turns them off.`,
    failures: ['SMS_NEEDS_VERIFIED_PHONE'],
  },
  issueEventTicket: { summary: 'A one-time ticket that opens the event stream', failures: [] },
  streamEvents: {
    summary: "The signed-in tab's live events (Server-Sent Events)",
    description:
      '`message`, `read` and `conversation` events, `ready` once connected, and `replaced` last when a newer stream of the member takes its place. ' +
      'A reconnecting stream sends Last-Event-ID and is first sent what it missed. Send the bearer token, or (from EventSource) `?ticket=` from POST /api/events/ticket.',
    failures: ['EVENT_STREAM_LIMIT_REACHED'],
    answer: 'event stream',
    ticket: true,
  },

  createReport: { summary: 'Reports a listing, a member, a message or a rating', failures: ['REPORT_OWN', 'REPORT_TARGET_NOT_FOUND', 'ALREADY_REPORTED'] },
  requestListingReview: { summary: 'Asks our team to review a listing that reports hid', failures: ['LISTING_NOT_FOUND', 'REVIEW_NOT_NEEDED'] },
  createRating: { summary: 'Rates the seller of a listing the member bought', failures: ['LISTING_NOT_FOUND', 'RATING_NOT_ALLOWED', 'RATE_YOURSELF', 'ALREADY_RATED', 'CONTENT_FILTERED'] },
  getExchangeRating: { summary: 'Whether the member may rate the exchange of a listing, or how they did', failures: ['LISTING_NOT_FOUND'] },
  listSellerRatings: { summary: "A seller's ratings", failures: ['SELLER_NOT_FOUND'] },
  replyToRating: { summary: 'Answers a rating of the member', failures: ['RATING_NOT_FOUND', 'NOT_YOUR_RATING', 'ALREADY_ANSWERED', 'CONTENT_FILTERED'] },

  createSubscription: {
    summary: 'Starts a checkout for a membership plan',
    description:
      'A member paying for a plan who asks for Starter or a cheaper plan keeps what they paid for: the change waits for the end of the paid year (`status: scheduled`, `scheduledAt`) and can be undone until then.',
    failures: ['ALREADY_ON_PLAN', 'LIFETIME_CHANGE_UNCONFIRMED', 'PLAN_ALREADY_INCLUDED'],
  },
  payWithTestCard: {
    summary: 'Pays a checkout with the built-in test provider',
    description: 'Only while the built-in test provider takes the payments (never in production).',
    failures: ['SUBSCRIPTION_NOT_FOUND', 'CARD_EXPIRED', 'CARD_DECLINED'],
  },
  getMembership: { summary: "The member's plan and its next charge", failures: [] },
  cancelUpcomingCharge: { summary: 'Cancels the first charge of a free month', failures: ['NO_UPCOMING_CHARGE'] },
  undoScheduledChange: {
    summary: 'Undoes a move to Starter or a cheaper plan that waits for the end of the paid year',
    failures: ['NO_SCHEDULED_CHANGE', 'SCHEDULED_CHANGE_PASSED'],
  },
  keepActiveListings: { summary: 'Chooses which listings stay active on a smaller plan', failures: ['NOT_YOUR_ACTIVE_LISTING', 'NO_PLAN_NOTICE', 'LISTING_LIMIT_REACHED'] },
  receivePaymentEvent: {
    summary: "The payment provider's events (a webhook)",
    description: "Signed by the provider: the signature covers the raw body's bytes exactly. An event seen before is answered as a duplicate.",
    failures: ['WEBHOOK_SIGNATURE_INVALID', 'PAYMENT_EVENT_INVALID'],
  },

  listMembers: { summary: 'Finds members', failures: [] },
  verifyMember: { summary: "Marks a member's email, phone or card verified", failures: ['MEMBER_NOT_FOUND'] },
  giftMembership: { summary: 'Gives a member a plan', failures: ['MEMBER_NOT_FOUND'] },
  inviteMember: { summary: 'Invites someone by email', failures: ['ALREADY_A_MEMBER'] },
  listBannedWords: { summary: 'The banned words', failures: [] },
  banWord: { summary: 'Bans a word in listings and messages', failures: ['WORD_ALREADY_BANNED'] },
  unbanWord: { summary: 'Lifts the ban on a word', failures: ['BANNED_WORD_NOT_FOUND'] },
  listAuditLog: { summary: "The admins' actions, newest first", failures: [] },
  getJobsSummary: { summary: 'The background jobs: queued, failed and done', failures: [] },
  listReports: { summary: 'Reports, grouped by what they name', failures: [] },
  getAdminInsights: {
    summary: 'The business over a range of days: members by plan, listings, messages, reports, free months that became paid plans, revenue',
    description: `From the daily rollups the hourly job makes. Without from and to: the last ${adminInsightLimits.defaultDays} days; at most ${adminInsightLimits.maxDays} days at a time.`,
    failures: [],
  },
  downloadAdminInsights: { summary: 'The same days as a CSV file, one row a day', failures: [], answer: 'csv file' },
  actOnReport: {
    summary: 'Acts on a report: dismisses it, hides the listing, warns or suspends the member, or removes the rating',
    failures: ['REPORT_NOT_FOUND', 'REPORT_CLOSED', 'REPORT_TARGET_NOT_FOUND', 'ACTION_NOT_FOR_TARGET', 'MEMBER_NOT_FOUND', 'SUSPEND_ADMIN'],
  },
  liftSuspension: { summary: "Lifts a member's suspension", failures: ['MEMBER_NOT_FOUND', 'MEMBER_NOT_SUSPENDED'] },
  closeMemberAccount: { summary: "Closes a member's account, as the member can (audit-logged with the reason)", failures: ['MEMBER_NOT_FOUND', 'CLOSE_ADMIN', 'ACCOUNT_ALREADY_CLOSED'] },
  listHomepageVideos: { summary: 'The homepage videos', failures: [] },
  uploadHomepageVideo: {
    summary: 'Uploads a homepage video and makes it the active one',
    failures: ['UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE', 'VALIDATION_FAILED', 'NUL_CHARACTER', 'MEDIA_NOT_SAVED'],
  },
  activateHomepageVideo: { summary: 'Makes a homepage video the active one', failures: ['VIDEO_NOT_FOUND'] },
  deleteHomepageVideo: { summary: 'Deletes a homepage video', failures: ['VIDEO_NOT_FOUND'], answer: 'no content' },
  listSupportRequests: {
    summary: 'The support inbox: contact form messages, open first',
    description: 'Open messages by the sender’s plan when they wrote (Connector and Lifetime, then Explorer, then Starter and visitors), then the oldest; then the answered ones, the latest answered first.',
    failures: [],
  },
  replyToSupportRequest: {
    summary: 'Replies to a contact form message: mails the sender and answers the message',
    description: 'A member also sees the reply on their account (GET /api/support). The reply is recorded in the audit log.',
    failures: ['SUPPORT_REQUEST_NOT_FOUND'],
  },

  getActiveHomepageVideo: { summary: 'The homepage video, if one is active', failures: [] },
  sendContactMessage: {
    summary: 'Sends a message to our team',
    description: 'Kept in the support inbox. A signed-in member is answered by their plan’s support (read from their account, never from the request) under their account’s email; a visitor by mail only.',
    failures: [],
  },
  listMySupportRequests: { summary: "The member's own messages to our team and our replies, newest first", failures: [] },
  getPublicConfig: { summary: 'The settings the web app needs', failures: [] },
  checkLiveness: { summary: 'Whether the process is up', failures: [] },
  checkHealth: { summary: 'Whether the server can reach its database', failures: [] },
  checkReadiness: {
    summary: 'Whether the server takes requests, for load balancers',
    description: 'Names its parts (database, Redis, storage) only to this computer, or to `Authorization: Bearer <METRICS_TOKEN>`.',
    failures: [],
  },
  listDevOutbox: { summary: "The development outbox: mail and texts that had no real transport, newest first", failures: ['DEV_OUTBOX_LOCAL_ONLY'] },
} as const satisfies { [K in EndpointName]: EndpointDescription };

/** The failures a call's input gives: a body, query or parameter that breaks its schema, or holds a NUL. */
const inputFailures: readonly ErrorCode[] = ['VALIDATION_FAILED', 'NUL_CHARACTER'];
/** The failures a JSON body gives before any schema sees it. */
const jsonBodyFailures: readonly ErrorCode[] = ['MALFORMED_JSON', 'EMPTY_BODY', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'];
const uploadFailures: readonly ErrorCode[] = ['MALFORMED_UPLOAD', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'];
/** Our side: an unexpected error, or the database (or a provider) is unavailable. */
const serverFailures: readonly ErrorCode[] = ['INTERNAL', 'UNAVAILABLE'];

/**
 * Every code a call can answer with: its kind's (from its entry in the endpoint map and its schemas:
 * who may call, what it takes, whether it writes) and its own. In the order of errors.ts.
 */
export function failureCodesOf(name: EndpointName): ErrorCode[] {
  const { access } = apiEndpoints[name];
  const schemas: { params?: unknown; querystring?: unknown; body?: unknown; consumes?: readonly string[]; response: unknown } = apiSchemas[name];
  const description: EndpointDescription = apiDescriptions[name];
  const codes = new Set<ErrorCode>(description.failures);
  if (schemas.params || schemas.querystring || schemas.body || schemas.consumes) inputFailures.forEach((code) => codes.add(code));
  if (schemas.body) jsonBodyFailures.forEach((code) => codes.add(code));
  if (schemas.consumes) uploadFailures.forEach((code) => codes.add(code));
  if (access !== 'public') codes.add(description.ticket ? 'EVENT_TICKET_INVALID' : 'UNAUTHENTICATED');
  if (access === 'admin') codes.add('ADMIN_ONLY');
  if (name in writeLimits) codes.add('RATE_LIMITED');
  serverFailures.forEach((code) => codes.add(code));
  return (Object.keys(appErrors) as ErrorCode[]).filter((code) => codes.has(code));
}
