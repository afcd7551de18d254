// One error type for every expected failure (spec section 8). The server turns an AppError into
// the error body below; the pages branch on `code` to choose their toast.
import type { MembershipTier } from './tiers';

export const errorStatus = {
  VALIDATION_FAILED: 400,
  INVALID_CODE: 400,
  CONTENT_FILTERED: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  LISTING_LIMIT_REACHED: 403,
  IMAGE_LIMIT_REACHED: 403,
  NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  EMAIL_ALREADY_VERIFIED: 409,
  PHONE_ALREADY_VERIFIED: 409,
  CARD_ALREADY_VERIFIED: 409,
  WORD_ALREADY_BANNED: 409,
  ALREADY_A_MEMBER: 409,
  ALREADY_ON_PLAN: 409,
  POSTCODE_CHANGE_TOO_SOON: 409,
  LIFETIME_CHANGE_UNCONFIRMED: 409,
  PLAN_ALREADY_INCLUDED: 409,
  PHONE_IN_USE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

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
};

export type AppErrorDetails = Omit<ErrorBody, 'message' | 'code'>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: AppErrorDetails;

  constructor(code: ErrorCode, message: string, details: AppErrorDetails = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return errorStatus[this.code];
  }

  toBody(): ErrorBody {
    return { message: this.message, code: this.code, ...this.details };
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

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
  nulCharacter: 'The text contains a character that is not allowed (a NUL character). Remove it and try again.',
  malformedUpload: 'The upload was cut short or is not a valid form. Choose the file again and retry.',
  unsupportedContentType: 'Send the request body as JSON.',
  bodyTooLarge: 'The request is too large.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  unexpected: 'Something went wrong on our side. Please try again.',
  unavailable: 'The service is temporarily unavailable. Please try again shortly.',
} as const;
