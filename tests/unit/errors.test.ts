import { describe, expect, it } from 'vitest';
import { accountMessages } from '../../src/domain/account';
import { AppError, appErrors, errorMessages, isNotFoundCode, notFoundCodes, type ErrorCode, type ErrorCodeWithMessage } from '../../src/domain/errors';
import { listingRuleMessages } from '../../src/domain/listing';
import { ApiError, isNotFoundError } from '../../src/web/lib/api-client';

const codes = Object.keys(appErrors) as ErrorCode[];
const withMessage = codes.filter((code): code is ErrorCodeWithMessage => 'message' in appErrors[code]);

describe('the list of expected failures (spec 8)', () => {
  it.each(codes)('%s answers with a client or server error status', (code) => {
    const { status } = appErrors[code];
    expect(Number.isInteger(status)).toBe(true);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(600);
  });

  it('names each code in capitals with underscores, as the body carries it', () => {
    for (const code of codes) expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
  });

  it.each(withMessage)('%s thrown without a message carries the message the list gives it', (code) => {
    const { message } = appErrors[code];
    expect(message.trim()).not.toBe('');
    const error = new AppError(code);
    expect(error.message).toBe(message);
    expect(error.status).toBe(appErrors[code].status);
  });

  it('keeps the words a situation calls for over the default', () => {
    expect(new AppError('CARD_DECLINED', 'Your card has insufficient funds.').message).toBe('Your card has insufficient funds.');
    expect(new AppError('POSTCODE_UNKNOWN', 'No postcode 0000.').message).toBe('No postcode 0000.');
  });

  it('takes the product texts word for word', () => {
    expect(new AppError('LISTING_NOT_FOUND').message).toBe(listingRuleMessages.listingNotFound);
    expect(new AppError('NO_PHONE_YET').message).toBe(accountMessages.noPhoneYet);
    expect(new AppError('NOT_FOUND').message).toBe(errorMessages.notFound);
  });

  it('needs a message for a code the list gives none (checked by the type checker)', () => {
    // @ts-expect-error POSTCODE_UNKNOWN's words name the postcode, so the thrower must give them
    expect(() => new AppError('POSTCODE_UNKNOWN')).not.toThrow();
    // @ts-expect-error likewise LISTING_LIMIT_REACHED's name the plan
    expect(new AppError('LISTING_LIMIT_REACHED').code).toBe('LISTING_LIMIT_REACHED');
  });

  it('turns into the error body: message, code and the details, nothing else', () => {
    const error = new AppError('LISTING_LIMIT_REACHED', 'Your Starter plan allows 1 active listing at a time.', { listingLimit: 1, membershipTier: 'starter' });
    expect(error.toBody()).toEqual({ message: 'Your Starter plan allows 1 active listing at a time.', code: 'LISTING_LIMIT_REACHED', listingLimit: 1, membershipTier: 'starter' });
    expect(new AppError('PLAN_EXCLUDES_PINS', undefined, { membershipTier: 'explorer' }).toBody()).toEqual({
      message: appErrors.PLAN_EXCLUDES_PINS.message,
      code: 'PLAN_EXCLUDES_PINS',
      membershipTier: 'explorer',
    });
    expect(JSON.parse(JSON.stringify(new AppError('ADMIN_ONLY').toBody()))).toEqual({ message: errorMessages.adminOnly, code: 'ADMIN_ONLY' });
  });

  it('keeps the statuses the codes had before they were split', () => {
    expect(appErrors.VALIDATION_FAILED.status).toBe(400);
    for (const code of ['NO_PHONE_YET', 'CARD_DECLINED', 'INVITATION_INVALID', 'PAGE_EXPIRED', 'NUL_CHARACTER', 'MALFORMED_JSON'] as const) expect(appErrors[code].status).toBe(400);
    for (const code of ['ADMIN_ONLY', 'NOT_YOUR_LISTING', 'PLAN_EXCLUDES_PINS', 'DEV_OUTBOX_LOCAL_ONLY'] as const) expect(appErrors[code].status).toBe(403);
    for (const code of ['NO_UPCOMING_CHARGE', 'STRIPE_CARD_CHECK_UNAVAILABLE'] as const) expect(appErrors[code].status).toBe(404);
  });
});

describe('a not-found answer', () => {
  it('is one of the codes for a thing that does not exist, each a 404 (410 for a listing its seller deleted); an unknown address is not one', () => {
    for (const code of notFoundCodes) expect(appErrors[code].status).toBe(code === 'LISTING_REMOVED' ? 410 : 404);
    expect(isNotFoundCode('NOT_FOUND')).toBe(false);
    expect(isNotFoundCode(undefined)).toBe(false);
    expect(isNotFoundCode('LISTING_NOT_FOUND')).toBe(true);
  });

  it('shows the page its not-found screen by its code, whatever the status', () => {
    expect(isNotFoundError(new ApiError(404, 'Listing not found', { code: 'LISTING_NOT_FOUND' }))).toBe(true);
    expect(isNotFoundError(new ApiError(404, 'Seller not found', { code: 'SELLER_NOT_FOUND' }))).toBe(true);
    expect(isNotFoundError(new ApiError(404, 'Not found', { code: 'NOT_FOUND' }))).toBe(false);
    expect(isNotFoundError(new ApiError(404, '404: Not Found'))).toBe(false);
    expect(isNotFoundError(new AppError('LISTING_NOT_FOUND'))).toBe(false);
  });
});
