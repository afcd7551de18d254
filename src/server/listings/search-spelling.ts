// A misspelt search read as the catalogue's nearest words (decision 42). When no listing anywhere has
// a search's words, each word the catalogue does not know is replaced by the known word closest to
// it by trigrams (search_words, every word listings have had, migration 0037), and the listings are
// searched by those words: "bicylce" finds the bicycles, in titles and descriptions, as fast as any
// search by words (the trigram search of every title it replaces read ~22,000 candidate titles for
// one misspelt word at 1,000,000 listings).
import { sql } from 'drizzle-orm';
import type { Database, Queryable } from '../db/open-database';
import { preparedStatement } from '../db/prepared-statement';
import { wordsOfSearch } from './listing-search-windows';

/** A quoted lexeme of a tsquery's text, as PostgreSQL writes it ('o''brien'), and a prefix or weight after it. */
const quotedLexeme = /'((?:[^'\\]|''|\\.)*)'(:[*A-Da-d]+)?/g;

const unquote = (quoted: string) => quoted.replace(/''/g, "'").replace(/\\(.)/g, '$1');
const quote = (word: string) => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * The edit distance between two words, a swap of neighbouring letters counting as one edit (optimal
 * string alignment): "bicylc" is one from "bicycl", "trampolin" four from "train".
 */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * How many edits a word of this length may be from the word it is read as: none for three letters or
 * fewer ("bat" is not "bag"), one up to five, two up to nine, three beyond. A real word no listing
 * has ("trampoline") is then read as nothing rather than as whatever shares a few letters with it.
 */
export function editsAllowed(length: number): number {
  return length <= 3 ? 0 : length <= 5 ? 1 : length <= 9 ? 2 : 3;
}

/** Candidates asked of the trigram index per word, the most similar first; the fewest edits wins among them. */
const candidatesPerWord = 10;
/** At most this many of a search's words are looked up (a search can hold dozens of made-up words). */
const wordsCorrectedPerSearch = 6;

/**
 * Each typed word the catalogue lacks, with its nearest known words. Named: planned once per
 * connection (planning it cost more than running it). A word the catalogue has is kept as it is,
 * without the trigram search (for a common word it would rank hundreds of look-alikes only to find
 * the word itself).
 */
const nearestKnownWords = preparedStatement<{ typed: string[] }, { typed: string; known: string }>(
  'search_nearest_known_words',
  (value) => sql`
    select typed.word as typed, known.word as known
      from unnest(${value.typed}::text[]) with ordinality as typed(word, position)
      cross join lateral (
        select candidate.word from search_words candidate
         where candidate.word % typed.word
         order by similarity(candidate.word, typed.word) desc, candidate.word
         limit ${sql.raw(String(candidatesPerWord))}
      ) as known
     where not exists (select from search_words listed where listed.word = typed.word)
     order by typed.position`,
);

/**
 * The search's words (a tsquery's text) with each word no listing has had replaced by the nearest
 * known word; null when none of them could be corrected (nothing near enough, or nothing to correct).
 */
export async function correctedWords(db: Queryable, search: string): Promise<string | null> {
  const words = await wordsOfSearch(db, search);
  // Only words that may be corrected at all (longer than three letters), and a search's first few.
  const typed = [...new Set([...words.matchAll(quotedLexeme)].map((match) => unquote(match[1]!)))]
    .filter((word) => editsAllowed(word.length) > 0)
    .slice(0, wordsCorrectedPerSearch);
  if (typed.length === 0) return null;
  const nearest = new Map<string, { word: string; edits: number }>();
  for (const row of await nearestKnownWords(db, { typed })) {
    const edits = editDistance(row.typed, row.known);
    const best = nearest.get(row.typed);
    if (edits <= editsAllowed(row.typed.length) && (!best || edits < best.edits)) nearest.set(row.typed, { word: row.known, edits });
  }
  let corrected = false;
  const rewritten = words.replace(quotedLexeme, (whole, inner: string, suffix: string | undefined) => {
    const replacement = nearest.get(unquote(inner));
    if (!replacement || replacement.edits === 0) return whole;
    corrected = true;
    return `${quote(replacement.word)}${suffix ?? ''}`;
  });
  return corrected ? rewritten : null;
}

/**
 * Takes out of search_words every word no listing has any more (a listing deleted, an account closed
 * and erased): run with the hourly upkeep of members' data, so a closed account's words do not stay
 * behind, and a member who fills descriptions with made-up words and edits them again and again
 * leaves no more words than their listings hold. One pass over the listings' words (ts_stat: 1.5 s at
 * 1,000,000 listings, whatever the dictionary's size; a probe of the word index per word took 0.7 ms
 * a word). Returns how many words went.
 */
export async function pruneSearchWords(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    // Listings being saved add their words before they commit: the lock waits for them, so the pass
    // below sees their words, and holds the next ones back for its second or so (a word deleted while
    // its listing was being saved would be read as a misspelling of another).
    await tx.execute(sql`lock table search_words in share mode`);
    const result = await tx.execute(sql`
      delete from search_words known
       where known.word not in (select listed.word from ts_stat('select search_vector from listings') as listed)
      returning 1`);
    return (result as unknown as { rows: unknown[] }).rows.length;
  });
}
