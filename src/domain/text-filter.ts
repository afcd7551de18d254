// The banned-word filter (spec 5): whole words, whatever their case or accents, and whatever
// tricks make a word look the same to a reader while the characters differ (hidden characters,
// look-alike letters from other alphabets, full-width forms, letters spaced apart).

// Letters of other alphabets that a reader takes for a Latin one, so "ѕсаm" (Cyrillic ѕ, с, а)
// is read as "scam". Each case is listed on its own because some letters look Latin in one case
// only: Cyrillic "Н" looks like H but "н" does not look like h. Letters that only look alike in
// some fonts (Cyrillic к, в, т; Greek η, τ) are left out so real Russian or Greek words are not
// bent into English ones. Digits are not folded (0 to o, 1 to l, 5 to s): "4WD", "V8", "2XL" and
// prices would turn into letter words an admin never wrote; an admin who wants "sc4m" adds it.
// Each row pairs the look-alikes with the Latin letters they are read as, position by position.
const lookAlikes = [
  ['АВЕКМНОРСТУХЅІЈԚԜҮҺѴ', 'ABEKMHOPCTYXSIJQWYHV'], // Cyrillic capitals
  ['аеорсухѕіјԛԝүһԁѵ', 'aeopcyxsijqwyhdv'], // Cyrillic small letters
  ['ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ', 'ABEZHIKMNOPTYX'], // Greek capitals
  ['οανικρυ', 'oavikpu'], // Greek small letters
  ['ıȷɑɡ', 'ijag'], // Latin letters outside ASCII that NFKD leaves alone
];
const confusableLetters = new Map(lookAlikes.flatMap(([from, to]) => [...from].map((letter, index) => [letter, to[index]] as const)));
const confusablePattern = new RegExp(`[${lookAlikes.map(([from]) => from).join('')}]`, 'gu');

// Characters a reader cannot see, dropped so "sc\u200Bam" reads "scam": format characters (zero-width
// space and joiners, word joiner, byte-order mark, soft hyphen, bidi controls, tag characters) and
// the Hangul fillers, which are letters by category but render as blank. Variation selectors and
// other combining marks go with the accents.
const invisibleCharacters = /[\p{Cf}\u115F\u1160\u3164\uFFA0]/gu;

/**
 * Text as a reader sees it, for comparing: compatibility forms unified (full-width "ｓｃａｍ",
 * ligatures, maths letters), accents and hidden characters removed, look-alike letters made Latin,
 * lower case. "Café", "CAFE" and "САFЕ" (Cyrillic С, А, Е) compare equal.
 */
export function foldText(text: string): string {
  // NFKD does NFKC's compatibility folding and also splits accents off so they can be dropped.
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(invisibleCharacters, '')
    .replace(confusablePattern, (letter) => confusableLetters.get(letter) ?? letter)
    .toLowerCase();
}

// Three or more single letters in a row, apart by spaces or light punctuation ("s c a m",
// "s.c.a.m", "s-c-a-m"). Fewer than three is left alone: "I.T." and "a b" are ordinary text.
// Apostrophes and commas do not count as gaps, so "I'm a" and "A, B, C" stay as they are.
const letterGap = String.raw`[\s.\p{Pd}_*·•|/~\u2800]+`;
const spacedLetters = new RegExp(String.raw`(?<![\p{L}\p{N}])\p{L}(?:${letterGap}\p{L}(?![\p{L}\p{N}])){2,}`, 'gu');
const everyLetterGap = new RegExp(letterGap, 'gu');

// "a" and "i" are words on their own, so a spaced-out word can sit next to one: "this is a s c a m"
// is "a scam", not "ascam". Each run is also read with such a letter at either end kept apart.
const standaloneLetters = new Set(['a', 'i']);
function joinLetters(letters: string, apart: { first: boolean; last: boolean }): string {
  const first = apart.first && standaloneLetters.has(letters[0]) ? letters[0] : '';
  const last = apart.last && standaloneLetters.has(letters.at(-1) ?? '') ? (letters.at(-1) ?? '') : '';
  const middle = letters.slice(first.length, letters.length - last.length);
  return [first, middle, last].filter(Boolean).join(' ');
}
const runReadings = [
  { first: false, last: false },
  { first: true, last: false },
  { first: false, last: true },
  { first: true, last: true },
];

/**
 * The folded texts plus, when they have spaced-out letters, readings with those letters joined up.
 * The joined readings are extra texts to search rather than a replacement, so a phrase with a single
 * letter in it ("plan b") still matches the text as written, and joining only ever runs of single
 * letters means "I have a TV" can never become "ihave". Each text is joined up on its own so a
 * title's last letter never runs on into the description's first.
 */
function readingsOf(texts: readonly string[]): string[] {
  const folded = texts.map(foldText);
  const asWritten = folded.join('\n');
  if (folded.every((text) => text.search(spacedLetters) === -1)) return [asWritten];
  const joined = runReadings.map((apart) =>
    folded.map((text) => text.replace(spacedLetters, (run) => joinLetters(run.replace(everyLetterGap, ''), apart))).join('\n'),
  );
  return [asWritten, ...new Set(joined)];
}

function escapeForPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The banned words (as the admin wrote them) that appear as whole words or phrases in any text.
 * "ass" does not match "class"; "gift card" matches "Gift  Card"; "scam" matches "ѕсаm",
 * "s c a m" and "sc\u200Bam".
 */
export function findBannedWords(texts: readonly string[], bannedWords: readonly string[]): string[] {
  // Runs on every listing save against the whole list, so the texts are folded once and a cheap
  // substring check skips building a pattern for the many words that cannot be there.
  const haystacks = readingsOf(texts);
  return bannedWords.filter((word) => {
    const parts = foldText(word).split(/\s+/).filter(Boolean);
    if (parts.length === 0) return false;
    const candidates = haystacks.filter((haystack) => haystack.includes(parts[0]));
    if (candidates.length === 0) return false;
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${parts.map(escapeForPattern).join('\\s+')}(?![\\p{L}\\p{N}])`, 'u');
    return candidates.some((haystack) => pattern.test(haystack));
  });
}

/** "Your message contains a word that isn't allowed in our community: “x”. …", for a message, a comment. */
export function describeBannedWords(what: string, words: readonly string[]): string {
  const named = words.map((word) => `“${word}”`).join(', ');
  return words.length === 1
    ? `Your ${what} contains a word that isn't allowed in our community: ${named}. Please remove it and try again.`
    : `Your ${what} contains words that aren't allowed in our community: ${named}. Please remove them and try again.`;
}
