// Decision 40: a newest-first search asks for its words day by day. The words PostgreSQL parsed are
// put on each day of a window; a window grows with what the page still needs.
import { describe, expect, it } from 'vitest';
import { dayOf, firstWindowFor, nextWindowDays, windowsWorthIt, rememberDaysForPage, shareOfWords, startOfDay, timestampMs, windowDays, wordsUnder } from '../../src/server/listings/listing-search-windows';

describe('words put under days or postcodes', () => {
  it('puts every lexeme under each day and ORs the days', () => {
    expect(wordsUnder(`'red' & 'guitar'`, [20785, 20784])).toBe(`( 'red 20785' & 'guitar 20785' ) | ( 'red 20784' & 'guitar 20784' )`);
  });

  it('keeps alternatives and quotes inside a lexeme, and asks a phrase’s words without their order', () => {
    expect(wordsUnder(`'red' <-> 'guitar' | 'o''brien'`, [7])).toBe(`( 'red 7' & 'guitar 7' | 'o''brien 7' )`);
    expect(wordsUnder(`'near-new' <-> 'near' <-> 'new' & 'desk' | 'a' <2> 'b'`, [7])).toBe(`( 'near-new 7' & 'near 7' & 'new 7' & 'desk 7' | 'a 7' & 'b 7' )`);
    // Inside a lexeme, "<->" is the word's own text.
    expect(wordsUnder(`'a<->b'`, [7])).toBe(`( 'a<->b 7' )`);
  });

  it('keeps a phrase’s order beside a negation, which reading it without order would change', () => {
    expect(wordsUnder(`'red' <-> 'guitar' & !'amp'`, [3])).toBe(`( 'red 3' <-> 'guitar 3' & !'amp 3' ) & ' 3'`);
  });

  it('ties a negation to the day, as a listing of another day lacks every word of this one', () => {
    expect(wordsUnder(`'guitar' & !'amp'`, [3])).toBe(`( 'guitar 3' & !'amp 3' ) & ' 3'`);
    expect(wordsUnder(`!'amp'`, [3, 2])).toBe(`( !'amp 3' ) & ' 3' | ( !'amp 2' ) & ' 2'`);
  });

  it('leaves to the exhaustive search what it cannot put by day: no words, prefixes and weights', () => {
    expect(wordsUnder('', [1])).toBeNull();
    expect(wordsUnder(`'gui':*`, [1])).toBeNull();
    expect(wordsUnder(`'guitar':A`, [1])).toBeNull();
    expect(wordsUnder(`'guitar'`, [])).toBeNull();
  });

  it('does not mistake a "!" inside a lexeme for a negation', () => {
    expect(wordsUnder(`'wow!'`, [1])).toBe(`( 'wow! 1' )`);
  });

  it('puts words under postcodes as under days, and takes no key that is not a whole number', () => {
    expect(wordsUnder(`'guitar' & !'amp'`, ['3065', '3000'])).toBe(`( 'guitar 3065' & !'amp 3065' ) & ' 3065' | ( 'guitar 3000' & !'amp 3000' ) & ' 3000'`);
    expect(wordsUnder(`'guitar'`, ["30' | 'x"])).toBeNull();
    // A day a century back is before 1970.
    expect(wordsUnder(`'guitar'`, [-15700])).toBe(`( 'guitar -15700' )`);
    // A state's days (listing_words_by_state_day): its letters before the day, and nothing else.
    expect(wordsUnder(`'guitar' & !'amp'`, ['VIC20785'])).toBe(`( 'guitar VIC20785' & !'amp VIC20785' ) & ' VIC20785'`);
    expect(wordsUnder(`'guitar'`, ['TAS-15700'])).toBe(`( 'guitar TAS-15700' )`);
    expect(wordsUnder(`'guitar'`, ['vic20785'])).toBeNull();
    expect(wordsUnder(`'guitar'`, ['VIC 20785'])).toBeNull();
    // A state alone (listing_words_by_state): its letters, and nothing else.
    expect(wordsUnder(`'guitar' & !'amp'`, ['TAS'])).toBe(`( 'guitar TAS' & !'amp TAS' ) & ' TAS'`);
    expect(wordsUnder(`'guitar'`, ['tas'])).toBeNull();
    expect(wordsUnder(`'guitar'`, ['TASMANIA'])).toBeNull();
    expect(wordsUnder(`'guitar'`, ['VIC-'])).toBeNull();
  });
});

describe('when windows stop', () => {
  it('goes on while the rest of the page fits in the widest window at the rate found so far', () => {
    // 3 days found 2 of 21: the other 19 take about 29 days.
    expect(windowsWorthIt({ searchedDays: 3, found: 2, needed: 19 })).toBe(true);
    // Nothing yet says how thin the matches are.
    expect(windowsWorthIt({ searchedDays: 27, found: 0, needed: 21 })).toBe(true);
  });

  it('hands thin matches to the exhaustive search: the rest would take more than 120 days', () => {
    // 27 days found 2: the other 19 would take about 257 days.
    expect(windowsWorthIt({ searchedDays: 27, found: 2, needed: 19 })).toBe(false);
    expect(windowsWorthIt({ searchedDays: 120, found: 19, needed: 19 })).toBe(true);
    expect(windowsWorthIt({ searchedDays: 121, found: 19, needed: 19 })).toBe(false);
  });
});

describe('days', () => {
  it('counts days in UTC from 1970, as the index does', () => {
    expect(dayOf(Date.UTC(2026, 10, 28, 0, 0, 0))).toBe(20785);
    expect(dayOf(Date.UTC(2026, 10, 27, 23, 59, 59, 999))).toBe(20784);
    expect(startOfDay(20785)).toBe('2026-11-28T00:00:00.000Z');
    expect(windowDays(10, 3)).toEqual([10, 9, 8]);
  });

  it("reads PostgreSQL's timestamps, their fraction and zone", () => {
    expect(timestampMs('2026-11-28 00:00:00.999999+00')).toBe(Date.UTC(2026, 10, 28));
    expect(timestampMs('2026-11-28 10:30:00+10')).toBe(Date.UTC(2026, 10, 28, 0, 30));
    expect(timestampMs('2026-11-28T10:30:00+05:30')).toBe(Date.UTC(2026, 10, 28, 5, 0));
    expect(timestampMs('2026-11-28T00:00:00Z')).toBe(Date.UTC(2026, 10, 28));
    expect(timestampMs('1926-11-28 00:00:00-01')).toBe(Date.UTC(1926, 10, 28, 1));
    expect(timestampMs('not a time')).toBeNull();
  });
});

describe('the next window', () => {
  it('spans what the rate of matches so far says the page needs, half again to spare', () => {
    // 5 found in 3 days, 16 more wanted: 3 × 16 × 1.5 / 5 = 14.4 days.
    expect(nextWindowDays({ searchedDays: 3, found: 5, needed: 16, lastDays: 3 })).toBe(15);
  });

  it('grows eightfold when nothing was found, at least twofold otherwise, and stops at its cap', () => {
    expect(nextWindowDays({ searchedDays: 3, found: 0, needed: 21, lastDays: 3 })).toBe(24);
    expect(nextWindowDays({ searchedDays: 3, found: 20, needed: 1, lastDays: 3 })).toBe(6);
    expect(nextWindowDays({ searchedDays: 200, found: 0, needed: 21, lastDays: 100 })).toBe(120);
  });
});

describe('the first window, sized by the last such search', () => {
  it('starts with three days when nothing is known, or what is known is old', () => {
    expect(firstWindowFor('never searched')).toBe(3);
    rememberDaysForPage('searched long ago', 11, 0);
    expect(firstWindowFor('searched long ago', 10 * 60_000)).toBe(3);
  });

  it('spans the days the last such search needed for its page, and stays there while they fill it', () => {
    const now = 1_000_000;
    rememberDaysForPage('guitar in Victoria', 11, now);
    expect(firstWindowFor('guitar in Victoria', now + 1_000)).toBe(11);
    rememberDaysForPage('guitar in Victoria', 11, now + 2_000);
    expect(firstWindowFor('guitar in Victoria', now + 3_000)).toBe(11);
    rememberDaysForPage('guitar everywhere', 1, now);
    expect(firstWindowFor('guitar everywhere', now)).toBe(3);
    rememberDaysForPage('kayak in Tasmania', 400, now);
    expect(firstWindowFor('kayak in Tasmania', now)).toBe(120);
  });

  it('sends a search whose windows did not fill a page straight to the exhaustive query', () => {
    rememberDaysForPage('zzqx', null, 5_000);
    expect(firstWindowFor('zzqx', 6_000)).toBeNull();
  });
});

describe('how many listings words match, at most, by the statistics', () => {
  const known = { shares: new Map([['guitar', 0.02], ['red', 0.05], ["o'brien", 0.003]]), floor: 0.001, listings: 1_000_000 };

  it('takes a conjunction or a phrase at its rarest word, an alternative at its words together', () => {
    expect(shareOfWords(`'guitar'`, known)).toBe(0.02);
    expect(shareOfWords(`'red' & 'guitar'`, known)).toBe(0.02);
    expect(shareOfWords(`'red' <-> 'guitar'`, known)).toBe(0.02);
    expect(shareOfWords(`'red' | 'guitar'`, known)).toBeCloseTo(0.07);
    expect(shareOfWords(`( 'red' <-> 'guitar' ) | 'o''brien'`, known)).toBeCloseTo(0.023);
  });

  it('takes a word the statistics do not list as rarer than their floor, and a negation as anything', () => {
    expect(shareOfWords(`'kayak' & 'paddl'`, known)).toBe(0.001);
    expect(shareOfWords(`'guitar' & !'amp'`, known)).toBe(0.02);
    expect(shareOfWords(`!'amp'`, known)).toBe(1);
    expect(shareOfWords(`'gui':*`, known)).toBe(1);
  });

  it('reads nothing it does not understand', () => {
    expect(shareOfWords('', known)).toBeNull();
    expect(shareOfWords(`( 'red' & 'guitar'`, known)).toBeNull();
    expect(shareOfWords(`'red' 'guitar'`, known)).toBeNull();
  });
});
