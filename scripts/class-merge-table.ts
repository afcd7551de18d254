// The table cn() merges Tailwind classes with in a build (src/web/lib/class-merge.ts), made from
// tailwind-merge's own config for only the classes this app's files use. tailwind-merge with its
// default config describes every Tailwind utility: 7.5 kB of the app's first download (Brotli). A
// build needs the groups of the classes Tailwind itself finds in src/web and no others, because
// Tailwind makes CSS for those candidates only: a class outside them draws nothing, merged or not.
// The candidates come from Tailwind's own scanner, and each one's groups from the lookup
// tailwind-merge provides for this kind of build-time pruning, so the table merges every class the
// app has as tailwind-merge would (tests/unit/class-merge.test.ts checks it).
import { fileURLToPath } from 'node:url';
import { Scanner } from '@tailwindcss/oxide';
import { getDefaultConfig } from 'tailwind-merge';
import { createClassGroupLookup } from 'tailwind-merge/unstable-do-not-import';
import type { Plugin } from 'vite';
import type { ClassMergeTable } from '../src/web/lib/class-merge';

const webFolder = fileURLToPath(new URL('../src/web/', import.meta.url));
/** The module whose export (tailwind-merge's twMerge) a build replaces with class-merge.ts over the app's table. */
const mergeClassesModule = fileURLToPath(new URL('../src/web/lib/merge-classes.ts', import.meta.url));

/** Every class candidate in `folder`, as Tailwind's scanner finds them (it makes CSS for the valid ones). */
export function scanClassCandidates(folder = webFolder): string[] {
  return new Scanner({ sources: [{ base: folder, pattern: '**/*', negated: false }] }).scan();
}

const isArbitraryProperty = (className: string) => className.startsWith('[') && className.endsWith(']');

/**
 * The table for `candidates`: each class name that merging one of them looks up (its base without
 * modifiers, with and without a `/` postfix) with the group tailwind-merge's default config gives
 * it, and the default conflicts among the groups found.
 */
export function classMergeTableFor(candidates: Iterable<string>): ClassMergeTable {
  const defaults = getDefaultConfig();
  const lookUp = createClassGroupLookup(defaults);
  const groupOf = new Map<string, string>();
  for (const candidate of candidates) {
    for (const { className, classGroupId } of lookUp(candidate)) {
      // Arbitrary properties ([mask-type:alpha]) are grouped by their property, without the table.
      if (isArbitraryProperty(className)) continue;
      // A negative value (-mt-1) is looked up without its minus, as tailwind-merge does.
      groupOf.set(className.startsWith('-') && className.length > 1 ? className.slice(1) : className, classGroupId);
    }
  }
  const groups = [...new Set(groupOf.values())].sort();
  const numberOf = new Map(groups.map((group, index) => [group, String(index)]));
  const numbered = (ids: readonly string[] | undefined) => (ids ?? []).flatMap((id) => numberOf.get(id) ?? []).join(' ');
  const classesOf = new Map<string, string[]>(groups.map((group) => [group, []]));
  for (const [className, group] of [...groupOf].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) classesOf.get(group)?.push(className);
  const conflicting = defaults.conflictingClassGroups as Partial<Record<string, readonly string[]>>;
  const postfixConflicting = defaults.conflictingClassGroupModifiers as Partial<Record<string, readonly string[]>>;
  return {
    classes: groups.map((group) => classesOf.get(group)?.join(' ')).join('\n'),
    conflicts: groups.map((group) => numbered(conflicting[group])).join('\n'),
    postfixConflicts: groups.map((group) => numbered(postfixConflicting[group])).join('\n'),
    postfixLookup: numbered(defaults.postfixLookupClassGroups),
    orderSensitiveModifiers: defaults.orderSensitiveModifiers.join(' '),
  };
}

/**
 * Gives cn() class-merge.ts over the app's table in place of tailwind-merge: for builds (the browser's
 * and the server render's alike, so hydration sees the same classes) and the tests. `npm run dev`
 * keeps tailwind-merge, whose knowledge cannot go stale while files change.
 */
export function appClassMerge(): Plugin {
  return {
    name: 'neighbourly:app-class-merge',
    enforce: 'pre',
    load(id) {
      if (id.split('?')[0] !== mergeClassesModule) return null;
      const table = classMergeTableFor(scanClassCandidates());
      return [
        '// Written by scripts/class-merge-table.ts for this build: the groups of the Tailwind classes in src/web.',
        "import { createClassMerge } from './class-merge';",
        `export const mergeClasses = createClassMerge(${JSON.stringify(table)});`,
        '',
      ].join('\n');
    },
  };
}
