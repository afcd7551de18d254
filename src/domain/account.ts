// Account and verification rules (spec sections 4 and 5): phone numbers, codes, postcode lock.
import { z } from 'zod';
import { formatDateAU } from './dates';
import { fieldLimits } from './limits';
import { postcodePattern } from './postcodes';

export const accountMessages = {
  phoneRequiredTitle: 'Phone Number Required',
  phoneRequired: 'Please enter your phone number.',
  phoneInvalid: 'Please enter an Australian mobile number, like 0412 345 678.',
  codeRequiredTitle: 'Verification Code Required',
  codeRequired: 'Please enter the verification code.',
  invalidCodeTitle: 'Invalid Code',
  emailCodeInvalid: 'Please enter the 6-digit verification code.',
  phoneCodeWrong: 'The verification code is incorrect. Please try again.',
  postcodeInvalid: 'Please enter a 4-digit Australian postcode.',
  postcodeUnknown: "We couldn't find that postcode. Please check it and try again.",
  postcodeNotNeighbourhood: 'That postcode is for PO boxes or special deliveries, not a neighbourhood. Enter the postcode where you live.',
  postcodeOutsideStates: "That postcode isn't in one of the states or territories we cover. Enter the postcode where you live.",
  postcodeCorrectionAllowed: 'Made a typo? You can correct your postcode once within an hour of first setting it.',
  suburbNotInPostcode: 'Choose a suburb that belongs to this postcode.',
  stateMismatch: "The state doesn't match the postcode.",
  emailAlreadyVerified: 'Your email is already verified.',
  phoneAlreadyVerified: 'Your phone number is already verified.',
  phoneInUse: "This phone number is already verified on another account. Use a different number, or contact us if it's yours.",
  verifyEmailFirst: 'Please verify your email before your phone.',
  resendTooSoon: 'Please wait a minute before asking for another code.',
  tooManyCodesToday: 'Too many codes requested. Please try again tomorrow.',
  noPhoneYet: 'Add your mobile number first.',
  cardNumberInvalid: 'Please enter a valid card number.',
  cardExpiryInvalid: 'Please enter the expiry as MM/YY.',
  cardExpired: 'This card has expired.',
  cardCvcInvalid: 'Please enter the 3 or 4 digit CVC.',
  cardDeclined: 'Your card was declined. Please try another card.',
  cardAlreadyVerified: 'Your card is already verified.',
} as const;

/** spec 5: a leading 0 becomes +61; a number without + gets +61 in front; + is kept. */
export function normalisePhone(input: string): string {
  const compact = input.replace(/[\s()-]/g, '');
  if (compact.startsWith('+')) return compact;
  if (compact.startsWith('0')) return `+61${compact.slice(1)}`;
  return `+61${compact}`;
}

/** An Australian mobile in international form: +61 4xx xxx xxx. */
export const australianMobilePattern = /^\+614\d{8}$/;

export function isAustralianMobile(input: string): boolean {
  return australianMobilePattern.test(normalisePhone(input));
}

/** "+61412345678" -> "0412 345 678", for people. */
export function formatPhoneForDisplay(phone: string): string {
  const match = /^\+61(4\d{2})(\d{3})(\d{3})$/.exec(phone);
  return match ? `0${match[1]} ${match[2]} ${match[3]}` : phone;
}

export const phoneField = z
  .string({ error: accountMessages.phoneRequired })
  .trim()
  .min(1, accountMessages.phoneRequired)
  .max(20, accountMessages.phoneInvalid)
  .transform((value, ctx) => {
    const phone = normalisePhone(value);
    if (!australianMobilePattern.test(phone)) {
      ctx.addIssue({ code: 'custom', message: accountMessages.phoneInvalid });
      return z.NEVER;
    }
    return phone;
  });

export const updatePhoneBody = z.object({ phone: phoneField });
export const sendPhoneCodeBody = z.object({ phone: phoneField.optional() });

/** Email codes: digits only, exactly six (spec 5). */
export const emailCodeBody = z.object({
  code: z.string({ error: accountMessages.emailCodeInvalid }).trim().regex(/^\d{6}$/, accountMessages.emailCodeInvalid),
});

export const phoneCodeBody = z.object({
  code: z
    .string({ error: accountMessages.codeRequired })
    .trim()
    .min(1, accountMessages.codeRequired)
    .regex(/^\d{6}$/, accountMessages.phoneCodeWrong),
});

export const updateProfileBody = z.object({
  postcode: z.string({ error: accountMessages.postcodeInvalid }).trim().regex(postcodePattern, accountMessages.postcodeInvalid),
  suburb: z.string().trim().max(fieldLimits.suburbMax).optional(),
  state: z.string().trim().max(3).optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

/** spec 4 and 9: after a change the postcode is locked for 30 days. */
export const postcodeLockDays = 30;
/** A typo at sign-up should not be stuck for a month: a first postcode may be corrected once within this time. */
export const postcodeCorrectionMinutes = 60;

const minuteMs = 60 * 1000;
const dayMs = 24 * 60 * minuteMs;

/** What the lock needs to know of a member's postcode history (columns of the users table). */
export type PostcodeHistory = {
  /** When the member last saved a different postcode, their first included; null if never. */
  postcodeLastChanged: Date | string | null;
  /** Whether that save set the member's first postcode (one correction within the hour is then free). */
  postcodeIsFirstSetting: boolean;
};

/** The day a postcode saved at `changedAt` unlocks, 30 days on. */
export function postcodeUnlockDate(changedAt: Date | string): Date {
  return new Date(new Date(changedAt).getTime() + postcodeLockDays * dayMs);
}

/** Until when a first postcode may still be corrected for free; null once it may not (or never could). */
export function postcodeCorrectionEndsAt(history: PostcodeHistory, now = new Date()): Date | null {
  if (!history.postcodeLastChanged || !history.postcodeIsFirstSetting) return null;
  const endsAt = new Date(new Date(history.postcodeLastChanged).getTime() + postcodeCorrectionMinutes * minuteMs);
  return endsAt > now ? endsAt : null;
}

/**
 * When the member may next change their postcode; null when they may now. Every change, the
 * first setting included, locks the postcode for 30 days (spec 4), except that a first postcode
 * may be corrected once within the hour; that correction is an ordinary change and locks it.
 */
export function nextPostcodeChangeAllowedAt(history: PostcodeHistory, now = new Date()): Date | null {
  if (!history.postcodeLastChanged) return null;
  if (postcodeCorrectionEndsAt(history, now)) return null;
  const unlock = postcodeUnlockDate(history.postcodeLastChanged);
  return unlock > now ? unlock : null;
}

export function postcodeLockedMessage(unlock: Date): string {
  return `You can change your postcode again on ${formatDateAU(unlock)}.`;
}

/**
 * GET /api/user/can-change-postcode (spec 7: "truthy when allowed"): `true` when the member may
 * change their postcode now, `false` while it is locked. A bare yes or no, because an object is
 * truthy whatever it holds and so read as "allowed" while locked (decision 33). The dates the page
 * shows come with the member (CurrentUser: postcodeLockedUntil, postcodeCorrectionEndsAt).
 */
export const canChangePostcodeSchema = z.boolean();
export type CanChangePostcode = z.infer<typeof canChangePostcodeSchema>;

export function mayChangePostcode(history: PostcodeHistory, now = new Date()): CanChangePostcode {
  return nextPostcodeChangeAllowedAt(history, now) === null;
}

/** The lock's dates, as the member's own data carries them (ISO 8601). */
export type PostcodeLock = {
  /** While locked, when the postcode unlocks; null when it may change now. */
  postcodeLockedUntil: string | null;
  /** While a first postcode may still be corrected for free, until when; else null. */
  postcodeCorrectionEndsAt: string | null;
};

export function describePostcodeLock(history: PostcodeHistory, now = new Date()): PostcodeLock {
  return {
    postcodeLockedUntil: nextPostcodeChangeAllowedAt(history, now)?.toISOString() ?? null,
    postcodeCorrectionEndsAt: postcodeCorrectionEndsAt(history, now)?.toISOString() ?? null,
  };
}

/** GET /api/postcodes/:postcode: a neighbourhood's suburbs (its main locality first), state and centre. */
export const postcodePlaceSchema = z.object({
  postcode: z.string(),
  state: z.string(),
  suburbs: z.array(z.string()),
  latitude: z.number(),
  longitude: z.number(),
});
export type PostcodePlace = z.infer<typeof postcodePlaceSchema>;

export const verificationStatusSchema = z.object({
  email: z.string(),
  isEmailVerified: z.boolean(),
  isPhoneVerified: z.boolean(),
  isCardVerified: z.boolean(),
});
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;

/** Resend and daily limits for emailed and texted codes. */
export const codeSendLimits = { resendAfterSeconds: 60, perDay: 10 } as const;

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The built-in test provider's card form (never stored, never charged). */
export const testCardBody = z.object({
  cardNumber: z
    .string({ error: accountMessages.cardNumberInvalid })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .refine((value) => /^\d{12,19}$/.test(value) && passesLuhn(value), accountMessages.cardNumberInvalid),
  expiry: z
    .string({ error: accountMessages.cardExpiryInvalid })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s?\/\s?\d{2}$/, accountMessages.cardExpiryInvalid),
  cvc: z.string({ error: accountMessages.cardCvcInvalid }).trim().regex(/^\d{3,4}$/, accountMessages.cardCvcInvalid),
});
export type TestCardBody = z.infer<typeof testCardBody>;

/** The last moment a card with this MM/YY expiry is valid. */
export function cardExpiresAt(expiry: string): Date {
  const [month, year] = expiry.split('/').map((part) => Number(part.trim()));
  return new Date(Date.UTC(2000 + year, month, 1) - 1);
}
