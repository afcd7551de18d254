// What each call of api-endpoints.ts takes and answers. The server's routes validate requests and
// serialise answers with these (a response that breaks its schema fails with a 500, so a test
// catches it); the web client's types come from them (ApiResponse, ApiInput), so no page writes a
// response shape of its own.
import { z } from 'zod';
import { adminInsightsQuery, adminInsightsSchema } from './admin-insights-schemas';
import { adminCloseAccountBody, closeAccountBody, dataExportMessages, dataExportSchema, dataExportsResponse } from './your-data';
import { accountSecurityMessages, accountSessionsResponse, changeEmailBody, changePasswordBody, confirmEmailChangeBody, endOtherSessionsResponse } from './account-security';
import { accountMessages, canChangePostcodeSchema, emailCodeBody, phoneCodeBody, postcodePlaceSchema, sendPhoneCodeBody, testCardBody, updatePhoneBody, updateProfileBody, verificationStatusSchema } from './account';
import {
  adminUsersQuery,
  adminUsersResponse,
  auditEntrySchema,
  jobsSummarySchema,
  bannedWordBody,
  bannedWordSchema,
  giftMembershipBody,
  homepageVideoSchema,
  invitationSchema,
  inviteUserBody,
  verifyUserBody,
} from './admin';
import type { EndpointName } from './api-endpoints';
import { loginBody, registerBody, resetConfirmBody, resetRequestBody, resetVerifyCodeBody } from './auth';
import { contactFormBody } from './contact';
import { appErrors, type ErrorBody, type ErrorCode } from './errors';
import {
  blockedMemberSchema,
  conversationIdParams,
  offerAmountBody,
  offerIdParams,
  pickupIdParams,
  pickupStepResponse,
  proposePickupBody,
  conversationSummarySchema,
  eventStreamQuery,
  eventTicketSchema,
  memberIdParams,
  messageSchema,
  notificationSettingsBody,
  sendMessageBody,
  startConversationBody,
  inboxQuery,
  startConversationResponse,
  threadQuery,
  unreadCountSchema,
} from './conversation-schemas';
import { fieldLimits } from './limits';
import {
  browseListingsQuery,
  contactSellerBody,
  createListingBody,
  listingIdParams,
  listingReachSchema,
  listingViewSchema,
  favouriteViewSchema,
  sellerIdParams,
  sellerProfileSchema,
  setListingStatusBody,
  holdListingBody,
  listingInsightsSchema,
  updateListingBody,
  userStatsSchema,
} from './listing-schemas';
import { mapCountsQuery, mapListingCountsSchema } from './map-schemas';
import {
  cardCheckResponseSchema,
  confirmCardCheckBody,
  createSubscriptionBody,
  keepActiveListingsBody,
  membershipStatusSchema,
  pinListingBody,
  subscriptionResponseSchema,
  testPaymentBody,
} from './membership';
import {
  createRatingBody,
  createReportBody,
  exchangeRatingStateSchema,
  memberIdParam,
  moderationActionBody,
  moderationResultSchema,
  ratingReplyBody,
  ratingSchema,
  reportCreatedSchema,
  reportGroupSchema,
  reportIdParams,
  reportsQuery,
} from './moderation-schemas';
import { postcodePattern } from './postcodes';
import { adminSupportRequestSchema, memberSupportRequestSchema, supportReplyBody } from './support-schemas';
import { createSavedSearchBody, savedSearchIdParams, savedSearchSchema, unsubscribeQuery, updateSavedSearchBody } from './saved-search-schemas';
import { membershipTiers } from './tiers';
import { authResponseSchema, currentUserSchema, googleSignInResponseSchema, messageResponseSchema } from './user-schemas';

/** A record's id in an address (a listing's, a video's, a banned word's). */
const idParams = z.object({ id: z.string().max(fieldLimits.opaqueIdMax) });

/** A favourite's listing, by id. */
const favouriteParams = z.object({ listingId: z.string().max(fieldLimits.opaqueIdMax) });

/** A photo as stored: the listing form sends its url back with the listing. */
export const uploadedImageSchema = z.object({ url: z.string(), thumbnailUrl: z.string(), width: z.number(), height: z.number(), bytes: z.number() });
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

/** The settings the server shares with the browser. */
export const publicConfigSchema = z.object({
  productName: z.string(),
  googleClientId: z.string().nullable(),
  mapTileUrl: z.string(),
  mapTileAttribution: z.string(),
  /** Who takes card checks and payments: Stripe (its Payment Element) or the built-in test provider (our card form). */
  paymentProvider: z.enum(['test', 'stripe']),
  stripePublishableKey: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['ok', 'unreachable']) });
/**
 * What a load balancer reads: whether this server takes requests, or is shutting down (draining).
 * Each part it needs is named only to this computer and to the metrics token's bearer.
 */
const readinessSchema = z.object({
  status: z.enum(['ok', 'unavailable', 'draining']),
  database: z.enum(['ok', 'unreachable']).optional(),
  redis: z.enum(['ok', 'unreachable', 'not configured']).optional(),
  storage: z.enum(['ok', 'unreachable', 'not checked']).optional(),
});
export type Readiness = z.infer<typeof readinessSchema>;

export const devOutboxQuery = z.object({
  to: z.string().trim().toLowerCase().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
/** One message in the development outbox, newest first. */
export const outboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  channel: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  headers: z.record(z.string(), z.string()).nullable(),
  createdAt: z.string(),
});

/**
 * The body of every failed call (errors.ts, ErrorBody: spec section 3's error body with a code and
 * field errors). The OpenAPI document describes every error answer with it; it is not a route's
 * response schema, since the one error handler builds these bodies.
 */
export const errorBodySchema = z.object({
  code: z.enum(Object.keys(appErrors) as [ErrorCode, ...ErrorCode[]]).describe('What went wrong, for the client to branch on (never on the HTTP status).'),
  message: z.string().describe('What to tell the person, in the product’s words.'),
  fieldErrors: z.array(z.object({ path: z.string(), message: z.string() })).optional().describe('VALIDATION_FAILED: each field that is wrong (its dotted path) and why.'),
  bannedWords: z.array(z.string()).optional().describe('CONTENT_FILTERED: the words that are not allowed.'),
  showContactForm: z.boolean().optional().describe('The page offers the contact form.'),
  listingLimit: z.number().int().nonnegative().optional().describe('LISTING_LIMIT_REACHED: the plan’s number of active listings.'),
  imageLimit: z.number().int().nonnegative().optional().describe('IMAGE_LIMIT_REACHED: the plan’s number of photos per listing.'),
  membershipTier: z.enum(membershipTiers).optional().describe('The member’s plan, where the limit depends on it.'),
  verifyAt: z.string().optional().describe('EMAIL_NOT_VERIFIED, PHONE_NOT_VERIFIED: the page where the member passes the missing check (/verify-email, /verify-phone).'),
}) satisfies z.ZodType<ErrorBody>;

type RequiredFieldsOf<T> = { [K in keyof T]-?: undefined extends T[K] ? never : K }[keyof T];
type Exactly<Found extends Expected, Expected> = Found;
/** Fails to compile when ErrorBody gains a field, or a required one, that errorBodySchema leaves out. */
export type ErrorBodySchemaCoversErrorBody = Exactly<keyof ErrorBody, keyof z.output<typeof errorBodySchema>> &
  Exactly<RequiredFieldsOf<ErrorBody>, RequiredFieldsOf<z.output<typeof errorBodySchema>>>;

type EndpointSchemas = {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** By status; an empty map is an answer with no JSON body (api-description.ts says which: 204, a redirect or an event stream). */
  response: Partial<Record<200 | 201 | 202 | 302 | 503, z.ZodType>>;
  consumes?: string[];
  /** Left out of the OpenAPI document: not a call for other clients. */
  hide?: boolean;
};

const multipart = ['multipart/form-data'];

export const apiSchemas = {
  register: { body: registerBody, response: { 201: authResponseSchema } },
  signIn: { body: loginBody, response: { 200: authResponseSchema } },
  getCurrentUser: { response: { 200: currentUserSchema } },
  signOut: { response: {} },
  requestPasswordReset: { body: resetRequestBody, response: { 200: messageResponseSchema } },
  verifyResetCode: { body: resetVerifyCodeBody, response: { 200: messageResponseSchema } },
  confirmPasswordReset: { body: resetConfirmBody, response: { 200: authResponseSchema } },
  startGoogleSignIn: { querystring: z.object({ invite: z.string().max(fieldLimits.opaqueIdMax).optional() }), response: {} },
  finishGoogleSignIn: { response: {} },
  pickUpGoogleSession: { response: { 200: googleSignInResponseSchema } },
  getInvitation: { params: z.object({ token: z.string().max(fieldLimits.opaqueIdMax) }), response: { 200: invitationSchema } },

  updateProfile: { body: updateProfileBody, response: { 200: currentUserSchema } },
  canChangePostcode: { response: { 200: canChangePostcodeSchema } },
  updatePhone: { body: updatePhoneBody, response: { 200: currentUserSchema } },
  changePassword: { body: changePasswordBody, response: { 200: messageResponseSchema } },
  requestEmailChange: { body: changeEmailBody, response: { 200: messageResponseSchema } },
  confirmEmailChange: { body: confirmEmailChangeBody, response: { 200: currentUserSchema } },
  listSessions: { response: { 200: accountSessionsResponse } },
  endSession: { params: z.object({ id: z.string().uuid(accountSecurityMessages.sessionNotFound) }), response: {} },
  endOtherSessions: { response: { 200: endOtherSessionsResponse } },
  requestDataExport: { response: { 202: dataExportSchema } },
  listDataExports: { response: { 200: dataExportsResponse } },
  downloadDataExport: { params: z.object({ id: z.string().uuid(dataExportMessages.notFound) }), response: {} },
  closeAccount: { body: closeAccountBody, response: { 200: messageResponseSchema } },
  describePostcode: { params: z.object({ postcode: z.string().regex(postcodePattern, accountMessages.postcodeInvalid) }), response: { 200: postcodePlaceSchema } },

  getVerificationStatus: { response: { 200: verificationStatusSchema } },
  sendVerificationEmail: { response: { 200: messageResponseSchema } },
  verifyEmail: { body: emailCodeBody, response: { 200: messageResponseSchema } },
  sendPhoneCode: { body: sendPhoneCodeBody, response: { 200: messageResponseSchema } },
  verifyPhone: { body: phoneCodeBody, response: { 200: messageResponseSchema } },
  verifyTestCard: { body: testCardBody, response: { 200: messageResponseSchema } },
  startCardCheck: { response: { 200: cardCheckResponseSchema } },
  confirmCardCheck: { body: confirmCardCheckBody, response: { 200: messageResponseSchema } },

  browseListings: { querystring: browseListingsQuery, response: { 200: z.array(listingViewSchema) } },
  getListing: { params: listingIdParams, response: { 200: listingViewSchema } },
  getListingReach: { params: listingIdParams, response: { 200: listingReachSchema } },
  createListing: { body: createListingBody, response: { 201: listingViewSchema } },
  updateListing: { params: listingIdParams, body: updateListingBody, response: { 200: listingViewSchema } },
  setListingStatus: { params: listingIdParams, body: setListingStatusBody, response: { 200: listingViewSchema } },
  pinListing: { params: listingIdParams, body: pinListingBody, response: { 200: listingViewSchema } },
  holdListing: { params: listingIdParams, body: holdListingBody, response: { 200: listingViewSchema } },
  releaseListing: { params: listingIdParams, response: { 200: listingViewSchema } },
  renewListing: { params: listingIdParams, response: { 200: listingViewSchema } },
  deleteListing: { params: listingIdParams, response: {} },
  listMyListings: { response: { 200: z.array(listingViewSchema) } },
  getListingInsights: { params: listingIdParams, response: { 200: listingInsightsSchema } },
  listSellerListings: { params: sellerIdParams, response: { 200: z.array(listingViewSchema) } },
  getSellerProfile: { params: sellerIdParams, response: { 200: sellerProfileSchema } },
  getUserStats: { response: { 200: userStatsSchema } },
  uploadImage: { consumes: multipart, response: { 201: uploadedImageSchema } },
  contactSeller: { body: contactSellerBody, response: { 200: messageResponseSchema.extend({ conversationId: z.string() }) } },
  countListingsByPlace: { querystring: mapCountsQuery, response: { 200: mapListingCountsSchema } },

  listFavourites: { response: { 200: z.array(favouriteViewSchema) } },
  saveFavourite: { params: favouriteParams, response: {} },
  removeFavourite: { params: favouriteParams, response: {} },
  listSavedSearches: { response: { 200: z.array(savedSearchSchema) } },
  createSavedSearch: { body: createSavedSearchBody, response: { 201: savedSearchSchema } },
  updateSavedSearch: { params: savedSearchIdParams, body: updateSavedSearchBody, response: { 200: savedSearchSchema } },
  deleteSavedSearch: { params: savedSearchIdParams, response: {} },
  markSavedSearchSeen: { params: savedSearchIdParams, response: {} },
  // A saved search mail's unsubscribe link, opened: changes nothing (mail scanners open links) and
  // redirects to /unsubscribe, whose button posts the one-click unsubscribe.
  unsubscribeSavedSearch: { params: savedSearchIdParams, querystring: unsubscribeQuery, response: {} },
  // RFC 8058 one-click: the mail client posts List-Unsubscribe=One-Click (form-encoded).
  unsubscribeSavedSearchOneClick: { params: savedSearchIdParams, querystring: unsubscribeQuery, response: { 200: messageResponseSchema } },

  startConversation: { params: listingIdParams, body: startConversationBody, response: { 200: startConversationResponse, 201: startConversationResponse } },
  listConversations: { querystring: inboxQuery, response: { 200: z.array(conversationSummarySchema) } },
  listListingConversations: { params: listingIdParams, response: { 200: z.array(conversationSummarySchema) } },
  countUnreadMessages: { response: { 200: unreadCountSchema } },
  getConversation: { params: conversationIdParams, response: { 200: conversationSummarySchema } },
  listMessages: { params: conversationIdParams, querystring: threadQuery, response: { 200: z.array(messageSchema) } },
  sendMessage: { params: conversationIdParams, body: sendMessageBody, response: { 201: messageSchema } },
  markConversationRead: { params: conversationIdParams, response: {} },
  makeOffer: { params: conversationIdParams, body: offerAmountBody, response: { 201: messageSchema } },
  acceptOffer: { params: offerIdParams, response: { 201: messageSchema } },
  declineOffer: { params: offerIdParams, response: { 201: messageSchema } },
  counterOffer: { params: offerIdParams, body: offerAmountBody, response: { 201: messageSchema } },
  withdrawOffer: { params: offerIdParams, response: { 201: messageSchema } },
  proposePickup: { params: conversationIdParams, body: proposePickupBody, response: { 201: pickupStepResponse } },
  confirmPickup: { params: pickupIdParams, response: { 201: pickupStepResponse } },
  listBlockedMembers: { response: { 200: z.array(blockedMemberSchema) } },
  blockMember: { params: memberIdParams, response: {} },
  unblockMember: { params: memberIdParams, response: {} },
  updateNotificationSettings: { body: notificationSettingsBody, response: { 200: currentUserSchema } },
  issueEventTicket: { response: { 200: eventTicketSchema } },
  // text/event-stream: `message`, `read` and `conversation` events (MemberEvent), `ready` once connected, and
  // `replaced` last when a newer stream of the member takes its place (decision 27).
  streamEvents: { querystring: eventStreamQuery, response: {} },

  createReport: { body: createReportBody, response: { 201: reportCreatedSchema } },
  requestListingReview: { params: idParams, response: { 200: messageResponseSchema } },
  createRating: { body: createRatingBody, response: { 201: ratingSchema } },
  getExchangeRating: { params: listingIdParams, response: { 200: exchangeRatingStateSchema } },
  listSellerRatings: { params: sellerIdParams, response: { 200: z.array(ratingSchema) } },
  replyToRating: { params: idParams, body: ratingReplyBody, response: { 200: ratingSchema } },

  createSubscription: { body: createSubscriptionBody, response: { 200: subscriptionResponseSchema } },
  payWithTestCard: { body: testPaymentBody, response: { 200: z.object({ message: z.string(), tier: z.enum(membershipTiers) }) } },
  getMembership: { response: { 200: membershipStatusSchema } },
  cancelUpcomingCharge: { response: { 200: messageResponseSchema } },
  undoScheduledChange: { response: { 200: messageResponseSchema } },
  keepActiveListings: { body: keepActiveListingsBody, response: { 200: messageResponseSchema } },
  // The body is read as raw bytes: the signature covers them exactly.
  receivePaymentEvent: { response: { 200: z.object({ received: z.literal(true), outcome: z.enum(['applied', 'duplicate', 'ignored']) }) } },

  listMembers: { querystring: adminUsersQuery, response: { 200: adminUsersResponse } },
  verifyMember: { body: verifyUserBody, response: { 200: messageResponseSchema } },
  giftMembership: { body: giftMembershipBody, response: { 200: messageResponseSchema } },
  inviteMember: { body: inviteUserBody, response: { 200: messageResponseSchema } },
  listBannedWords: { response: { 200: z.array(bannedWordSchema) } },
  banWord: { body: bannedWordBody, response: { 201: bannedWordSchema } },
  unbanWord: { params: idParams, response: { 200: messageResponseSchema } },
  listAuditLog: { response: { 200: z.array(auditEntrySchema) } },
  getJobsSummary: { response: { 200: jobsSummarySchema } },
  listReports: { querystring: reportsQuery, response: { 200: z.array(reportGroupSchema) } },
  getAdminInsights: { querystring: adminInsightsQuery, response: { 200: adminInsightsSchema } },
  downloadAdminInsights: { querystring: adminInsightsQuery, response: {} },
  actOnReport: { params: reportIdParams, body: moderationActionBody, response: { 200: moderationResultSchema } },
  liftSuspension: { params: memberIdParam, response: { 200: moderationResultSchema } },
  closeMemberAccount: { params: memberIdParam, body: adminCloseAccountBody, response: { 200: messageResponseSchema } },
  listHomepageVideos: { response: { 200: z.array(homepageVideoSchema) } },
  uploadHomepageVideo: { consumes: multipart, response: { 201: homepageVideoSchema } },
  activateHomepageVideo: { params: idParams, response: { 200: homepageVideoSchema } },
  deleteHomepageVideo: { params: idParams, response: {} },
  listSupportRequests: { response: { 200: z.array(adminSupportRequestSchema) } },
  replyToSupportRequest: { params: idParams, body: supportReplyBody, response: { 200: messageResponseSchema.extend({ request: adminSupportRequestSchema }) } },

  getActiveHomepageVideo: { response: { 200: homepageVideoSchema.nullable() } },
  sendContactMessage: { body: contactFormBody, response: { 200: messageResponseSchema } },
  listMySupportRequests: { response: { 200: z.array(memberSupportRequestSchema) } },
  getPublicConfig: { response: { 200: publicConfigSchema } },
  checkLiveness: { response: { 200: z.object({ status: z.literal('ok') }) } },
  checkHealth: { response: { 200: healthSchema, 503: healthSchema } },
  checkReadiness: { response: { 200: readinessSchema, 503: readinessSchema } },
  listDevOutbox: { querystring: devOutboxQuery, hide: true, response: { 200: z.array(outboxMessageSchema) } },
} satisfies { [K in EndpointName]: EndpointSchemas };

type Schemas<K extends EndpointName> = (typeof apiSchemas)[K];

/** The body a successful call answers with (undefined for a 204 or a redirect). */
export type ApiResponse<K extends EndpointName> =
  Schemas<K>['response'] extends { 200: infer S extends z.ZodType }
    ? z.output<S>
    : Schemas<K>['response'] extends { 201: infer S extends z.ZodType }
      ? z.output<S>
      : Schemas<K>['response'] extends { 202: infer S extends z.ZodType }
        ? z.output<S>
        : undefined;

type Part<K extends EndpointName, Field extends 'params' | 'querystring' | 'body', Name extends string> =
  Schemas<K> extends { [F in Field]: infer S extends z.ZodType } ? { [N in Name]: z.input<S> } : unknown;

/** What a caller sends: `params` for the address's `:name` segments, `query` and `body` as the call takes them. */
export type ApiInput<K extends EndpointName> = Part<K, 'params', 'params'> & Part<K, 'querystring', 'query'> & Part<K, 'body', 'body'>;
