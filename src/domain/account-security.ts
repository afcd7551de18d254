// The member's own sign-in (issue "your account, your data"): changing the password while signed in,
// and the list of where the account is signed in, with the device each session came from.
import { z } from 'zod';
import { authMessages, codeField, emailField, newPasswordField } from './auth';
import { fieldLimits } from './limits';

export const accountSecurityMessages = {
  currentPasswordRequired: 'Enter your current password.',
  currentPasswordWrong: "That isn't your current password. Try again, or reset it from the sign-in page with Forgot Password?",
  samePassword: 'Choose a new password that is different from your current one.',
  passwordChangedTitle: 'Password changed',
  passwordChanged: "You're still signed in here; every other device was signed out.",
  passwordSetTitle: 'Password set',
  passwordSet: 'You can now sign in with your email and this password as well as with Google.',
  passwordChangeFailedTitle: 'Password Not Changed',
  sessionNotFound: 'That session has already ended.',
  sessionEndedTitle: 'Signed out',
  sessionEnded: 'That device is signed out.',
  otherSessionsEndedTitle: 'Signed out everywhere else',
  otherSessionsEnded: (count: number) => (count === 0 ? 'No other device was signed in.' : `${count} other ${count === 1 ? 'device was' : 'devices were'} signed out.`),
  sessionEndFailedTitle: 'Sign-out Failed',
  sameEmail: 'That is already your email address.',
  emailChangeCodeSent: (email: string) => `We sent a 6-digit code to ${email}. Enter it here to finish: until then you sign in with your current address.`,
  emailChangeCodeSentTitle: 'Check your new inbox',
  emailChangedTitle: 'Email changed',
  emailChanged: (email: string) => `You now sign in with ${email}.`,
  emailChangeFailedTitle: 'Email Not Changed',
} as const;

/**
 * PUT /api/user/password. The current password is required of a member who has one; a member who
 * joined with Google and has none sets one without it.
 */
export const changePasswordBody = z.object({
  currentPassword: z.string().max(fieldLimits.passwordMax, authMessages.passwordTooLong).optional(),
  newPassword: newPasswordField,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/**
 * POST /api/user/email: the new address gets a code, and the change happens only when it is entered.
 * The password is required of a member who has one, as for changing it.
 */
export const changeEmailBody = z.object({
  newEmail: emailField,
  password: z.string().max(fieldLimits.passwordMax, authMessages.passwordTooLong).optional(),
});
export type ChangeEmailBody = z.infer<typeof changeEmailBody>;

/**
 * The forms' own check of the server's rule (changing the password or the email, closing the
 * account): the current password, in `field`, is required of a member who has one. Spread into a
 * schema's refine: `schema.refine(...currentPasswordCheck('password', user.hasPassword))`.
 */
export function currentPasswordCheck<Field extends string>(field: Field, hasPassword: boolean) {
  const check = (body: Record<Field, string>) => !hasPassword || body[field].length > 0;
  return [check, { path: [field] as PropertyKey[], message: accountSecurityMessages.currentPasswordRequired }] as const;
}

/** The answers that are about the current password (missing, or wrong): a form says them on its password field. */
export const currentPasswordErrorCodes: readonly string[] = ['WRONG_CURRENT_PASSWORD', 'CURRENT_PASSWORD_REQUIRED'];

/** POST /api/user/email/verify: the code mailed to the new address. */
export const confirmEmailChangeBody = z.object({ code: codeField });

/** One place the account is signed in, as /account lists it. */
export const accountSessionSchema = z.object({
  id: z.string().uuid(),
  /** "Chrome on Windows", from the browser's User-Agent when it signed in. */
  device: z.string(),
  startedAt: z.string(),
  /** The last request it made, to the hour; the start when none since. */
  lastUsedAt: z.string(),
  /** The session asking. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsResponse = z.object({ sessions: z.array(accountSessionSchema) });
export const endOtherSessionsResponse = z.object({ ended: z.number().int().nonnegative() });

/** How often a session's "last used" (and its sliding expiry) is written at most. */
export const sessionLastUsedResolutionMs = 60 * 60 * 1000;

/**
 * Codes to one new address per day, whichever accounts ask: three throwaway accounts cannot flood
 * someone's inbox with codes (each account also waits a minute between codes, 10 a day).
 */
export const emailChangeCodesPerAddressPerDay = 3;

/** Sessions a member holds at most: a new sign-in past it ends the least recently used. */
export const maxSessionsPerMember = 50;

/** The longest User-Agent kept for a session. */
export const userAgentMaxLength = 300;

const browsers: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium|HeadlessChrome)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
];

const systems: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
];

/** "Chrome on Windows", "Safari on iPhone", "Firefox", "Android device"; "Unknown device" without a User-Agent. */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device';
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `${system} device`;
  return 'Unknown device';
}
