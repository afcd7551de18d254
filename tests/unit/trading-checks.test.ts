import { describe, expect, it } from 'vitest';
import { describePassedChecks, missingTradingCheck, tradingCheckMessages, verifyPagePaths } from '../../src/domain/trading-checks';

describe('the checks to trade (decision 35)', () => {
  it('asks for the email first, then the phone; the card is never required', () => {
    expect(missingTradingCheck({ isEmailVerified: false, isPhoneVerified: false })).toBe('email');
    expect(missingTradingCheck({ isEmailVerified: false, isPhoneVerified: true })).toBe('email');
    expect(missingTradingCheck({ isEmailVerified: true, isPhoneVerified: false, isCardVerified: true })).toBe('phone');
    expect(missingTradingCheck({ isEmailVerified: true, isPhoneVerified: true, isCardVerified: false })).toBeNull();
  });

  it('names each missing check in the words of what the member tried, and its page', () => {
    expect(tradingCheckMessages.list.phone).toBe('Please verify your phone before listing an item.');
    expect(tradingCheckMessages.contact.email).toBe('Please verify your email before contacting sellers.');
    expect(verifyPagePaths).toEqual({ email: '/verify-email', phone: '/verify-phone' });
  });

  it('says in a sentence which checks a member has passed', () => {
    expect(describePassedChecks('Mia', { isEmailVerified: true, isPhoneVerified: true, isCardVerified: true })).toBe('Mia has verified their email, phone and card.');
    expect(describePassedChecks('Mia', { isEmailVerified: true, isPhoneVerified: true, isCardVerified: false })).toBe('Mia has verified their email and phone.');
    expect(describePassedChecks('Sam', { isEmailVerified: true, isPhoneVerified: false })).toBe('Sam has verified their email.');
    expect(describePassedChecks('Sam', { isEmailVerified: false, isPhoneVerified: false })).toBe("Sam hasn't verified anything yet.");
  });
});
