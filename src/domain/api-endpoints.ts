// Every call the API answers, once: its name, method, address, OpenAPI tag and who may call it
// (spec 7). The server registers each route from its entry (src/server/http/endpoint.ts) and the web
// client calls it by name (src/web/lib/api-client.ts). There is no zod here, so a page that calls the
// API downloads none of the schemas; api-schemas.ts gives each name its request and response
// schemas, api-description.ts its summary and failures, and the compiler keeps the lists the same.
import { googleSignInPaths } from './google-sign-in';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: anyone (`public`: a session token, when sent, is still read), a signed-in member
 * (`member`: 401 without a session), or an admin (`admin`: 401 without a session, 403 for other
 * members). The OpenAPI document's security comes from it; the authorisation matrix
 * (tests/api/authorization-matrix.test.ts) checks it against what the server answers.
 */
export type EndpointAccess = 'public' | 'member' | 'admin';

export type EndpointAddress = {
  readonly method: HttpMethod;
  readonly path: string;
  readonly tag: string;
  readonly access: EndpointAccess;
  /** The `:name` segments that are secrets (an invitation's token): the logs blank them, whatever they look like. */
  readonly secretParams?: readonly string[];
};

export const apiEndpoints = {
  // Accounts and sign-in
  register: { method: 'POST', path: '/api/auth/register', tag: 'auth', access: 'public' },
  signIn: { method: 'POST', path: '/api/auth/login', tag: 'auth', access: 'public' },
  getCurrentUser: { method: 'GET', path: '/api/auth/me', tag: 'auth', access: 'member' },
  signOut: { method: 'POST', path: '/api/auth/logout', tag: 'auth', access: 'member' },
  requestPasswordReset: { method: 'POST', path: '/api/auth/reset-password-request', tag: 'auth', access: 'public' },
  verifyResetCode: { method: 'POST', path: '/api/auth/reset-password-verify-code', tag: 'auth', access: 'public' },
  confirmPasswordReset: { method: 'POST', path: '/api/auth/reset-password-confirm', tag: 'auth', access: 'public' },
  startGoogleSignIn: { method: 'GET', path: googleSignInPaths.start, tag: 'auth', access: 'public' },
  finishGoogleSignIn: { method: 'GET', path: googleSignInPaths.callback, tag: 'auth', access: 'public' },
  pickUpGoogleSession: { method: 'POST', path: googleSignInPaths.session, tag: 'auth', access: 'public' },
  getInvitation: { method: 'GET', path: '/api/invitations/:token', tag: 'auth', access: 'public', secretParams: ['token'] },

  // The member's own account
  updateProfile: { method: 'PUT', path: '/api/user/profile', tag: 'account', access: 'member' },
  canChangePostcode: { method: 'GET', path: '/api/user/can-change-postcode', tag: 'account', access: 'member' },
  updatePhone: { method: 'PUT', path: '/api/user/phone', tag: 'account', access: 'member' },
  changePassword: { method: 'PUT', path: '/api/user/password', tag: 'account', access: 'member' },
  requestEmailChange: { method: 'POST', path: '/api/user/email', tag: 'account', access: 'member' },
  confirmEmailChange: { method: 'POST', path: '/api/user/email/verify', tag: 'account', access: 'member' },
  listSessions: { method: 'GET', path: '/api/user/sessions', tag: 'account', access: 'member' },
  endSession: { method: 'DELETE', path: '/api/user/sessions/:id', tag: 'account', access: 'member' },
  endOtherSessions: { method: 'DELETE', path: '/api/user/sessions', tag: 'account', access: 'member' },
  requestDataExport: { method: 'POST', path: '/api/user/export', tag: 'account', access: 'member' },
  listDataExports: { method: 'GET', path: '/api/user/exports', tag: 'account', access: 'member' },
  downloadDataExport: { method: 'GET', path: '/api/user/exports/:id', tag: 'account', access: 'member' },
  closeAccount: { method: 'DELETE', path: '/api/user', tag: 'account', access: 'member' },
  describePostcode: { method: 'GET', path: '/api/postcodes/:postcode', tag: 'account', access: 'public' },

  // Verification
  getVerificationStatus: { method: 'GET', path: '/api/verification-status', tag: 'verification', access: 'member' },
  sendVerificationEmail: { method: 'POST', path: '/api/send-verification-email', tag: 'verification', access: 'member' },
  verifyEmail: { method: 'POST', path: '/api/verify-email', tag: 'verification', access: 'member' },
  sendPhoneCode: { method: 'POST', path: '/api/phone/send-code', tag: 'verification', access: 'member' },
  verifyPhone: { method: 'POST', path: '/api/verify-phone', tag: 'verification', access: 'member' },
  verifyTestCard: { method: 'POST', path: '/api/verify-card', tag: 'verification', access: 'member' },
  startCardCheck: { method: 'POST', path: '/api/verify-card/setup', tag: 'verification', access: 'member' },
  confirmCardCheck: { method: 'POST', path: '/api/verify-card/confirm', tag: 'verification', access: 'member' },

  // Listings
  browseListings: { method: 'GET', path: '/api/listings', tag: 'listings', access: 'public' },
  getListing: { method: 'GET', path: '/api/listings/:id', tag: 'listings', access: 'public' },
  getListingReach: { method: 'GET', path: '/api/listings/:id/reach', tag: 'listings', access: 'member' },
  createListing: { method: 'POST', path: '/api/listings', tag: 'listings', access: 'member' },
  updateListing: { method: 'PUT', path: '/api/listings/:id', tag: 'listings', access: 'member' },
  setListingStatus: { method: 'PATCH', path: '/api/listings/:id', tag: 'listings', access: 'member' },
  pinListing: { method: 'PUT', path: '/api/listings/:id/pin', tag: 'listings', access: 'member' },
  holdListing: { method: 'PUT', path: '/api/listings/:id/reservation', tag: 'listings', access: 'member' },
  releaseListing: { method: 'DELETE', path: '/api/listings/:id/reservation', tag: 'listings', access: 'member' },
  renewListing: { method: 'POST', path: '/api/listings/:id/renew', tag: 'listings', access: 'member' },
  deleteListing: { method: 'DELETE', path: '/api/listings/:id', tag: 'listings', access: 'member' },
  listMyListings: { method: 'GET', path: '/api/my-listings', tag: 'listings', access: 'member' },
  getListingInsights: { method: 'GET', path: '/api/my-listings/:id/insights', tag: 'listings', access: 'member' },
  listSellerListings: { method: 'GET', path: '/api/seller-listings/:sellerId', tag: 'listings', access: 'public' },
  getSellerProfile: { method: 'GET', path: '/api/sellers/:sellerId', tag: 'listings', access: 'public' },
  getUserStats: { method: 'GET', path: '/api/user/stats', tag: 'listings', access: 'member' },
  uploadImage: { method: 'POST', path: '/api/uploads/images', tag: 'listings', access: 'member' },
  contactSeller: { method: 'POST', path: '/api/contact-seller', tag: 'listings', access: 'member' },
  countListingsByPlace: { method: 'GET', path: '/api/map/listing-counts', tag: 'map', access: 'member' },

  // The member's Saved page
  listFavourites: { method: 'GET', path: '/api/favourites', tag: 'saved', access: 'member' },
  saveFavourite: { method: 'PUT', path: '/api/favourites/:listingId', tag: 'saved', access: 'member' },
  removeFavourite: { method: 'DELETE', path: '/api/favourites/:listingId', tag: 'saved', access: 'member' },
  listSavedSearches: { method: 'GET', path: '/api/saved-searches', tag: 'saved', access: 'member' },
  createSavedSearch: { method: 'POST', path: '/api/saved-searches', tag: 'saved', access: 'member' },
  updateSavedSearch: { method: 'PATCH', path: '/api/saved-searches/:id', tag: 'saved', access: 'member' },
  deleteSavedSearch: { method: 'DELETE', path: '/api/saved-searches/:id', tag: 'saved', access: 'member' },
  markSavedSearchSeen: { method: 'POST', path: '/api/saved-searches/:id/seen', tag: 'saved', access: 'member' },
  unsubscribeSavedSearch: { method: 'GET', path: '/api/saved-searches/:id/unsubscribe', tag: 'saved', access: 'public' },
  unsubscribeSavedSearchOneClick: { method: 'POST', path: '/api/saved-searches/:id/unsubscribe', tag: 'saved', access: 'public' },

  // Conversations and the event stream
  startConversation: { method: 'POST', path: '/api/listings/:id/conversations', tag: 'conversations', access: 'member' },
  listConversations: { method: 'GET', path: '/api/conversations', tag: 'conversations', access: 'member' },
  listListingConversations: { method: 'GET', path: '/api/listings/:id/conversations', tag: 'conversations', access: 'member' },
  countUnreadMessages: { method: 'GET', path: '/api/conversations/unread-count', tag: 'conversations', access: 'member' },
  getConversation: { method: 'GET', path: '/api/conversations/:id', tag: 'conversations', access: 'member' },
  listMessages: { method: 'GET', path: '/api/conversations/:id/messages', tag: 'conversations', access: 'member' },
  sendMessage: { method: 'POST', path: '/api/conversations/:id/messages', tag: 'conversations', access: 'member' },
  markConversationRead: { method: 'POST', path: '/api/conversations/:id/read', tag: 'conversations', access: 'member' },
  makeOffer: { method: 'POST', path: '/api/conversations/:id/offers', tag: 'conversations', access: 'member' },
  acceptOffer: { method: 'POST', path: '/api/offers/:id/accept', tag: 'conversations', access: 'member' },
  declineOffer: { method: 'POST', path: '/api/offers/:id/decline', tag: 'conversations', access: 'member' },
  counterOffer: { method: 'POST', path: '/api/offers/:id/counter', tag: 'conversations', access: 'member' },
  withdrawOffer: { method: 'POST', path: '/api/offers/:id/withdraw', tag: 'conversations', access: 'member' },
  proposePickup: { method: 'POST', path: '/api/conversations/:id/pickups', tag: 'conversations', access: 'member' },
  confirmPickup: { method: 'POST', path: '/api/pickups/:id/confirm', tag: 'conversations', access: 'member' },
  listBlockedMembers: { method: 'GET', path: '/api/blocks', tag: 'conversations', access: 'member' },
  blockMember: { method: 'PUT', path: '/api/blocks/:memberId', tag: 'conversations', access: 'member' },
  unblockMember: { method: 'DELETE', path: '/api/blocks/:memberId', tag: 'conversations', access: 'member' },
  updateNotificationSettings: { method: 'PUT', path: '/api/user/notifications', tag: 'account', access: 'member' },
  issueEventTicket: { method: 'POST', path: '/api/events/ticket', tag: 'events', access: 'member' },
  streamEvents: { method: 'GET', path: '/api/events', tag: 'events', access: 'member' },

  // Reports and ratings (the trust loop)
  createReport: { method: 'POST', path: '/api/reports', tag: 'trust', access: 'member' },
  requestListingReview: { method: 'POST', path: '/api/my-listings/:id/review', tag: 'trust', access: 'member' },
  createRating: { method: 'POST', path: '/api/ratings', tag: 'trust', access: 'member' },
  getExchangeRating: { method: 'GET', path: '/api/listings/:id/rating', tag: 'trust', access: 'member' },
  listSellerRatings: { method: 'GET', path: '/api/sellers/:sellerId/ratings', tag: 'trust', access: 'public' },
  replyToRating: { method: 'POST', path: '/api/ratings/:id/reply', tag: 'trust', access: 'member' },

  // Membership
  createSubscription: { method: 'POST', path: '/api/create-subscription', tag: 'membership', access: 'member' },
  payWithTestCard: { method: 'POST', path: '/api/payments/test/pay', tag: 'membership', access: 'member' },
  getMembership: { method: 'GET', path: '/api/membership', tag: 'membership', access: 'member' },
  cancelUpcomingCharge: { method: 'POST', path: '/api/membership/cancel-upcoming-charge', tag: 'membership', access: 'member' },
  undoScheduledChange: { method: 'POST', path: '/api/membership/undo-scheduled-change', tag: 'membership', access: 'member' },
  keepActiveListings: { method: 'POST', path: '/api/my-listings/keep-active', tag: 'membership', access: 'member' },
  receivePaymentEvent: { method: 'POST', path: '/api/webhooks/payments', tag: 'membership', access: 'public' },

  // Administration
  listMembers: { method: 'GET', path: '/api/admin/users', tag: 'admin', access: 'admin' },
  verifyMember: { method: 'POST', path: '/api/admin/verify-user', tag: 'admin', access: 'admin' },
  giftMembership: { method: 'POST', path: '/api/admin/gift-membership', tag: 'admin', access: 'admin' },
  inviteMember: { method: 'POST', path: '/api/admin/invite-user', tag: 'admin', access: 'admin' },
  listBannedWords: { method: 'GET', path: '/api/admin/banned-words', tag: 'admin', access: 'admin' },
  banWord: { method: 'POST', path: '/api/admin/banned-words', tag: 'admin', access: 'admin' },
  unbanWord: { method: 'DELETE', path: '/api/admin/banned-words/:id', tag: 'admin', access: 'admin' },
  listAuditLog: { method: 'GET', path: '/api/admin/audit-log', tag: 'admin', access: 'admin' },
  getJobsSummary: { method: 'GET', path: '/api/admin/jobs', tag: 'admin', access: 'admin' },
  listReports: { method: 'GET', path: '/api/admin/reports', tag: 'admin', access: 'admin' },
  getAdminInsights: { method: 'GET', path: '/api/admin/insights', tag: 'admin', access: 'admin' },
  downloadAdminInsights: { method: 'GET', path: '/api/admin/insights/csv', tag: 'admin', access: 'admin' },
  actOnReport: { method: 'POST', path: '/api/admin/reports/:id/actions', tag: 'admin', access: 'admin' },
  liftSuspension: { method: 'DELETE', path: '/api/admin/members/:id/suspension', tag: 'admin', access: 'admin' },
  closeMemberAccount: { method: 'DELETE', path: '/api/admin/members/:id', tag: 'admin', access: 'admin' },
  listHomepageVideos: { method: 'GET', path: '/api/admin/homepage-videos', tag: 'admin', access: 'admin' },
  uploadHomepageVideo: { method: 'POST', path: '/api/admin/homepage-videos', tag: 'admin', access: 'admin' },
  activateHomepageVideo: { method: 'PUT', path: '/api/admin/homepage-videos/:id/activate', tag: 'admin', access: 'admin' },
  deleteHomepageVideo: { method: 'DELETE', path: '/api/admin/homepage-videos/:id', tag: 'admin', access: 'admin' },
  listSupportRequests: { method: 'GET', path: '/api/admin/support', tag: 'admin', access: 'admin' },
  replyToSupportRequest: { method: 'POST', path: '/api/admin/support/:id/reply', tag: 'admin', access: 'admin' },

  // The site
  getActiveHomepageVideo: { method: 'GET', path: '/api/homepage-video/active', tag: 'content', access: 'public' },
  sendContactMessage: { method: 'POST', path: '/api/contact', tag: 'support', access: 'public' },
  listMySupportRequests: { method: 'GET', path: '/api/support', tag: 'support', access: 'member' },
  getPublicConfig: { method: 'GET', path: '/api/public-config', tag: 'system', access: 'public' },
  checkLiveness: { method: 'GET', path: '/api/health/live', tag: 'system', access: 'public' },
  checkHealth: { method: 'GET', path: '/api/health', tag: 'system', access: 'public' },
  checkReadiness: { method: 'GET', path: '/api/health/ready', tag: 'system', access: 'public' },
  listDevOutbox: { method: 'GET', path: '/api/dev/outbox', tag: 'development', access: 'public' },
} as const satisfies Record<string, EndpointAddress>;

export type EndpointName = keyof typeof apiEndpoints;

type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values an address's `:name` segments take. */
export type EndpointParams<K extends EndpointName> = { [Name in ParamNames<(typeof apiEndpoints)[K]['path']>]: string };

/** The address of one call: each `:name` segment filled in and encoded, then the query (empty values left out). */
export function endpointPath<K extends EndpointName>(name: K, params?: EndpointParams<K>, query?: Record<string, string | number | boolean | null | undefined>): string {
  const values = (params ?? {}) as Record<string, string>;
  const path = apiEndpoints[name].path.replace(/:(\w+)/g, (_, param: string) => encodeURIComponent(values[param] ?? ''));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
