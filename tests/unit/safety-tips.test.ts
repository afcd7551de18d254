import { describe, expect, it } from 'vitest';
import { findSafetyConcerns, safetyTipFor, safetyTips } from '../../src/domain/conversations';

describe('safety tips on messages', () => {
  it.each([
    ['Check it out at https://bit.ly/abc123', 'contactDetails'],
    ['see www.example.com for photos', 'contactDetails'],
    ['email me on jo.smith@gmail.com', 'contactDetails'],
    ['jo smith at gmail dot com', 'contactDetails'],
    ['call me on 0412 345 678', 'contactDetails'],
    ['ring +61 (2) 9876-5432 after six', 'contactDetails'],
    ['I sent the money by PayID but you need to upgrade to a business account, a $150 fee', 'payIdFee'],
    ['Can I pay with Apple gift cards?', 'giftCards'],
    ['I will send google play cards', 'giftCards'],
    ['I am overseas, my cousin will pick it up after I pay', 'courierPayment'],
    ['My courier will collect it, I pay the shipping company', 'courierPayment'],
    ['Please pay a deposit first and I will hold it', 'depositFirst'],
    ['Send a $50 deposit to secure it', 'depositFirst'],
    ['You must pay up front before you see it', 'depositFirst'],
  ])('%j raises %s', (text, concern) => {
    expect(findSafetyConcerns(text)).toContain(concern);
  });

  it.each([
    'Hi, is this still available?',
    'No deposit needed, just come and have a look',
    'I can pick it up Saturday at 10, is 123 Smith Street right?',
    'Would you take $80 for it?',
    'The lamp is 45 cm tall and the cable is 2 m long',
  ])('%j is an ordinary message', (text) => {
    expect(safetyTipFor(text)).toBeNull();
  });

  it('gives the most serious concern its tip when there are several', () => {
    expect(safetyTipFor('Pay the PayID upgrade fee, then text me on 0412 345 678')).toBe(safetyTips.payIdFee);
  });
});
