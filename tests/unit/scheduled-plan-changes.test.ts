// Decision 31's rule, which the server and the checkout page both follow: Starter or a cheaper plan
// waits for the end of a paid year that is not over; anything else happens at once.
import { describe, expect, it } from 'vitest';
import { planChangeDate, planChangeDifferences } from '../../src/domain/scheduled-plan-changes';

const now = new Date('2026-11-27T10:00:00.000Z');
const paidUntil = new Date('2027-11-27T10:00:00.000Z');

describe('when a plan change happens', () => {
  it('waits for the end of the paid year for Starter and for a cheaper plan', () => {
    expect(planChangeDate({ tier: 'explorer', paidUntil }, 'starter', now)).toEqual(paidUntil);
    expect(planChangeDate({ tier: 'connector', paidUntil }, 'starter', now)).toEqual(paidUntil);
    expect(planChangeDate({ tier: 'connector', paidUntil: paidUntil.toISOString() }, 'explorer', now)).toEqual(paidUntil);
  });

  it('is at once for the same or a dearer plan, when the year is over, and with nothing paid', () => {
    expect(planChangeDate({ tier: 'explorer', paidUntil }, 'connector', now)).toBeNull();
    expect(planChangeDate({ tier: 'explorer', paidUntil }, 'explorer', now)).toBeNull();
    expect(planChangeDate({ tier: 'explorer', paidUntil: now }, 'starter', now)).toBeNull();
    expect(planChangeDate({ tier: 'explorer', paidUntil: null }, 'starter', now)).toBeNull();
    expect(planChangeDate(null, 'starter', now)).toBeNull();
    // Lifetime is a gift, never a paid year.
    expect(planChangeDate({ tier: 'lifetime', paidUntil }, 'starter', now)).toBeNull();
  });

  it('says what changes, one line for each thing that differs', () => {
    expect(planChangeDifferences('explorer', 'starter')).toEqual(expect.arrayContaining(['1 active listing at once instead of 5', 'Nothing more to pay']));
    expect(planChangeDifferences('connector', 'explorer')).toEqual(expect.arrayContaining(['5 active listings at once instead of 8', 'No pinned post: a pinned listing is unpinned', '$24 a year instead of $60']));
  });
});
