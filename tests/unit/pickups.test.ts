// The pickup rules the server and the thread share (decision 47): when a pickup may be, where, and
// how its time reads in the listing's own time zone.
import { describe, expect, it } from 'vitest';
import { proposePickupBody } from '../../src/domain/conversation-schemas';
import { pickupLimits, pickupLine, pickupMessages, pickupPlaceProblem, pickupTimeProblem, pickupTimeText, pickupTimeZone } from '../../src/domain/pickups';

const now = new Date('2026-11-28T00:00:00Z');
const minutesLater = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describe('pickupTimeProblem', () => {
  it(`takes ${pickupLimits.minLeadMinutes} minutes to ${pickupLimits.maxAheadDays} days ahead`, () => {
    expect(pickupTimeProblem(minutesLater(pickupLimits.minLeadMinutes - 1), now)).toBe(pickupMessages.timeTooSoon);
    expect(pickupTimeProblem(minutesLater(pickupLimits.minLeadMinutes), now)).toBeNull();
    expect(pickupTimeProblem(minutesLater(pickupLimits.maxAheadDays * 24 * 60), now)).toBeNull();
    expect(pickupTimeProblem(minutesLater(pickupLimits.maxAheadDays * 24 * 60 + 1), now)).toBe(pickupMessages.timeTooFar);
    expect(pickupTimeProblem(new Date('not a time'), now)).toBe(pickupMessages.timeRequired);
  });
});

describe('the place', () => {
  it('is trimmed, 3 to 200 characters, with no control characters', () => {
    expect(pickupPlaceProblem('')).toBe(pickupMessages.placeRequired);
    expect(pickupPlaceProblem('ab')).toBe(pickupMessages.placeTooShort);
    expect(pickupPlaceProblem('x'.repeat(pickupLimits.placeMax + 1))).toBe(pickupMessages.placeTooLong);
    expect(proposePickupBody.parse({ at: '2026-12-05T10:00:00+11:00', place: '  Fitzroy Library ' })).toEqual({ at: '2026-12-05T10:00:00+11:00', place: 'Fitzroy Library' });
    expect(proposePickupBody.safeParse({ at: '2026-12-05T10:00:00+11:00', place: 'Fitzroy\u0007Library' }).success).toBe(false);
    expect(proposePickupBody.safeParse({ at: 'Saturday', place: 'Fitzroy Library' }).error?.issues[0].message).toBe(pickupMessages.timeRequired);
  });
});

describe('the time as members read it', () => {
  it('is in the listing’s state, with its zone named', () => {
    const at = new Date('2026-12-05T23:00:00Z');
    expect(pickupTimeText(at, pickupTimeZone('VIC'))).toBe('Sun 6 Dec, 10:00 am AEDT');
    expect(pickupTimeText(at, pickupTimeZone('WA'))).toBe('Sun 6 Dec, 7:00 am AWST');
    expect(pickupTimeText(at, pickupTimeZone('QLD'))).toBe('Sun 6 Dec, 9:00 am AEST');
    expect(pickupTimeZone(null)).toBe('Australia/Sydney');
  });

  it('writes each step’s line', () => {
    expect(pickupLine('proposed', 'Sun 6 Dec, 10:00 am AEDT', 'Fitzroy Library')).toBe('Proposed a pickup on Sun 6 Dec, 10:00 am AEDT at Fitzroy Library');
    expect(pickupLine('confirmed', 'Sun 6 Dec, 10:00 am AEDT', 'Fitzroy Library')).toBe('Confirmed the pickup on Sun 6 Dec, 10:00 am AEDT at Fitzroy Library');
  });
});
