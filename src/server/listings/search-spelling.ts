// A misspelt search read as the catalogue's nearest words (decision 42). When no listing anywhere has
// a search's words, each word the catalogue does not know is replaced by the known word closest to
// it by trigrams (search_words, every word listings have had, migration 0037), and the listings are
// searched by those words: "bicylce" finds the bicycles, in titles and descriptions, as fast as any
// search by words (the trigram search of every title it replaces read ~22,000 candidate titles for
// one misspelt word at 1,000,000 listings).
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/open-database';
import { wordsOfSearch } from './listing-search-windows';

/** A quoted lexeme of a tsquery's text, as PostgreSQL writes it ('o''brien'), and a prefix or weight after it. */
const quotedLexeme = /'((?:[^'\\]|''|\\.)*)'(:[*A-Da-d]+)?/g;

const unquote = (quoted: string) => quoted.replace(/''/g, "'").replace(/\\(.)/g, '$1');
const quote = (word: string) => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * The search's words (a tsquery's text) with each word no listing has had replaced by the nearest
 * known word; null when none of them could be corrected (nothing near enough, or nothing to correct).
 */
export async function correctedWords(db: Queryable, search: string): Promise<string | null> {
  const words = await wordsOfSearch(db, search);
  const typed = [...new Set([...words.matchAll(quotedLexeme)].map((match) => unquote(match[1]!)))];
  if (typed.length === 0) return null;
  const result = await db.execute(sql`
    select typed.word as typed,
           (select known.word from search_words known
             where known.word % typed.word
             order by similarity(known.word, typed.word) desc, known.word
             limit 1) as nearest
      from unnest(${sql.param(typed)}::text[]) as typed(word)`);
  const nearest = new Map((result as unknown as { rows: { typed: string; nearest: string | null }[] }).rows.map((row) => [row.typed, row.nearest]));
  let corrected = false;
  const rewritten = words.replace(quotedLexeme, (whole, inner: string, suffix: string | undefined) => {
    const word = unquote(inner);
    const replacement = nearest.get(word);
    if (!replacement || replacement === word) return whole;
    corrected = true;
    return `${quote(replacement)}${suffix ?? ''}`;
  });
  return corrected ? rewritten : null;
}
