// One error type for every expected failure (spec section 8). Each failure has its own code in the
// list below, which gives its HTTP status and, when the words do not depend on the data, its
// message. The server turns an AppError into the error body below; the pages branch on `code`
// (never on the HTTP status) to choose their screen or toast.
import { accountMessages } from './account';
import { accountSecurityMessages } from './account-security';
import { adminMessages } from './admin';
import { conversationMessages } from './conversations';
import { eventStreamMessages } from './event-streams';
import { favouriteMessages } from './favourites';
import { savedSearchMail, savedSearchMessages } from './saved-searches';
import { smsMessages } from './sms-notifications';
import { imageMessages } from './images';
import { listingRuleMessages } from './listing';
import { listingTimeMessages } from './listing-times';
import { membershipMessages, planChargeMessages, planLimitMessages } from './membership';
import { moderationMessages } from './moderation';
import { offerMessages } from './offers';
import { reservationMessages } from './reservations';
import { pickupMessages } from './pickups';
import { ratingMessages } from './ratings';
import { closeAccountMessages, dataExportMessages } from './your-data';
import { scheduledChangeMessages } from './scheduled-plan-changes';
import { supportMessages } from './support';
import type { MembershipTier } from './tiers';

/** Messages the server speaks in its own voice where the spec has none. */
export const errorMessages = {
  signInRequired: 'Please sign in to continue.',
  invalidToken: 'Invalid token',
  invalidCredentials: 'Incorrect email or password.',
  emailTaken: 'An account with this email already exists. Try signing in instead.',
  invalidResetCode: 'That code is incorrect or has expired. Request a new code and try again.',
  tooManyCodeAttempts: 'Too many incorrect attempts. Request a new code and try again.',
  adminOnly: 'You need admin privileges to access this page',
  notFound: 'Not found',
  malformedJson: 'The request body is not valid JSON.',
  emptyBody: 'The request body is empty. Send it as JSON.',
  nulCharacter: 'The text contains a character that is not allowed (a NUL character). Remove it and try again.',
  malformedUpload: 'The upload was cut short or is not a valid form. Choose the file again and retry.',
  unsupportedContentType: 'Send the request body as JSON.',
  bodyTooLarge: 'The request is too large.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  unexpected: 'Something went wrong on our side. Please try again.',
  signInSlowed: "There have been many sign-in attempts on this account from other places, so we're slowing them down. Please wait a few seconds and try again, or reset your password.",
  unavailable: 'The service is temporarily unavailable. Please try again shortly.',
  metricsTokenInvalid: 'The metrics need the bearer token set in METRICS_TOKEN.',
} as const;

type AppErrorSpec = { readonly status: number; readonly message?: string };

/**
 * Every expected failure: its HTTP status, and its message when that is always the same words
 * (a code without one is thrown with the message the situation calls for).
 */
export const appErrors = {
  // 400: the request cannot be done as sent.
  /** The request breaks its schema (with field errors), or a form field is wrong. */
  VALIDATION_FAILED: { status: 400 },
  MALFORMED_JSON: { status: 400, message: errorMessages.malformedJson },
  EMPTY_BODY: { status: 400, message: errorMessages.emptyBody },
  NUL_CHARACTER: { status: 400, message: errorMessages.nulCharacter },
  MALFORMED_UPLOAD: { status: 400, message: errorMessages.malformedUpload },
  /** A one-time code (password reset, email, phone, Google sign-in pick-up) that is wrong, used or expired. */
  INVALID_CODE: { status: 400, message: errorMessages.invalidResetCode },
  CONTENT_FILTERED: { status: 400, message: listingRuleMessages.bannedWords },
  /** A browse cursor that is malformed or from another sort. */
  PAGE_EXPIRED: { status: 400, message: listingRuleMessages.pageExpired },
  POSTCODE_REQUIRED: { status: 400, message: listingRuleMessages.postcodeRequired },
  /** A profile saved with a postcode that is not in the directory. */
  POSTCODE_UNKNOWN: { status: 400 },
  SUBURB_NOT_IN_POSTCODE: { status: 400, message: accountMessages.suburbNotInPostcode },
  STATE_MISMATCH: { status: 400, message: accountMessages.stateMismatch },
  UNKNOWN_IMAGE: { status: 400, message: listingRuleMessages.unknownImage },
  IMAGE_MISSING: { status: 400, message: imageMessages.missingFile },
  IMAGE_EMPTY: { status: 400, message: imageMessages.empty },
  CONTACT_OWN_LISTING: { status: 400, message: listingRuleMessages.contactYourself },
  /** A buyer writes about a listing that has sold. */
  LISTING_SOLD: { status: 400, message: listingRuleMessages.contactSold },
  PIN_SOLD_LISTING: { status: 400, message: membershipMessages.pinSoldListing },
  NO_PHONE_YET: { status: 400, message: accountMessages.noPhoneYet },
  CARD_EXPIRED: { status: 400, message: accountMessages.cardExpired },
  /** The card was refused (the default words, or the payment provider's). */
  CARD_DECLINED: { status: 400, message: accountMessages.cardDeclined },
  /** A Stripe card check the member has not completed. */
  CARD_NOT_CONFIRMED: { status: 400, message: membershipMessages.cardCheckNotConfirmed },
  /** A Stripe card check the bank is still confirming. */
  CARD_CHECK_PROCESSING: { status: 400, message: membershipMessages.paymentConfirming },
  /** The built-in test card form, used while Stripe takes the payments. */
  TEST_CARD_UNAVAILABLE: { status: 400, message: membershipMessages.cardCheckWithStripe },
  /** Registering with an invitation that is unknown, used or expired. */
  INVITATION_INVALID: { status: 400, message: adminMessages.inviteInvalid },
  INVITATION_OTHER_EMAIL: { status: 400, message: adminMessages.inviteOtherEmail },
  /** Keeping active a listing that is not one of the member's own active ones. */
  NOT_YOUR_ACTIVE_LISTING: { status: 400, message: planLimitMessages.notYourActiveListing },
  /** Choosing listings to keep when the plan allows them all. */
  NO_PLAN_NOTICE: { status: 400, message: planLimitMessages.nothingToChoose },
  /** A payment webhook whose body is not a payment event. */
  PAYMENT_EVENT_INVALID: { status: 400 },
  WEBHOOK_SIGNATURE_INVALID: { status: 400, message: membershipMessages.forgedWebhook },
  BLOCK_YOURSELF: { status: 400, message: conversationMessages.blockYourself },
  FAVOURITE_OWN_LISTING: { status: 400, message: favouriteMessages.ownListing },
  FAVOURITE_SOLD_LISTING: { status: 400, message: favouriteMessages.sold },
  /** A saved search mail's unsubscribe link that is forged, or for a search that is gone. */
  UNSUBSCRIBE_LINK_INVALID: { status: 400, message: savedSearchMail.unsubscribeInvalid },
  /** Marking a listing sold to a conversation that is not about it. */
  SOLD_TO_UNKNOWN_CONVERSATION: { status: 400, message: conversationMessages.soldToUnknownConversation },
  /** Sold to a conversation in which only one of the two members wrote. */
  SOLD_TO_ONE_SIDED_CONVERSATION: { status: 400, message: ratingMessages.oneSidedConversation },
  /** Holding a listing for a conversation that is not about it. */
  RESERVE_FOR_UNKNOWN_CONVERSATION: { status: 400, message: conversationMessages.soldToUnknownConversation },
  /** An offer above the listing's asking price, or a counter-offer of the amount it answers (the message says which). */
  OFFER_AMOUNT_REFUSED: { status: 400 },
  /** An admin's action that does not fit what was reported (hiding a member, removing a listing's rating). */
  ACTION_NOT_FOR_TARGET: { status: 400, message: moderationMessages.actionNotForTarget },
  /** Changing the password without the current one, which the member has (Google-only members have none). */
  CURRENT_PASSWORD_REQUIRED: { status: 400, message: accountSecurityMessages.currentPasswordRequired },
  /** Changing the password with a wrong current one: counted as a failed sign-in. */
  WRONG_CURRENT_PASSWORD: { status: 400, message: accountSecurityMessages.currentPasswordWrong },
  SAME_PASSWORD: { status: 400, message: accountSecurityMessages.samePassword },
  /** Changing the email to the one the account has. */
  SAME_EMAIL: { status: 400, message: accountSecurityMessages.sameEmail },

  // 401: who is asking is not known.
  UNAUTHENTICATED: { status: 401, message: errorMessages.signInRequired },
  INVALID_CREDENTIALS: { status: 401, message: errorMessages.invalidCredentials },
  /** An event stream opened without a session: no bearer token, or a ticket that is forged, expired or already used. */
  EVENT_TICKET_INVALID: { status: 401, message: eventStreamMessages.ticketInvalid },
  /** GET /metrics without `Authorization: Bearer <METRICS_TOKEN>`, or with another token. */
  METRICS_TOKEN_INVALID: { status: 401, message: errorMessages.metricsTokenInvalid },

  // 403: known, but not allowed.
  ADMIN_ONLY: { status: 403, message: errorMessages.adminOnly },
  NOT_YOUR_LISTING: { status: 403, message: listingRuleMessages.notYourListing },
  PLAN_EXCLUDES_PINS: { status: 403, message: membershipMessages.pinNotAllowed },
  /** The dev outbox, asked from another computer. */
  DEV_OUTBOX_LOCAL_ONLY: { status: 403 },
  /** Trading (listing, a first message) or a phone check without a verified email (trading-checks.ts). */
  EMAIL_NOT_VERIFIED: { status: 403 },
  /** Trading without a verified phone (trading-checks.ts); the body names the page that verifies it. */
  PHONE_NOT_VERIFIED: { status: 403 },
  LISTING_LIMIT_REACHED: { status: 403 },
  IMAGE_LIMIT_REACHED: { status: 403 },
  FAVOURITE_LIMIT_REACHED: { status: 403, message: favouriteMessages.limitReached },
  /** The plan's number of saved searches is reached (the message names it). */
  SAVED_SEARCH_LIMIT_REACHED: { status: 403 },
  /** Either member blocked the other: no messages pass between them. */
  MEMBER_BLOCKED: { status: 403, message: conversationMessages.blocked },
  /** Signing in (or being signed in) while an admin's suspension holds: the message gives its end. */
  ACCOUNT_SUSPENDED: { status: 403 },
  /** Reporting one's own listing, account or rating. */
  REPORT_OWN: { status: 403, message: moderationMessages.ownThing },
  /** Rating without a sale between the two through a conversation, or after its 30 days. */
  RATING_NOT_ALLOWED: { status: 403 },
  RATE_YOURSELF: { status: 403, message: ratingMessages.ownRating },
  /** Answering a rating of someone else. */
  NOT_YOUR_RATING: { status: 403, message: ratingMessages.notYours },
  /** Confirming one's own proposed pickup. */
  PICKUP_NOT_ALLOWED: { status: 403, message: pickupMessages.notYoursToConfirm },
  /** An offer step the member may not take: a seller's first offer, answering one's own, withdrawing another's (the message says which). */
  OFFER_NOT_ALLOWED: { status: 403 },
  /** Suspending an admin. */
  SUSPEND_ADMIN: { status: 403, message: moderationMessages.cannotSuspendAdmin },
  /** An admin closes another admin's account from the Users card. */
  CLOSE_ADMIN: { status: 403, message: closeAccountMessages.cannotCloseAdmin },

  // 404: the thing asked for does not exist (notFoundCodes below), or nothing is there to act on.
  /** An address the API does not have. */
  NOT_FOUND: { status: 404, message: errorMessages.notFound },
  LISTING_NOT_FOUND: { status: 404, message: listingRuleMessages.listingNotFound },
  /** Deleted by its seller (or with their account): 410, so search engines drop the address at once. */
  LISTING_REMOVED: { status: 410, message: listingRuleMessages.listingRemoved },
  SELLER_NOT_FOUND: { status: 404, message: listingRuleMessages.sellerNotFound },
  /** An admin names a member (by id, or by email) who does not exist. */
  MEMBER_NOT_FOUND: { status: 404, message: adminMessages.userNotFound },
  BANNED_WORD_NOT_FOUND: { status: 404, message: adminMessages.wordNotFound },
  VIDEO_NOT_FOUND: { status: 404, message: adminMessages.videoNotFound },
  /** GET /api/invitations/:token for a token that is unknown, used or expired. */
  INVITATION_NOT_FOUND: { status: 404, message: adminMessages.inviteInvalid },
  /** GET /api/postcodes/:postcode for a postcode not in the directory. */
  POSTCODE_NOT_FOUND: { status: 404 },
  CARD_CHECK_NOT_FOUND: { status: 404, message: membershipMessages.cardCheckNotFound },
  /** An offer that does not exist, or is in a conversation the member asking is not part of. */
  OFFER_NOT_FOUND: { status: 404, message: offerMessages.notFound },
  /** A pickup that does not exist, or is in a conversation the member asking is not part of. */
  PICKUP_NOT_FOUND: { status: 404, message: pickupMessages.notFound },
  /** A conversation that does not exist, or that the member asking is not part of. */
  CONVERSATION_NOT_FOUND: { status: 404, message: conversationMessages.conversationNotFound },
  /** What a report names does not exist (or is a conversation the reporter is not part of). */
  REPORT_TARGET_NOT_FOUND: { status: 404, message: moderationMessages.targetNotFound },
  REPORT_NOT_FOUND: { status: 404, message: moderationMessages.reportNotFound },
  RATING_NOT_FOUND: { status: 404, message: ratingMessages.notFound },
  /** An admin replies to a contact form message that does not exist. */
  SUPPORT_REQUEST_NOT_FOUND: { status: 404, message: supportMessages.requestNotFound },
  /** A saved search that does not exist, or is another member's. */
  SAVED_SEARCH_NOT_FOUND: { status: 404, message: savedSearchMessages.notFound },
  /** Ending a session that has ended, or that is another member's. */
  SESSION_NOT_FOUND: { status: 404, message: accountSecurityMessages.sessionNotFound },
  /** A copy of one's data that is unknown, another member's, expired or failed. */
  EXPORT_NOT_FOUND: { status: 404, message: dataExportMessages.notFound },
  /** A test-card payment for a checkout that is unknown, another member's or not the test provider's. */
  SUBSCRIPTION_NOT_FOUND: { status: 404, message: membershipMessages.subscriptionNotFound },
  /** Cancelling when no charge is coming. */
  NO_UPCOMING_CHARGE: { status: 404, message: planChargeMessages.nothingToCancel },
  /** Undoing a plan change when none waits for the end of the paid year. */
  NO_SCHEDULED_CHANGE: { status: 404, message: scheduledChangeMessages.nothingToUndo },
  /** The Stripe card check, asked while the built-in test provider takes the payments. */
  STRIPE_CARD_CHECK_UNAVAILABLE: { status: 404, message: membershipMessages.cardCheckWithTestForm },

  // 409: it clashes with what is already so.
  EMAIL_TAKEN: { status: 409, message: errorMessages.emailTaken },
  EMAIL_ALREADY_VERIFIED: { status: 409, message: accountMessages.emailAlreadyVerified },
  PHONE_ALREADY_VERIFIED: { status: 409, message: accountMessages.phoneAlreadyVerified },
  CARD_ALREADY_VERIFIED: { status: 409, message: accountMessages.cardAlreadyVerified },
  WORD_ALREADY_BANNED: { status: 409, message: adminMessages.wordExists },
  ALREADY_A_MEMBER: { status: 409, message: adminMessages.alreadyMember },
  ALREADY_ON_PLAN: { status: 409, message: membershipMessages.alreadyOnTier },
  POSTCODE_CHANGE_TOO_SOON: { status: 409 },
  /** A renewal before the listing's time among the newest has passed (the message gives the date it may be renewed). */
  RENEW_TOO_SOON: { status: 409 },
  /** A renewal of a sold, paused or hidden listing: it is not in browse to move up. */
  RENEW_NOT_FOR_SALE: { status: 409, message: listingTimeMessages.notForSale },
  LIFETIME_CHANGE_UNCONFIRMED: { status: 409, message: membershipMessages.lifetimeChangeUnconfirmed },
  /** Undoing a plan change whose day has come (decision 31). */
  SCHEDULED_CHANGE_PASSED: { status: 409, message: scheduledChangeMessages.alreadyHappened },
  PLAN_ALREADY_INCLUDED: { status: 409, message: membershipMessages.lifetimeIncludesEverything },
  PHONE_IN_USE: { status: 409, message: accountMessages.phoneInUse },
  /** Texts turned on without a verified phone: we text only the member's own verified number. */
  SMS_NEEDS_VERIFIED_PHONE: { status: 409, message: smsMessages.phoneNotVerified },
  /** Writing in a conversation whose listing was deleted. */
  CONVERSATION_CLOSED: { status: 409, message: conversationMessages.listingGone },
  /** Listing again (or marking sold) a listing our team has hidden. */
  LISTING_HIDDEN: { status: 409, message: moderationMessages.listingHiddenLocked },
  /** The same member reports the same thing twice. */
  ALREADY_REPORTED: { status: 409, message: moderationMessages.alreadyReported },
  /** A review asked for a listing that is not hidden by reports. */
  REVIEW_NOT_NEEDED: { status: 409, message: moderationMessages.reviewNotNeeded },
  /** An admin acts on a report that an earlier action closed. */
  REPORT_CLOSED: { status: 409, message: moderationMessages.reportClosed },
  MEMBER_NOT_SUSPENDED: { status: 409, message: moderationMessages.memberNotSuspended },
  ALREADY_RATED: { status: 409, message: ratingMessages.alreadyRated },
  /** Another buyer named for a sale whose buyer is settled (rated, or a day old). */
  SALE_BUYER_SETTLED: { status: 409, message: ratingMessages.buyerSettled },
  ALREADY_ANSWERED: { status: 409, message: ratingMessages.alreadyAnswered },
  /** Answering an offer that is no longer open (the message says what became of it). */
  OFFER_NOT_OPEN: { status: 409 },
  /** Holding, or accepting an offer on, a listing held for another buyer (the message says who must act). */
  LISTING_RESERVED: { status: 409, message: reservationMessages.heldForAnother },
  /** A pickup proposed before any offer in the conversation was accepted. */
  PICKUP_NOT_YET: { status: 409, message: pickupMessages.offerFirst },
  /** Confirming a pickup that was replaced or is already confirmed (the message says which). */
  PICKUP_NOT_OPEN: { status: 409 },
  /** A second offer while one is open in the conversation. */
  OFFER_ALREADY_OPEN: { status: 409, message: offerMessages.openOfferExists },
  /** Downloading a copy of one's data that the job has not finished. */
  EXPORT_NOT_READY: { status: 409, message: dataExportMessages.notReady },
  /** The only admin closes their own account: nobody would be left to moderate. */
  LAST_ADMIN: { status: 409, message: closeAccountMessages.lastAdmin },
  /** An admin closes an account that is closed. */
  ACCOUNT_ALREADY_CLOSED: { status: 409, message: closeAccountMessages.alreadyClosed },

  // 413, 415, 429: too big, the wrong kind, too often.
  PAYLOAD_TOO_LARGE: { status: 413, message: errorMessages.bodyTooLarge },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: errorMessages.unsupportedContentType },
  RATE_LIMITED: { status: 429, message: errorMessages.rateLimited },
  /** An event stream from an address that holds as many open as one may (decision 27). */
  EVENT_STREAM_LIMIT_REACHED: { status: 429, message: eventStreamMessages.tooManyStreams },
  /** A second copy of one's data within a day. */
  EXPORT_TOO_SOON: { status: 429, message: dataExportMessages.tooSoon },

  // 5xx: our side.
  INTERNAL: { status: 500, message: errorMessages.unexpected },
  UNAVAILABLE: { status: 503, message: errorMessages.unavailable },
  /** An upload was fine but the media storage could not keep it; nothing of it was kept (decision 24). */
  MEDIA_NOT_SAVED: { status: 503, message: imageMessages.notSaved },
} as const satisfies Record<string, AppErrorSpec>;

export type ErrorCode = keyof typeof appErrors;

/** The codes whose entry gives a message: only these may be thrown without one. */
export type ErrorCodeWithMessage = { [K in ErrorCode]: (typeof appErrors)[K] extends { message: string } ? K : never }[ErrorCode];

/** The answer means the thing asked for does not exist: a page shows its not-found screen (spec 2). */
export const notFoundCodes = [
  'LISTING_NOT_FOUND',
  'LISTING_REMOVED',
  'SELLER_NOT_FOUND',
  'MEMBER_NOT_FOUND',
  'BANNED_WORD_NOT_FOUND',
  'VIDEO_NOT_FOUND',
  'INVITATION_NOT_FOUND',
  'POSTCODE_NOT_FOUND',
  'CARD_CHECK_NOT_FOUND',
  'SUBSCRIPTION_NOT_FOUND',
  'CONVERSATION_NOT_FOUND',
  'OFFER_NOT_FOUND',
  'PICKUP_NOT_FOUND',
  'SAVED_SEARCH_NOT_FOUND',
  'REPORT_TARGET_NOT_FOUND',
  'REPORT_NOT_FOUND',
  'RATING_NOT_FOUND',
  'SUPPORT_REQUEST_NOT_FOUND',
  'EXPORT_NOT_FOUND',
] as const satisfies readonly ErrorCode[];

export function isNotFoundCode(code: string | undefined): boolean {
  return (notFoundCodes as readonly string[]).includes(code ?? '');
}

export type FieldError = { path: string; message: string };

/** The body of every failed call (spec section 3 "Error body", plus a code and field errors). */
export type ErrorBody = {
  message: string;
  code: ErrorCode;
  fieldErrors?: FieldError[];
  bannedWords?: string[];
  showContactForm?: boolean;
  listingLimit?: number;
  imageLimit?: number;
  membershipTier?: MembershipTier;
  verifyAt?: string;
};

export type AppErrorDetails = Omit<ErrorBody, 'message' | 'code'>;

function defaultMessage(code: ErrorCode): string {
  const spec: AppErrorSpec = appErrors[code];
  return spec.message ?? errorMessages.unexpected;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: AppErrorDetails;

  /** The list's message, unless the situation has better words. */
  constructor(code: ErrorCodeWithMessage, message?: string, details?: AppErrorDetails);
  /** A code without a message of its own needs one. */
  constructor(code: ErrorCode, message: string, details?: AppErrorDetails);
  constructor(code: ErrorCode, message?: string, details: AppErrorDetails = {}) {
    super(message ?? defaultMessage(code));
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return appErrors[this.code].status;
  }

  toBody(): ErrorBody {
    return { message: this.message, code: this.code, ...this.details };
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
