// Support by plan (decision 32): every plan has one level, the inbox ranks them as the plans
// promise, and the words say each level's first-reply time.
import { describe, expect, it } from 'vitest';
import { describeSupportByPlan, firstReplyPromise, supportLevelFor, supportLevelRules, supportPlanLine, supportRequestReceived, visitorRequestReceived } from '../../src/domain/support';
import { membershipTiers, tierRules } from '../../src/domain/tiers';

describe('support by plan', () => {
  it('gives Connector and Lifetime priority support, Explorer email support, Starter and visitors community support', () => {
    expect(membershipTiers.map((tier) => [tier, supportLevelFor(tier)])).toEqual([
      ['starter', 'community'],
      ['explorer', 'email'],
      ['connector', 'priority'],
      ['lifetime', 'priority'],
    ]);
    expect(supportLevelFor(null)).toBe('community');
    for (const tier of membershipTiers) expect(tierRules[tier].support).toBe(supportLevelRules[tierRules[tier].supportLevel].label);
  });

  it('ranks priority before email before community in the inbox', () => {
    const { priority, email, community } = supportLevelRules;
    expect(priority.queueRank).toBeLessThan(email.queueRank);
    expect(email.queueRank).toBeLessThan(community.queueRank);
  });

  it('says each promise in words, and names every plan once', () => {
    expect(describeSupportByPlan()).toEqual([
      { level: 'priority', label: 'Priority support', who: 'Connector and Lifetime members', promise: 'First reply within 1 business day.' },
      { level: 'email', label: 'Email support', who: 'Explorer members', promise: 'First reply within 3 business days.' },
      { level: 'community', label: 'Community support', who: 'Starter members and visitors', promise: firstReplyPromise('community') },
    ]);
    expect(firstReplyPromise('community')).toMatch(/Help Centre and Safety Tips/);
    expect(supportPlanLine('priority')).toBe('Priority support: first reply within 1 business day');
    expect(supportRequestReceived({ level: 'email', signedIn: true })).toBe("Thanks! Your message is with our team. We'll reply within 3 business days, by email and on your Account page.");
    expect(supportRequestReceived({ level: 'priority', signedIn: false })).toBe(visitorRequestReceived);
  });
});
