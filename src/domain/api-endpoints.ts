// Every call the API answers, once: its name, method, address and OpenAPI tag (spec 7). The server
// registers each route from its entry (src/server/http/endpoint.ts) and the web client calls it by
// name (src/web/lib/api-client.ts). There is no zod here, so a page that calls the API downloads
// none of the schemas; api-schemas.ts gives each name its request and response schemas, and the
// compiler keeps the two lists the same.
import { googleSignInPaths } from './google-sign-in';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type EndpointAddress = {
  readonly method: HttpMethod;
  readonly path: string;
  readonly tag: string;
  /** The `:name` segments that are secrets (an invitation's token): the logs blank them, whatever they look like. */
  readonly secretParams?: readonly string[];
};

export const apiEndpoints = {
  // Accounts and sign-in
  register: { method: 'POST', path: '/api/auth/register', tag: 'auth' },
  signIn: { method: 'POST', path: '/api/auth/login', tag: 'auth' },
  getCurrentUser: { method: 'GET', path: '/api/auth/me', tag: 'auth' },
  signOut: { method: 'POST', path: '/api/auth/logout', tag: 'auth' },
  requestPasswordReset: { method: 'POST', path: '/api/auth/reset-password-request', tag: 'auth' },
  verifyResetCode: { method: 'POST', path: '/api/auth/reset-password-verify-code', tag: 'auth' },
  confirmPasswordReset: { method: 'POST', path: '/api/auth/reset-password-confirm', tag: 'auth' },
  startGoogleSignIn: { method: 'GET', path: googleSignInPaths.start, tag: 'auth' },
  finishGoogleSignIn: { method: 'GET', path: googleSignInPaths.callback, tag: 'auth' },
  pickUpGoogleSession: { method: 'POST', path: googleSignInPaths.session, tag: 'auth' },
  getInvitation: { method: 'GET', path: '/api/invitations/:token', tag: 'auth', secretParams: ['token'] },

  // The member's own account
  updateProfile: { method: 'PUT', path: '/api/user/profile', tag: 'account' },
  canChangePostcode: { method: 'GET', path: '/api/user/can-change-postcode', tag: 'account' },
  updatePhone: { method: 'PUT', path: '/api/user/phone', tag: 'account' },
  describePostcode: { method: 'GET', path: '/api/postcodes/:postcode', tag: 'account' },

  // Verification
  getVerificationStatus: { method: 'GET', path: '/api/verification-status', tag: 'verification' },
  sendVerificationEmail: { method: 'POST', path: '/api/send-verification-email', tag: 'verification' },
  verifyEmail: { method: 'POST', path: '/api/verify-email', tag: 'verification' },
  sendPhoneCode: { method: 'POST', path: '/api/phone/send-code', tag: 'verification' },
  verifyPhone: { method: 'POST', path: '/api/verify-phone', tag: 'verification' },
  verifyTestCard: { method: 'POST', path: '/api/verify-card', tag: 'verification' },
  startCardCheck: { method: 'POST', path: '/api/verify-card/setup', tag: 'verification' },
  confirmCardCheck: { method: 'POST', path: '/api/verify-card/confirm', tag: 'verification' },

  // Listings
  browseListings: { method: 'GET', path: '/api/listings', tag: 'listings' },
  getListing: { method: 'GET', path: '/api/listings/:id', tag: 'listings' },
  getListingReach: { method: 'GET', path: '/api/listings/:id/reach', tag: 'listings' },
  createListing: { method: 'POST', path: '/api/listings', tag: 'listings' },
  updateListing: { method: 'PUT', path: '/api/listings/:id', tag: 'listings' },
  setListingStatus: { method: 'PATCH', path: '/api/listings/:id', tag: 'listings' },
  pinListing: { method: 'PUT', path: '/api/listings/:id/pin', tag: 'listings' },
  deleteListing: { method: 'DELETE', path: '/api/listings/:id', tag: 'listings' },
  listMyListings: { method: 'GET', path: '/api/my-listings', tag: 'listings' },
  listSellerListings: { method: 'GET', path: '/api/seller-listings/:sellerId', tag: 'listings' },
  getSellerProfile: { method: 'GET', path: '/api/sellers/:sellerId', tag: 'listings' },
  getUserStats: { method: 'GET', path: '/api/user/stats', tag: 'listings' },
  uploadImage: { method: 'POST', path: '/api/uploads/images', tag: 'listings' },
  contactSeller: { method: 'POST', path: '/api/contact-seller', tag: 'listings' },
  countListingsByPlace: { method: 'GET', path: '/api/map/listing-counts', tag: 'map' },

  // The member's Saved page
  listFavourites: { method: 'GET', path: '/api/favourites', tag: 'saved' },
  saveFavourite: { method: 'PUT', path: '/api/favourites/:listingId', tag: 'saved' },
  removeFavourite: { method: 'DELETE', path: '/api/favourites/:listingId', tag: 'saved' },
  listSavedSearches: { method: 'GET', path: '/api/saved-searches', tag: 'saved' },
  createSavedSearch: { method: 'POST', path: '/api/saved-searches', tag: 'saved' },
  updateSavedSearch: { method: 'PATCH', path: '/api/saved-searches/:id', tag: 'saved' },
  deleteSavedSearch: { method: 'DELETE', path: '/api/saved-searches/:id', tag: 'saved' },
  markSavedSearchSeen: { method: 'POST', path: '/api/saved-searches/:id/seen', tag: 'saved' },
  unsubscribeSavedSearch: { method: 'GET', path: '/api/saved-searches/:id/unsubscribe', tag: 'saved' },
  unsubscribeSavedSearchOneClick: { method: 'POST', path: '/api/saved-searches/:id/unsubscribe', tag: 'saved' },

  // Conversations and the event stream
  startConversation: { method: 'POST', path: '/api/listings/:id/conversations', tag: 'conversations' },
  listConversations: { method: 'GET', path: '/api/conversations', tag: 'conversations' },
  listListingConversations: { method: 'GET', path: '/api/listings/:id/conversations', tag: 'conversations' },
  countUnreadMessages: { method: 'GET', path: '/api/conversations/unread-count', tag: 'conversations' },
  getConversation: { method: 'GET', path: '/api/conversations/:id', tag: 'conversations' },
  listMessages: { method: 'GET', path: '/api/conversations/:id/messages', tag: 'conversations' },
  sendMessage: { method: 'POST', path: '/api/conversations/:id/messages', tag: 'conversations' },
  markConversationRead: { method: 'POST', path: '/api/conversations/:id/read', tag: 'conversations' },
  listBlockedMembers: { method: 'GET', path: '/api/blocks', tag: 'conversations' },
  blockMember: { method: 'PUT', path: '/api/blocks/:memberId', tag: 'conversations' },
  unblockMember: { method: 'DELETE', path: '/api/blocks/:memberId', tag: 'conversations' },
  updateNotificationSettings: { method: 'PUT', path: '/api/user/notifications', tag: 'account' },
  issueEventTicket: { method: 'POST', path: '/api/events/ticket', tag: 'events' },
  streamEvents: { method: 'GET', path: '/api/events', tag: 'events' },

  // Reports and ratings (the trust loop)
  createReport: { method: 'POST', path: '/api/reports', tag: 'trust' },
  requestListingReview: { method: 'POST', path: '/api/my-listings/:id/review', tag: 'trust' },
  createRating: { method: 'POST', path: '/api/ratings', tag: 'trust' },
  getExchangeRating: { method: 'GET', path: '/api/listings/:id/rating', tag: 'trust' },
  listSellerRatings: { method: 'GET', path: '/api/sellers/:sellerId/ratings', tag: 'trust' },
  replyToRating: { method: 'POST', path: '/api/ratings/:id/reply', tag: 'trust' },

  // Membership
  createSubscription: { method: 'POST', path: '/api/create-subscription', tag: 'membership' },
  payWithTestCard: { method: 'POST', path: '/api/payments/test/pay', tag: 'membership' },
  getMembership: { method: 'GET', path: '/api/membership', tag: 'membership' },
  cancelUpcomingCharge: { method: 'POST', path: '/api/membership/cancel-upcoming-charge', tag: 'membership' },
  keepActiveListings: { method: 'POST', path: '/api/my-listings/keep-active', tag: 'membership' },
  receivePaymentEvent: { method: 'POST', path: '/api/webhooks/payments', tag: 'membership' },

  // Administration
  listMembers: { method: 'GET', path: '/api/admin/users', tag: 'admin' },
  verifyMember: { method: 'POST', path: '/api/admin/verify-user', tag: 'admin' },
  giftMembership: { method: 'POST', path: '/api/admin/gift-membership', tag: 'admin' },
  inviteMember: { method: 'POST', path: '/api/admin/invite-user', tag: 'admin' },
  listBannedWords: { method: 'GET', path: '/api/admin/banned-words', tag: 'admin' },
  banWord: { method: 'POST', path: '/api/admin/banned-words', tag: 'admin' },
  unbanWord: { method: 'DELETE', path: '/api/admin/banned-words/:id', tag: 'admin' },
  listAuditLog: { method: 'GET', path: '/api/admin/audit-log', tag: 'admin' },
  getJobsSummary: { method: 'GET', path: '/api/admin/jobs', tag: 'admin' },
  listReports: { method: 'GET', path: '/api/admin/reports', tag: 'admin' },
  actOnReport: { method: 'POST', path: '/api/admin/reports/:id/actions', tag: 'admin' },
  liftSuspension: { method: 'DELETE', path: '/api/admin/members/:id/suspension', tag: 'admin' },
  listHomepageVideos: { method: 'GET', path: '/api/admin/homepage-videos', tag: 'admin' },
  uploadHomepageVideo: { method: 'POST', path: '/api/admin/homepage-videos', tag: 'admin' },
  activateHomepageVideo: { method: 'PUT', path: '/api/admin/homepage-videos/:id/activate', tag: 'admin' },
  deleteHomepageVideo: { method: 'DELETE', path: '/api/admin/homepage-videos/:id', tag: 'admin' },

  // The site
  getActiveHomepageVideo: { method: 'GET', path: '/api/homepage-video/active', tag: 'content' },
  sendContactMessage: { method: 'POST', path: '/api/contact', tag: 'support' },
  getPublicConfig: { method: 'GET', path: '/api/public-config', tag: 'system' },
  checkLiveness: { method: 'GET', path: '/api/health/live', tag: 'system' },
  checkHealth: { method: 'GET', path: '/api/health', tag: 'system' },
  checkReadiness: { method: 'GET', path: '/api/health/ready', tag: 'system' },
  listDevOutbox: { method: 'GET', path: '/api/dev/outbox', tag: 'development' },
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
