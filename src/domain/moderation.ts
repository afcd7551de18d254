// Reports, moderation and suspension (decision 21): what members may report and why, what an admin
// may do about it, and the words both sides read. No zod here: the Report button on every listing
// imports these words; moderation-schemas.ts holds the request and response schemas.

import { verifiedCheckLabels } from './user';
import { formatCount } from './numbers';

/** Why a member reports something, in the order the form lists them. */
export const reportReasons = ['scam', 'prohibited', 'offensive', 'spam', 'sold', 'other'] as const;
export type ReportReason = (typeof reportReasons)[number];

export const reportReasonLabels: Record<ReportReason, string> = {
  scam: 'Scam or fraud',
  prohibited: 'Prohibited item',
  offensive: 'Offensive',
  spam: 'Spam or duplicate',
  sold: 'Already sold',
  other: 'Other',
};

/** What a report's weight is read from: who the reporter is, and what they have done here. */
export type ReporterRecord = {
  isEmailVerified: boolean;
  isPhoneVerified: boolean;
  createdAt: Date;
  /** Exchanges in which the other member rated them (a sale to their conversation, rated and not removed). */
  completedExchanges: number;
};

/**
 * Whether a reporter has earned the trust to hide a listing with their report (decision 26): free
 * accounts made in minutes have not. A verified phone is one per account, and a completed exchange
 * needs a real member on the other side.
 */
export function hasEarnedReportTrust(reporter: ReporterRecord, now: Date): boolean {
  if (reporter.completedExchanges > 0) return true;
  const ageDays = (now.getTime() - reporter.createdAt.getTime()) / (24 * 60 * 60 * 1000);
  return reporter.isEmailVerified && reporter.isPhoneVerified && ageDays >= moderationLimits.trustedAfterDays;
}

/** What can be reported. */
export const reportTargetKinds = ['listing', 'member', 'conversation', 'rating'] as const;
export type ReportTargetKind = (typeof reportTargetKinds)[number];

export const moderationLimits = {
  /** A report's optional details. */
  detailsMax: 1000,
  /** An admin's reason for an action (mailed to the member for a warning or a suspension). */
  reasonMax: 1000,
  /**
   * Reporters who have earned trust, on different networks, who report one listing: it is hidden
   * at once, pending review (decision 26). Other reports wait in the queue.
   */
  reportsToHideListing: 3,
  /** A reporter earns trust with a verified email and phone on an account this many days old, or with a completed exchange. */
  trustedAfterDays: 7,
  /** Suspensions an admin may give, in days; null is for good. */
  suspensionDays: [7, 30] as const,
} as const;

export const moderationActions = ['dismiss', 'hide-listing', 'warn', 'suspend', 'remove-rating'] as const;
export type ModerationAction = (typeof moderationActions)[number];

export const moderationActionLabels: Record<ModerationAction, string> = {
  dismiss: 'Dismiss',
  'hide-listing': 'Hide the listing',
  warn: 'Warn the member',
  suspend: 'Suspend the member',
  'remove-rating': 'Remove the rating',
};

/** Why a listing is out of sight while not sold: the seller's dashboard says which. */
export const listingHiddenReasons = ['reports', 'moderator', 'suspension'] as const;
export type ListingHiddenReason = (typeof listingHiddenReasons)[number];

/** Whether an admin's suspension holds now (one whose end has passed no longer does, lifted or not yet). */
export function suspensionHolds(member: { suspendedAt: Date | null; suspendedUntil: Date | null }, now: Date): boolean {
  return member.suspendedAt !== null && (member.suspendedUntil === null || member.suspendedUntil > now);
}

/** A member's suspension as the admin pages show it: its end, or for good; nothing once it no longer holds. */
export function suspensionOf(member: { suspendedAt: Date | null; suspendedUntil: Date | null }, now: Date): { suspendedUntil: string | null; suspendedForGood: boolean } {
  if (!suspensionHolds(member, now)) return { suspendedUntil: null, suspendedForGood: false };
  return { suspendedUntil: member.suspendedUntil?.toISOString() ?? null, suspendedForGood: member.suspendedUntil === null };
}

const dateFormat = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Australia/Sydney' });

/** "3 December 2026": the end of a suspension, as members read it. */
export function formatSuspensionEnd(until: Date): string {
  return dateFormat.format(until);
}

export const moderationMessages = {
  reportButton: 'Report',
  reportTitle: 'Report this',
  reportListingTitle: 'Report this listing',
  reportMemberTitle: 'Report this member',
  reportConversationTitle: 'Report this conversation',
  reportRatingTitle: 'Report this rating',
  reportIntro: 'Tell our team what is wrong. The member is not told who reported them.',
  reasonLabel: 'Reason',
  detailsLabel: 'Details (optional)',
  detailsHint: `Up to ${moderationLimits.detailsMax.toLocaleString('en-AU')} characters.`,
  submitReport: 'Send report',
  thanks: 'Thanks, our team will look at it',
  reasonRequired: 'Choose a reason for your report.',
  detailsTooLong: `Please keep the details under ${moderationLimits.detailsMax.toLocaleString('en-AU')} characters.`,
  targetRequired: 'Say what you are reporting: one listing, member, conversation or rating.',
  targetNotFound: 'We couldn’t find what you are reporting. It may have been removed.',
  alreadyReported: 'You have already reported this. Our team will look at it.',
  ownThing: 'You can’t report your own listing, account or rating.',
  notYourConversation: 'You can report only a conversation you are part of.',
  couldNotReport: 'Couldn’t send your report. Please try again.',

  // The admin's queue.
  queueTitle: 'Reports',
  queueEmpty: 'No open reports. Everything reported has been looked at.',
  actionReasonRequired: 'Give a reason for this action: the member is told it when warned or suspended.',
  actionReasonTooLong: `Please keep the reason under ${moderationLimits.reasonMax.toLocaleString('en-AU')} characters.`,
  actionNotForTarget: 'That action does not fit what was reported.',
  suspensionDaysInvalid: 'Suspend for 7 days, 30 days, or for good.',
  reportNotFound: 'That report no longer exists.',
  reportClosed: 'That report has already been dealt with.',
  actionDone: 'Done',
  memberNotSuspended: 'This member is not suspended.',
  cannotSuspendAdmin: 'An admin can’t be suspended. Remove their admin rights first.',
  suspensionLifted: 'Suspension lifted',

  // The member's side.
  suspendedUntil: (until: Date) =>
    `Your account is suspended until ${formatSuspensionEnd(until)}. If you think this is a mistake, write to us through the contact form at /contact.`,
  suspendedForGood: 'Your account is suspended. If you think this is a mistake, write to us through the contact form at /contact.',
  listingHiddenLocked: 'Our team has hidden this listing, so it can’t be listed again or marked sold. If you think this is a mistake, write to us through the contact form at /contact.',
  hiddenByReports: 'Hidden while our team reviews reports about it.',
  hiddenByModerator: 'Hidden by our team: it breaks the community guidelines.',
  hiddenBySuspension: 'Hidden while your account is suspended.',
  reviewRequested: 'Thanks. Our team will review your listing first and let you know by email.',
  reviewNotNeeded: 'Only a listing hidden by reports can be reviewed this way. If you think a decision was a mistake, write to us through the contact form at /contact.',
} as const;

export const listingHiddenMessages: Record<ListingHiddenReason, string> = {
  reports: moderationMessages.hiddenByReports,
  moderator: moderationMessages.hiddenByModerator,
  suspension: moderationMessages.hiddenBySuspension,
};

/** The mails an admin's action sends the member. */
export const moderationMail = {
  warningSubject: 'A warning from the Neighbourly team',
  warningText: (firstName: string | null, reason: string) =>
    `Hi ${firstName ?? 'there'},\n\nOur team looked at a report about your activity on Neighbourly and is warning you:\n\n${reason}\n\nPlease read the community guidelines. Another report like this may lead to a suspension. If you think this is a mistake, write to us through the contact form at /contact.`,
  suspendedSubject: 'Your Neighbourly account is suspended',
  suspendedText: (firstName: string | null, reason: string, until: Date | null) =>
    `Hi ${firstName ?? 'there'},\n\nOur team has suspended your account ${until ? `until ${formatSuspensionEnd(until)}` : 'for good'}:\n\n${reason}\n\nWhile it is suspended you can’t sign in or send messages, and your listings are hidden. If you think this is a mistake, write to us through the contact form at /contact.`,
  listingHiddenSubject: (title: string) => `Your listing “${title}” is hidden`,
  hiddenByReportsText: (firstName: string | null, title: string, dashboardUrl: string) =>
    `Hi ${firstName ?? 'there'},\n\nSeveral members reported your listing “${title}”, so it is hidden while our team reviews the reports. It isn’t sold, and nothing else on your account changes.\n\nIf you think the reports are a mistake, ask for a review on your dashboard and our team will look at it first:\n\n${dashboardUrl}`,
  listingHiddenText: (firstName: string | null, title: string, reason: string) =>
    `Hi ${firstName ?? 'there'},\n\nOur team has hidden your listing “${title}”:\n\n${reason}\n\nIf you think this is a mistake, write to us through the contact form at /contact.`,
} as const;

/** The words of the Report button, the admin's Reports card and a seller's hidden listings, as the pages show them. */
export const moderationLabels = {
  sending: 'Sending…',
  cancel: 'Cancel',

  // The admin's queue.
  queueDescription: 'What members reported: reviews sellers asked for first, then by trusted reporters, then the most reported and newest. One action closes every open report of the same thing.',
  loadingQueue: 'Loading reports…',
  refreshQueue: 'Refresh the reports',
  queueWhat: 'the reports',
  reportCount: (count: number) => (count === 1 ? '1 report' : `${formatCount(count)} reports`),
  targetKinds: { listing: 'Listing', member: 'Member', conversation: 'Conversation', rating: 'Rating' } satisfies Record<ReportTargetKind, string>,
  /** Who the group's member is to what was reported. */
  memberRoles: { listing: 'Seller', member: 'Member', conversation: 'Reported member', rating: 'Written by' } satisfies Record<ReportTargetKind, string>,
  listingGone: 'The listing has been deleted.',
  ratingGone: 'The rating has been deleted.',
  ratingRemoved: 'Removed from the member’s page.',
  noComment: 'No comment.',
  conversationTitle: 'The conversation',
  noMessages: 'No messages.',
  reportsTitle: 'What reporters said',
  reportedBy: 'Reported by',
  trustedReporter: 'Trusted',
  trustedReporterHint: 'A verified phone on an account over a week old, or a completed exchange: reports from trusted members on different networks hide a listing at once.',
  trustedCount: (count: number) => (count === 1 ? '1 trusted reporter' : `${formatCount(count)} trusted reporters`),
  reviewRequestedTag: 'Seller asked for a review',
  reporterBadges: { email: verifiedCheckLabels.isEmailVerified, phone: verifiedCheckLabels.isPhoneVerified, card: verifiedCheckLabels.isCardVerified },
  listingHiddenTag: 'Hidden',
  actionsTitle: 'Actions',
  actionDescriptions: {
    dismiss: 'Close the reports and change nothing else.',
    'hide-listing': 'Take the listing out of browse and search. The seller is mailed the reason.',
    warn: 'Mail the member a warning with the reason.',
    suspend: 'The member can’t sign in, their sessions end and their listings are hidden until it ends. They are mailed the reason and the end date.',
    'remove-rating': 'Take the rating off the member’s page and out of their average.',
  } satisfies Record<ModerationAction, string>,
  actionReasonLabel: 'Reason',
  actionReasonHint: 'Kept in the activity log. A warned or suspended member reads it in their mail.',
  suspendForLabel: 'Suspend for',
  suspensionLength: (days: number | null) => (days === null ? 'For good' : `${days} days`),
  saving: 'Saving…',
  actionFailed: 'Action Failed',
  suspendedUntil: (until: Date) => `Suspended until ${formatSuspensionEnd(until)}`,
  suspendedForGood: 'Suspended for good',
  liftSuspension: 'Lift suspension',
  liftFailed: 'Failed to Lift Suspension',

  // The seller's side.
  hiddenTag: 'Hidden',
  hiddenListingsNote: (count: number) =>
    `${count === 1 ? '1 listing is' : `${formatCount(count)} listings are`} hidden (see All): not sold, and out of browse and search until our team shows it again.`,
  contactUs: 'Contact us',
  askForReview: 'Ask for a review',
  askingForReview: 'Asking…',
  reviewRequestedNote: 'You asked for a review. Our team will look at it first.',
  reviewRequestFailed: 'Request Failed',
} as const;

/** The admin's Reports card shows the open reports, or those already dealt with (where a suspension can still be lifted). */
export const reportQueueViews = {
  label: 'Which reports',
  open: 'Open',
  closed: 'Dealt with',
  closedEmpty: 'Nothing has been dealt with yet.',
  closedDescription: 'Reports already dealt with, newest first. A member suspended through one can be let back in here.',
} as const;
