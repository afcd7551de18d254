// Newest-first search in windows of days (decision 40). A common word matches tens of thousands of
// listings, and reading every match before sorting made a search cost in proportion to the
// catalogue. The index listings_words_by_day_idx (migration 0035) holds each word of an active
// listing under the day of its rank ("guitar 20785"), so a search asks for its words on the newest
// few days first, then further back, and stops once the page is full: it reads about as many
// listings as the page needs. The words are rewritten per day from PostgreSQL's own parse of them,
// and each window still checks the listing's words themselves, so the answers are those of the
// exhaustive search.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/open-database';

const dayMs = 86_400_000;

/** The day (UTC, counted from 1970) a time falls on: the index's day of a listing's rank. */
export function dayOf(ms: number): number {
  return Math.floor(ms / dayMs);
}

/** When a day starts, as a timestamp PostgreSQL reads. */
export function startOfDay(day: number): string {
  return new Date(day * dayMs).toISOString();
}

const timestampText = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(Z|[+-]\d{2}(?::?\d{2})?)?$/;

/**
 * The milliseconds of a timestamp as PostgreSQL writes it ("2026-11-27 10:00:00.123456+00"), its
 * fraction dropped: a listing's rank to the millisecond falls on the same day as to the microsecond.
 */
export function timestampMs(text: string): number | null {
  const match = timestampText.exec(text);
  if (!match) return null;
  const [, year, month, day, hour, minute, second, zone] = match;
  const utc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  if (!zone || zone === 'Z') return utc;
  const sign = zone.startsWith('-') ? -1 : 1;
  const [hours, minutes = '0'] = zone.slice(1).replace(':', '').match(/^(\d{2})(\d{2})?$/)!.slice(1);
  return utc - sign * (Number(hours) * 60 + Number(minutes)) * 60_000;
}

/** A quoted lexeme of a tsquery's text ('o''brien', with \ escaped), and what may follow it. */
const quotedLexeme = /'(?:[^'\\]|''|\\.)*'(:[*A-Da-d]+)?/g;
/** A quoted lexeme, or a phrase's distance operator between two (<->, <2>). */
const lexemeOrDistance = new RegExp(`${quotedLexeme.source}|<\\d*-?>`, 'g');

/**
 * A tsquery (as text) asked of an index that files each lexeme under a key (the day of a listing's
 * rank, listing_words_by_day; its postcode, listing_words_by_postcode; its state): each lexeme under each key,
 * ORed over the keys; with a negation, each key's part also needs the key's marker (a listing under
 * another key lacks this key's lexemes, so "!amp" alone would take it in). Null when the query
 * cannot be put by key: empty (only stop words), with prefixes or weights (websearch_to_tsquery
 * makes neither), or a key that is not a whole number (a day before 1970 is below 0) with a state's
 * letters before it or not (listing_words_by_state_day: "VIC20785"), or a state's letters alone
 * (listing_words_by_state: "VIC").
 *
 * A phrase's words are asked without their order ("near-new" is 'near-new' <-> 'near' <-> 'new'):
 * PostgreSQL checks positions on each candidate row, and for a keyed index it made the row's keyed
 * words again to do so (about 40 µs a row, most of a window's time for such a phrase). The keyed
 * words are thus a first cut: the caller checks the listing's own words, which keep the order.
 * (Not with a negation: 'a' <-> !'b' read as 'a' & !'b' would leave out listings the phrase takes.)
 */
export function wordsUnder(words: string, keys: readonly (number | string)[]): string | null {
  if (words.trim() === '' || keys.length === 0) return null;
  if (keys.some((key) => !/^(?:[A-Z]{2,3}(?:-?\d+)?|-?\d+)$/.test(String(key)))) return null;
  if ([...words.matchAll(quotedLexeme)].some((match) => match[1] !== undefined)) return null;
  const negated = words.replace(quotedLexeme, '').includes('!');
  const unordered = negated ? words : words.replace(lexemeOrDistance, (token) => (token.startsWith("'") ? token : '&'));
  return keys
    .map((key) => {
      const underKey = unordered.replace(quotedLexeme, (lexeme) => `${lexeme.slice(0, -1)} ${key}'`);
      return negated ? `( ${underKey} ) & ' ${key}'` : `( ${underKey} )`;
    })
    .join(' | ');
}

/** The days of a window: `count` days back from `newest`, newest first. */
export function windowDays(newest: number, count: number): number[] {
  return Array.from({ length: count }, (_, index) => newest - index);
}

/** Days in the first window: today's (partial) day and the two before it. */
export const firstWindowDays = 3;
/** At most this many windows; then the rest is searched in one go, as before. */
export const maxWindows = 6;
/** A window spans at most this many days (its query has one part per day). */
export const maxWindowDays = 120;

/**
 * The days of the next window: enough, at the rate the windows so far found matches, to fill what
 * the page still needs with half as many again to spare, and at least twice the last (matches thin out
 * further back: most of a mature catalogue ranks a century back, decision 34); eight times the last
 * when none were found.
 */
export function nextWindowDays(input: { searchedDays: number; found: number; needed: number; lastDays: number }): number {
  const { searchedDays, found, needed, lastDays } = input;
  const estimate = found === 0 ? lastDays * 8 : Math.ceil((searchedDays * needed * 1.5) / found);
  return Math.min(maxWindowDays, Math.max(lastDays * 2, estimate));
}

/**
 * Whether more windows are worth their statements: not when, at the rate the windows so far found
 * matches, the rest of the page would take more days than the widest window spans. Such thin
 * matches (common words seldom together: "vintage guitar songbook" in one state) are few in all,
 * and the exhaustive search reads them in one statement, where windows of months each cost about
 * as much as it (measured at 1,000,000 listings, one connection: three common words over New South
 * Wales, a 120-day window 2.8 ms, every match in the state 2.5 ms) and several follow one another.
 */
export function windowsWorthIt(input: { searchedDays: number; found: number; needed: number }): boolean {
  const { searchedDays, found, needed } = input;
  if (found === 0) return true;
  return (searchedDays * needed) / found <= maxWindowDays;
}

/**
 * How many days the last search of the same words in the same area (and filters) needed to fill its
 * page, kept per process for a few minutes: the next such search starts with a window of that many
 * days, so a popular search fills its page with one statement, and a search whose windows did not
 * fill a page goes straight to the exhaustive query. Only the cost depends on it: every window
 * answers exactly. (Days, not a rate of matches: a window stops at the page's size, so the matches it
 * returns understate its days' matches, and a rate learnt from them grew every window in turn.)
 */
const daysForPage = new Map<string, { days: number | null; at: number }>();
const daysForPageSize = 2_000;
const daysForPageTtlMs = 5 * 60_000;

/** The first window's days for a search: the days the last such search needed, else firstWindowDays; null to search exhaustively. */
export function firstWindowFor(key: string, now = Date.now()): number | null {
  const known = daysForPage.get(key);
  if (!known || now - known.at > daysForPageTtlMs) return firstWindowDays;
  if (known.days === null) return null;
  return Math.min(maxWindowDays, Math.max(firstWindowDays, known.days));
}

/** Keeps how a search's windows ended: the days that filled its page (or held every listing left), or null when they did not. */
export function rememberDaysForPage(key: string, days: number | null, now = Date.now()): void {
  daysForPage.delete(key);
  if (daysForPage.size >= daysForPageSize) daysForPage.delete(daysForPage.keys().next().value!);
  daysForPage.set(key, { days, at: now });
}

/** Each lexeme's share of listings, from PostgreSQL's statistics of the listings' words, and the share below which it lists none. */
export type WordShares = { shares: ReadonlyMap<string, number>; floor: number; listings: number };

const tsqueryToken = /'(?:[^'\\]|''|\\.)*'(?::[*A-Da-d]+)?|<\d*-?>|[&|!()]/g;

/**
 * An upper bound of the share of listings a tsquery (as text) matches, from its lexemes' shares: a
 * conjunction or a phrase matches no more than its rarest part, an alternative no more than its
 * parts together, a negation anything. A lexeme the statistics do not list is rarer than their
 * floor; a prefix could be anything. Null when the text is not a tsquery this reads.
 */
export function shareOfWords(words: string, known: WordShares): number | null {
  const tokens = words.match(tsqueryToken) ?? [];
  let at = 0;
  const lexemeShare = (token: string): number => {
    if (/:[^']*\*[^']*$/.test(token.slice(token.lastIndexOf("'")))) return 1;
    const lexeme = token.slice(1, token.lastIndexOf("'")).replace(/''/g, "'").replace(/\\(.)/g, '$1');
    return known.shares.get(lexeme) ?? known.floor;
  };
  const primary = (): number => {
    const token = tokens[at++];
    if (token === '!') {
      primary();
      return 1;
    }
    if (token === '(') {
      const inside = alternatives();
      if (tokens[at++] !== ')') throw new Error('unbalanced');
      return inside;
    }
    if (token?.startsWith("'")) return lexemeShare(token);
    throw new Error('unexpected');
  };
  // Phrases bind tighter than "&", but both take their rarest part, so one level reads them alike.
  const conjunction = (): number => {
    let share = primary();
    while (tokens[at] === '&' || tokens[at]?.startsWith('<')) {
      at += 1;
      share = Math.min(share, primary());
    }
    return share;
  };
  const alternatives = (): number => {
    let share = conjunction();
    while (tokens[at] === '|') {
      at += 1;
      share += conjunction();
    }
    return share;
  };
  try {
    if (tokens.length === 0) return null;
    const share = alternatives();
    return at === tokens.length ? Math.min(1, share) : null;
  } catch {
    return null;
  }
}

/**
 * Fewer matches than this (by the statistics' bound) and the exhaustive search reads them all in one
 * statement for less than windows would cost in statements: a rare word, or rare words together.
 */
export const windowsFromMatches = 2_000;

let sharesRead: { value: WordShares | null; at: number } | null = null;
const sharesTtlMs = 10 * 60_000;

/** The listings' word shares from pg_stats (kept ten minutes per process); null before the table is analysed. */
export async function wordSharesOf(db: Queryable, now = Date.now()): Promise<WordShares | null> {
  if (sharesRead && now - sharesRead.at < sharesTtlMs) return sharesRead.value;
  let value: WordShares | null = null;
  try {
    const result = await db.execute(sql`
      select elements.word, elements.share::float8 as share, (select reltuples::float8 from pg_class where oid = 'listings'::regclass) as listings
        from pg_stats, unnest(most_common_elems::text::text[], most_common_elem_freqs) as elements(word, share)
       where schemaname = current_schema() and tablename = 'listings' and attname = 'search_vector'`);
    const rows = (result as unknown as { rows: { word: string | null; share: number; listings: number }[] }).rows;
    const shares = new Map<string, number>();
    for (const row of rows) if (row.word !== null) shares.set(row.word, Number(row.share));
    // After the elements' shares come the smallest, the largest and the share of listings without words.
    const floor = rows.find((row) => row.word === null)?.share;
    if (shares.size > 0 && floor !== undefined && rows[0]!.listings > 0) value = { shares, floor: Number(floor), listings: Number(rows[0]!.listings) };
  } catch {
    // The database did not answer: what was known stays, and it is asked again in half a minute.
    sharesRead = { value: sharesRead?.value ?? null, at: now - sharesTtlMs + 30_000 };
    return sharesRead.value;
  }
  sharesRead = { value, at: now };
  return value;
}

/** Searches' words as PostgreSQL parses them (stemmed, stop words out), kept per text. */
const parsedCache = new Map<string, string>();
const parsedCacheSize = 2_000;

export async function wordsOfSearch(db: Queryable, search: string): Promise<string> {
  const known = parsedCache.get(search);
  if (known !== undefined) return known;
  const parsed = await db.execute(sql`select websearch_to_tsquery('english', ${search}::text)::text as words`);
  const words = (parsed as unknown as { rows: { words: string }[] }).rows[0]?.words ?? '';
  if (parsedCache.size >= parsedCacheSize) parsedCache.delete(parsedCache.keys().next().value!);
  parsedCache.set(search, words);
  return words;
}
