// Decision 42: a misspelt word is read as the nearest known word only within a few edits, so a real
// word no listing has is not read as whatever shares a few letters with it.
import { describe, expect, it } from 'vitest';
import { editDistance, editsAllowed } from '../../src/server/listings/search-spelling';

describe('edits between words', () => {
  it('counts a swap of neighbouring letters as one edit', () => {
    expect(editDistance('bicylc', 'bicycl')).toBe(1);
    expect(editDistance('combta', 'combat')).toBe(1);
    expect(editDistance('tunrtabl', 'turntabl')).toBe(1);
  });

  it('counts letters changed, added and taken away', () => {
    expect(editDistance('gramaphon', 'gramophon')).toBe(1);
    expect(editDistance('fonograph', 'phonograph')).toBe(2);
    expect(editDistance('trampolin', 'train')).toBe(4);
    expect(editDistance('', 'desk')).toBe(4);
  });

  it('allows no edit to a short word, and more to longer ones', () => {
    expect(editsAllowed(3)).toBe(0);
    expect(editsAllowed(5)).toBe(1);
    expect(editsAllowed(9)).toBe(2);
    expect(editsAllowed(12)).toBe(3);
  });
});
