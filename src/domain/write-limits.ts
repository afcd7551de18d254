// Every call that changes something has an abuse limit of its own (decision 26): per member, or per
// client address for a visitor. They sit on top of the tighter limits some calls have (sign-in,
// codes, reports: limits.ts) and are far above what a person does, so only a flood meets them: a
// script that edits a listing, flips a plan or toggles a heart in a loop. The compiler keeps this
// list complete: a new call that writes does not build without its limit here.
import { apiEndpoints, type EndpointName } from './api-endpoints';
import type { RateLimit } from './limits';
import { offerLimits } from './offers';
import { pickupLimits } from './pickups';

export type WriteEndpointName = { [K in EndpointName]: (typeof apiEndpoints)[K]['method'] extends 'GET' ? never : K }[EndpointName];

const perHour = (max: number): RateLimit => ({ max, window: '1 hour' });
const perMinute = (max: number): RateLimit => ({ max, window: '1 minute' });

export const writeLimits = {
  // Accounts and sign-in (each also has its per-address or per-account limit in limits.ts)
  register: perHour(30),
  signIn: perMinute(30),
  signOut: perMinute(30),
  requestPasswordReset: perHour(20),
  verifyResetCode: perHour(60),
  confirmPasswordReset: perHour(20),
  pickUpGoogleSession: perHour(60),
  updateProfile: perHour(20),
  updatePhone: perHour(10),
  changePassword: perHour(10),
  requestEmailChange: perHour(10),
  confirmEmailChange: perHour(30),
  endSession: perHour(60),
  endOtherSessions: perHour(20),
  // One copy a day is the rule (EXPORT_TOO_SOON); this only stops a loop of refused asks.
  requestDataExport: perHour(10),
  closeAccount: perHour(10),
  updateNotificationSettings: perHour(60),
  // Checks
  sendVerificationEmail: perHour(20),
  verifyEmail: perHour(60),
  sendPhoneCode: perHour(20),
  verifyPhone: perHour(60),
  verifyTestCard: perHour(20),
  startCardCheck: perHour(20),
  confirmCardCheck: perHour(20),
  // Listings: more than a busy seller's day, far fewer than a loop's minute
  createListing: perHour(30),
  updateListing: perHour(60),
  setListingStatus: perHour(30),
  holdListing: perHour(30),
  releaseListing: perHour(30),
  pinListing: perHour(30),
  // A listing may be renewed once per listing time (30 days at least): this only stops a loop.
  renewListing: perHour(30),
  deleteListing: perHour(30),
  uploadImage: perHour(240),
  contactSeller: perHour(60),
  // Saved
  saveFavourite: perHour(120),
  removeFavourite: perHour(120),
  createSavedSearch: perHour(30),
  updateSavedSearch: perHour(60),
  deleteSavedSearch: perHour(30),
  markSavedSearchSeen: perHour(240),
  unsubscribeSavedSearchOneClick: perHour(60),
  // Conversations
  startConversation: perHour(60),
  sendMessage: perHour(600),
  markConversationRead: perHour(1200),
  makeOffer: perHour(offerLimits.callsPerHour),
  acceptOffer: perHour(offerLimits.callsPerHour),
  declineOffer: perHour(offerLimits.callsPerHour),
  counterOffer: perHour(offerLimits.callsPerHour),
  withdrawOffer: perHour(offerLimits.callsPerHour),
  proposePickup: perHour(pickupLimits.callsPerHour),
  confirmPickup: perHour(pickupLimits.callsPerHour),
  blockMember: perHour(60),
  unblockMember: perHour(60),
  issueEventTicket: perHour(1200),
  // Trust
  createReport: perHour(30),
  requestListingReview: perHour(10),
  createRating: perHour(30),
  replyToRating: perHour(30),
  // Membership: a plan changes a few times a year
  createSubscription: perHour(10),
  payWithTestCard: perHour(20),
  cancelUpcomingCharge: perHour(10),
  undoScheduledChange: perHour(20),
  keepActiveListings: perHour(30),
  // The payment provider calls from a few addresses, in bursts
  receivePaymentEvent: perMinute(600),
  // Admin: generous, but a stolen admin session cannot churn the site either
  verifyMember: perHour(300),
  giftMembership: perHour(120),
  inviteMember: perHour(120),
  banWord: perHour(300),
  unbanWord: perHour(300),
  actOnReport: perHour(600),
  liftSuspension: perHour(120),
  closeMemberAccount: perHour(60),
  uploadHomepageVideo: perHour(20),
  activateHomepageVideo: perHour(60),
  deleteHomepageVideo: perHour(60),
  replyToSupportRequest: perHour(300),
  // Support: the contact form's 5 an hour holds per member as well as per address (limits.ts)
  sendContactMessage: perHour(5),
} as const satisfies Record<WriteEndpointName, RateLimit>;

/** The write limit of a route, found by its method and address; undefined for reads. */
export function writeLimitOf(method: string, path: string): { name: WriteEndpointName; limit: RateLimit } | undefined {
  for (const name of Object.keys(writeLimits) as WriteEndpointName[]) {
    const endpoint = apiEndpoints[name];
    if (endpoint.method === method && endpoint.path === path) return { name, limit: writeLimits[name] };
  }
  return undefined;
}
