import { describe, expect, it } from 'vitest';
import { canChangePostcodeSchema, describePostcodeLock, mayChangePostcode, nextPostcodeChangeAllowedAt, postcodeCorrectionEndsAt, type PostcodeHistory } from '../../src/domain/account';

const setAt = new Date('2026-03-01T09:00:00Z');
const minutes = (count: number) => new Date(setAt.getTime() + count * 60_000);
const days = (count: number) => new Date(setAt.getTime() + count * 86_400_000);

const firstSetting: PostcodeHistory = { postcodeLastChanged: setAt, postcodeIsFirstSetting: true };
const laterChange: PostcodeHistory = { postcodeLastChanged: setAt, postcodeIsFirstSetting: false };

describe('postcode lock (spec 4: locked after a change until 30 days later)', () => {
  it('lets a member with no postcode set one at any time', () => {
    expect(nextPostcodeChangeAllowedAt({ postcodeLastChanged: null, postcodeIsFirstSetting: false }, setAt)).toBeNull();
  });

  it('lets a member correct their first postcode a minute after setting it', () => {
    expect(nextPostcodeChangeAllowedAt(firstSetting, minutes(1))).toBeNull();
    expect(nextPostcodeChangeAllowedAt(firstSetting, minutes(59))).toBeNull();
  });

  it('locks a first postcode until 30 days after it was set once the hour is over', () => {
    expect(nextPostcodeChangeAllowedAt(firstSetting, minutes(60))).toEqual(days(30));
    expect(nextPostcodeChangeAllowedAt(firstSetting, days(29))).toEqual(days(30));
    expect(nextPostcodeChangeAllowedAt(firstSetting, days(30))).toBeNull();
  });

  it('gives no free hour after a change that was not the first setting, the correction included', () => {
    expect(nextPostcodeChangeAllowedAt(laterChange, minutes(1))).toEqual(days(30));
    expect(nextPostcodeChangeAllowedAt(laterChange, days(30))).toBeNull();
  });

  it('reads the time of the change as the API and the database give it', () => {
    expect(nextPostcodeChangeAllowedAt({ postcodeLastChanged: setAt.toISOString(), postcodeIsFirstSetting: true }, minutes(61))).toEqual(days(30));
  });

  it('says until when a first postcode may still be corrected', () => {
    expect(postcodeCorrectionEndsAt(firstSetting, minutes(10))).toEqual(minutes(60));
    expect(postcodeCorrectionEndsAt(firstSetting, minutes(60))).toBeNull();
    expect(postcodeCorrectionEndsAt(laterChange, minutes(10))).toBeNull();
  });

  it('answers the can-change check as spec 7 reads it: truthy when allowed, and falsy while locked', () => {
    expect(mayChangePostcode(firstSetting, minutes(5))).toBe(true);
    expect(mayChangePostcode(laterChange, minutes(5))).toBe(false);
    expect(canChangePostcodeSchema.parse(mayChangePostcode(laterChange, minutes(5)))).toBe(false);
    expect(canChangePostcodeSchema.safeParse({ canChange: false }).success).toBe(false);
  });

  it('gives the member the dates the page shows: when the lock ends, and until when a first postcode may be corrected', () => {
    expect(describePostcodeLock(firstSetting, minutes(5))).toEqual({ postcodeLockedUntil: null, postcodeCorrectionEndsAt: minutes(60).toISOString() });
    expect(describePostcodeLock(laterChange, minutes(5))).toEqual({ postcodeLockedUntil: days(30).toISOString(), postcodeCorrectionEndsAt: null });
  });
});
