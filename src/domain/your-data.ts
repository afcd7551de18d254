// A member's own data (issue "your account, your data", decision 37): a copy of everything the
// account holds, made by a job and downloaded from /account for a week; and closing the account,
// after which the member is "Former member" to those they dealt with and their personal details are
// erased by a scheduled job.
import { z } from 'zod';
import { authMessages } from './auth';
import { fieldLimits } from './limits';

/** How long a copy can be downloaded once it is ready. */
export const dataExportValidityDays = 7;

/** One copy a day: each is a job that reads every row and photo of the account. */
export const dataExportIntervalHours = 24;

/**
 * A copy still being prepared after this long has failed (its job ran out of tries): the page says
 * so, and the member may ask again at once.
 */
export const dataExportGiveUpMinutes = 60;

export const dataExportStatuses = ['preparing', 'ready', 'failed'] as const;
export type DataExportStatus = (typeof dataExportStatuses)[number];

export const dataExportMessages = {
  requestedTitle: 'Preparing your data',
  requested: "We're putting your copy together. We'll email you when it's ready to download, usually within a few minutes.",
  tooSoon: 'You can ask for a copy of your data once a day. Your latest copy is listed below.',
  notFound: `That copy of your data isn't available: copies can be downloaded for ${dataExportValidityDays} days. Ask for a new one on your account page.`,
  notReady: "That copy is still being prepared. We'll email you when it's ready.",
  failed: "We couldn't prepare this copy. Please ask for a new one.",
  requestFailedTitle: 'Copy Not Started',
  downloadFailedTitle: 'Download Failed',
} as const;

/** POST /api/user/export and GET /api/user/exports: one copy, as /account shows it. */
export const dataExportSchema = z.object({
  id: z.string().uuid(),
  status: z.enum(dataExportStatuses),
  requestedAt: z.string(),
  /** When the file was ready; null while preparing. */
  readyAt: z.string().nullable(),
  /** The last moment it can be downloaded; null until it is ready. */
  expiresAt: z.string().nullable(),
  /** The file's size in bytes, once ready. */
  bytes: z.number().int().nonnegative().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** The member's copies that can still be downloaded (or are being made), newest first, and when another may be asked for. */
export const dataExportsResponse = z.object({
  exports: z.array(dataExportSchema),
  /** Null: a new copy may be asked for now. */
  nextRequestAt: z.string().nullable(),
});
export type DataExports = z.infer<typeof dataExportsResponse>;

/** What a member who closed their account is called wherever they appear to others. */
export const formerMemberName = 'Former member';

/**
 * Days a closed account's remaining details are kept (for a report or a payment dispute already
 * under way) before the erase job removes them: well within the 30 days the privacy page promises.
 */
export const closedAccountKeepDays = 14;

/** The promise on /privacy and in the confirmation: personal details are gone within this many days. */
export const closedAccountErasedWithinDays = 30;

/** DELETE /api/user. The password is required of a member who has one (as for changing it). */
export const closeAccountBody = z.object({
  password: z.string().max(fieldLimits.passwordMax, authMessages.passwordTooLong).optional(),
});
export type CloseAccountBody = z.infer<typeof closeAccountBody>;

/** DELETE /api/admin/members/:id: the reason goes in the audit log. */
export const adminCloseAccountBody = z.object({
  reason: z.string().trim().min(1, 'Say why the account is closed: it goes in the audit log.').max(500, 'Keep the reason under 500 characters.'),
});

export const closeAccountMessages = {
  title: 'Close your account',
  confirmTitle: 'Close your account?',
  whatHappens: [
    'Your listings come down from every page, search and map at once.',
    'Any paid plan is cancelled: no further payment is taken.',
    'You are signed out on every device, and we send you no more mail.',
    `People you talked with still see your messages, from "${formerMemberName}". Ratings you gave stay, without your name.`,
    `We erase your personal details within ${closedAccountErasedWithinDays} days. Payment records are kept for tax, without your name.`,
    'You can join again with the same email, as a new member.',
  ],
  downloadFirst: 'Want a copy of your data first? Ask for it above before you close your account.',
  confirmButton: 'Close my account',
  closedTitle: 'Account closed',
  closed: 'Your account is closed. Thank you for being a good neighbour.',
  closeFailedTitle: 'Account Not Closed',
  lastAdmin: 'You are the only admin: make another member an admin before you close your account.',
  cannotCloseAdmin: "An admin's account can't be closed from the Users card.",
  alreadyClosed: 'That account is already closed.',
  adminClosed: (name: string) => `${name}'s account is closed.`,
  messageClosedMember: `This member has closed their account: messages can't be sent to them any more.`,
} as const;
