// A build's cn() merges with class-merge.ts over a table of the app's own classes instead of
// tailwind-merge (scripts/class-merge-table.ts): it must merge every class the app's files have
// exactly as tailwind-merge does, or a component's look would change.
import fc from 'fast-check';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { classMergeTableFor, scanClassCandidates } from '../../scripts/class-merge-table';
import { createClassMerge } from '../../src/web/lib/class-merge';

const candidates = scanClassCandidates();
const merge = createClassMerge(classMergeTableFor(candidates));
/** The candidates tailwind-merge takes for Tailwind classes: a second copy of one is dropped. */
const tailwindClasses = candidates.filter((candidate) => twMerge(`${candidate} ${candidate}`) === candidate);

describe("the app's class merge", () => {
  it('lets a later class overrule an earlier one of its group, and only that', () => {
    expect(merge('px-5 px-3')).toBe('px-3');
    expect(merge('p-4 px-2')).toBe('p-4 px-2');
    expect(merge('px-2 p-4')).toBe('p-4');
    expect(merge('min-h-11 rounded-full px-5 min-h-0 rounded-md px-0')).toBe('min-h-0 rounded-md px-0');
    expect(merge('text-sm text-ink-700 text-xs')).toBe('text-ink-700 text-xs');
    expect(merge('border-sand-200 border border-brand-600')).toBe('border border-brand-600');
  });

  it('keeps classes under other modifiers, and merges those under the same ones in any order', () => {
    expect(merge('hover:bg-brand-700 bg-white')).toBe('hover:bg-brand-700 bg-white');
    expect(merge('focus-visible:hover:bg-white hover:focus-visible:bg-brand-50')).toBe('hover:focus-visible:bg-brand-50');
    expect(merge('[&_svg]:size-4 [&_svg]:size-3.5')).toBe('[&_svg]:size-3.5');
    expect(merge('bg-white! bg-brand-50')).toBe('bg-white! bg-brand-50');
  });

  it('keeps what is not a Tailwind class of the app, in its place', () => {
    expect(merge('card-link px-5 group px-3')).toBe('card-link group px-3');
    expect(merge('  items-near-you-map   w-full ')).toBe('items-near-you-map w-full');
    expect(merge('')).toBe('');
  });

  it('finds Tailwind classes in the app', () => {
    expect(tailwindClasses.length).toBeGreaterThan(400);
    expect(tailwindClasses).toEqual(expect.arrayContaining(['px-5', 'hover:bg-brand-700', 'bg-ink-900/80', '-mt-1', '[&_svg]:size-4']));
  });

  it('merges every pair of the classes in the app under the same modifiers as tailwind-merge does', () => {
    // Only classes under the same modifiers can overrule each other; lists of any classes follow.
    const byModifiers = new Map<string, string[]>();
    for (const className of tailwindClasses) {
      const modifiers = className.slice(0, className.lastIndexOf(':') + 1);
      byModifiers.set(modifiers, [...(byModifiers.get(modifiers) ?? []), className]);
    }
    const differences: string[] = [];
    for (const classes of byModifiers.values()) {
      for (const first of classes) {
        for (const second of classes) {
          const classList = `${first} ${second}`;
          if (merge(classList) !== twMerge(classList)) differences.push(classList);
        }
      }
    }
    expect(differences).toEqual([]);
  });

  it('merges any list of the classes in the app as tailwind-merge does', () => {
    const classList = fc.array(fc.constantFrom(...candidates), { minLength: 1, maxLength: 12 }).map((classes) => classes.join(' '));
    fc.assert(
      fc.property(classList, (classes) => merge(classes) === twMerge(classes)),
      { numRuns: 20_000 },
    );
  });
});
