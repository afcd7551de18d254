// The offer rules both the server and the thread apply (decision 45): what an offer may be, and the
// words each step writes in the thread and in the away mail.
import { describe, expect, it } from 'vitest';
import { offerAmountBody } from '../../src/domain/conversation-schemas';
import { offerAmountProblem, offerExpiresAt, offerMailSubject, offerMessages, offerStepText } from '../../src/domain/offers';

describe('offerAmountProblem', () => {
  it('allows up to the asking price, to the cent, and refuses a cent more', () => {
    expect(offerAmountProblem('150.00', '150.00')).toBeNull();
    expect(offerAmountProblem('0.01', '150.00')).toBeNull();
    expect(offerAmountProblem('150.01', '150.00')).toBe('Offer at most the asking price of $150.');
    expect(offerAmountProblem('10000000.00', '9999999.99')).toBe('Offer at most the asking price of $9,999,999.99.');
  });

  it('refuses a counter-offer of the amount it answers, however written', () => {
    expect(offerAmountProblem('120.00', '150.00', '120.00')).toBe(offerMessages.counterSameAmount);
    expect(offerAmountProblem('120.50', '150.00', '120.00')).toBeNull();
  });
});

describe('the amount as sent', () => {
  it('reads text or a JSON number exactly, and refuses what is not money', () => {
    expect(offerAmountBody.parse({ amount: '$1,200.5' })).toEqual({ amount: '1200.50' });
    expect(offerAmountBody.parse({ amount: 0.1 })).toEqual({ amount: '0.10' });
    for (const amount of ['0', '-1', '1.234', 'abc', '12345678901']) {
      expect(offerAmountBody.safeParse({ amount }).error?.issues[0].message, amount).toBe(offerMessages.amountInvalid);
    }
    expect(offerAmountBody.safeParse({ amount: ' ' }).error?.issues[0].message).toBe(offerMessages.amountRequired);
    expect(offerAmountBody.safeParse({}).error?.issues[0].message).toBe(offerMessages.amountRequired);
  });
});

describe('the words of each step', () => {
  it('says what happened, with the amount as prices show', () => {
    expect(offerStepText('offer', '120.00')).toBe('Offered $120');
    expect(offerStepText('counter', '1250.50')).toBe('Countered with $1,250.50');
    expect(offerStepText('accepted', '120.00')).toBe('Accepted the offer of $120');
    expect(offerStepText('declined', '120.00')).toBe('Declined the offer of $120');
    expect(offerStepText('withdrawn', '120.00')).toBe('Withdrew the offer of $120');
    expect(offerStepText('expired', '120.00')).toBe('The offer of $120 expired after 48 hours');
  });

  it('names the step in the away mail’s subject', () => {
    expect(offerMailSubject('offer', '120.00', 'Ben N.', 'Bike')).toBe('Ben N. offered $120 for "Bike"');
    expect(offerMailSubject('accepted', '120.00', 'Sally S.', 'Bike')).toBe('Sally S. accepted the offer of $120 for "Bike"');
    expect(offerMailSubject('expired', '120.00', 'Ben N.', 'Bike')).toBe('The offer of $120 for "Bike" expired');
  });

  it('lapses 48 hours after it was made', () => {
    expect(offerExpiresAt(new Date('2026-11-28T10:00:00Z')).toISOString()).toBe('2026-11-30T10:00:00.000Z');
  });
});
