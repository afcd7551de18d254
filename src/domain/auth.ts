// Request bodies of the sign-in page's calls (spec sections 5 and 7), with the spec's messages.
import { z } from 'zod';
import { fieldLimits } from './limits';

export const authMessages = {
  invalidEmail: 'Please enter a valid email address',
  emailTooLong: `Email must be at most ${fieldLimits.emailMax} characters`,
  passwordTooShort: `Password must be at least ${fieldLimits.passwordMin} characters`,
  passwordTooLong: `Password must be at most ${fieldLimits.passwordMax} characters`,
  passwordRequired: 'Password is required',
  firstNameTooShort: `First name must be at least ${fieldLimits.nameMin} characters`,
  firstNameTooLong: `First name must be at most ${fieldLimits.nameMax} characters`,
  lastNameTooShort: `Last name must be at least ${fieldLimits.nameMin} characters`,
  lastNameTooLong: `Last name must be at most ${fieldLimits.nameMax} characters`,
  codeLength: `Verification code must be ${fieldLimits.codeLength} characters`,
} as const;

export const emailField = z
  .string({ error: authMessages.invalidEmail })
  .trim()
  .toLowerCase()
  .max(fieldLimits.emailMax, authMessages.emailTooLong)
  .email(authMessages.invalidEmail);

/** A password a member chooses (register, reset, change): spec 5's lengths. */
export const newPasswordField = z
  .string({ error: authMessages.passwordTooShort })
  .min(fieldLimits.passwordMin, authMessages.passwordTooShort)
  .max(fieldLimits.passwordMax, authMessages.passwordTooLong);

const nameField = (tooShort: string, tooLong: string) =>
  z
    .string({ error: tooShort })
    .trim()
    .min(fieldLimits.nameMin, tooShort)
    .max(fieldLimits.nameMax, tooLong);

/** Six digits; the input is capped at six (spec 5). */
export const codeField = z
  .string({ error: authMessages.codeLength })
  .trim()
  .regex(/^\d{6}$/, authMessages.codeLength);

export const registerBody = z.object({
  email: emailField,
  password: newPasswordField,
  firstName: nameField(authMessages.firstNameTooShort, authMessages.firstNameTooLong),
  lastName: nameField(authMessages.lastNameTooShort, authMessages.lastNameTooLong),
  /** From an admin's invitation link: joining through it gives the invited tier. */
  inviteToken: z.string().max(fieldLimits.opaqueIdMax).optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({
  email: emailField,
  password: z
    .string({ error: authMessages.passwordRequired })
    .min(1, authMessages.passwordRequired)
    .max(fieldLimits.passwordMax, authMessages.passwordTooLong),
});
export type LoginBody = z.infer<typeof loginBody>;

export const resetRequestBody = z.object({ email: emailField });
export type ResetRequestBody = z.infer<typeof resetRequestBody>;

export const resetVerifyCodeBody = z.object({ email: emailField, code: codeField });
export type ResetVerifyCodeBody = z.infer<typeof resetVerifyCodeBody>;

export const resetConfirmBody = z.object({
  email: emailField,
  code: codeField,
  password: newPasswordField,
});
export type ResetConfirmBody = z.infer<typeof resetConfirmBody>;

/** How long a reset or verification code lives, and how many wrong tries it takes. */
export const codePolicy = {
  ttlMinutes: 15,
  maxAttempts: 5,
} as const;

/**
 * Wrong passwords one address may try for one email before it must wait out the window; and, for an
 * account guessed at from many addresses, how it is slowed (decision 26): past
 * `accountAttemptsBeforeSlowing` tries in the window from addresses it has never been signed in
 * from, those addresses share one try every `slowedAttemptSeconds`. Addresses the member signed in
 * from in the last `knownAddressDays` are never slowed, and a password reset always works.
 */
export const signInPolicy = {
  maxFailures: 10,
  windowMinutes: 15,
  accountAttemptsBeforeSlowing: 30,
  slowedAttemptSeconds: 10,
  knownAddressDays: 30,
} as const;
