// The banned-word filter (spec 5): whole words, whatever their case or accents.

/** Lower case, accents removed, so "Café" and "CAFE" compare equal. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
}

function escapeForPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The banned words (as the admin wrote them) that appear as whole words or phrases in any text.
 * "ass" does not match "class"; "gift card" matches "Gift  Card".
 */
export function findBannedWords(texts: string[], bannedWords: string[]): string[] {
  const haystack = foldText(texts.join('\n'));
  return bannedWords.filter((word) => {
    const folded = foldText(word.trim());
    if (!folded) return false;
    const pattern = folded.split(/\s+/).map(escapeForPattern).join('\\s+');
    return new RegExp(`(?<![\\p{L}\\p{N}])${pattern}(?![\\p{L}\\p{N}])`, 'u').test(haystack);
  });
}
