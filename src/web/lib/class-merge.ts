// cn()'s merging of Tailwind classes in a build: tailwind-merge's algorithm (a later class overrules
// an earlier one of its group, and of the groups it conflicts with, under the same modifiers) over a
// table of only the classes this app's files use, which the build writes from tailwind-merge's own
// config (scripts/tailwind-merge-table.ts). tests/unit/class-merge.test.ts checks that it merges every
// class the app has exactly as tailwind-merge does. `npm run dev` merges with tailwind-merge itself
// (merge-classes.ts).

/**
 * The classes and their groups, as the build writes them: one line a group. `classes`: the group's
 * class names (a negative value without its minus: `mt-1` for `-mt-1`), space-separated. `conflicts`
 * and `postfixConflicts`: the numbers of the groups a class of this group also overrules (with a
 * `/` postfix, postfixConflicts are added). `postfixLookup`: the groups whose classes are looked up
 * with their postfix too. `orderSensitiveModifiers`: the modifiers whose order counts (before:, *:).
 */
export type ClassMergeTable = {
  classes: string;
  conflicts: string;
  postfixConflicts: string;
  postfixLookup: string;
  orderSensitiveModifiers: string;
};

type ParsedClass = { modifiers: string[]; important: boolean; base: string; postfixAt: number | undefined };

/** A class's modifiers (hover:, [&_svg]:), its important mark and its base, and where a `/` postfix starts in the base. */
function parseClass(className: string): ParsedClass {
  const modifiers: string[] = [];
  let brackets = 0;
  let parentheses = 0;
  let start = 0;
  let postfix: number | undefined;
  for (let index = 0; index < className.length; index++) {
    const character = className[index];
    if (brackets === 0 && parentheses === 0) {
      if (character === ':') {
        modifiers.push(className.slice(start, index));
        start = index + 1;
        continue;
      }
      if (character === '/') {
        postfix = index;
        continue;
      }
    }
    if (character === '[') brackets++;
    else if (character === ']') brackets--;
    else if (character === '(') parentheses++;
    else if (character === ')') parentheses--;
  }
  let base = className.slice(start);
  let important = false;
  if (base.endsWith('!')) {
    base = base.slice(0, -1);
    important = true;
  } else if (base.startsWith('!')) {
    // Tailwind 3's place for the mark, which tailwind-merge still reads.
    base = base.slice(1);
    important = true;
  }
  return { modifiers, important, base, postfixAt: postfix !== undefined && postfix > start ? postfix - start : undefined };
}

const lines = (text: string) => text.split('\n');
const numbers = (line: string) => (line ? line.split(' ') : []);

const mergedCacheSize = 1_000;

/** A merge function over `table`: `merge('px-5 px-3')` is `'px-3'`. */
export function createClassMerge(table: ClassMergeTable): (classList: string) => string {
  const groupOf = new Map<string, string>();
  lines(table.classes).forEach((line, group) => {
    for (const className of line.split(' ')) groupOf.set(className, String(group));
  });
  const conflicts = lines(table.conflicts).map(numbers);
  const postfixConflicts = lines(table.postfixConflicts).map(numbers);
  const postfixLookup = new Set(numbers(table.postfixLookup));
  const orderSensitive = new Set(numbers(table.orderSensitiveModifiers));

  const groupIdOf = (className: string): string | undefined => {
    if (className.startsWith('[') && className.endsWith(']')) {
      // An arbitrary property ([mask-type:alpha]) is its own group, by property.
      const content = className.slice(1, -1);
      const colon = content.indexOf(':');
      return colon > 0 ? `[${content.slice(0, colon)}` : undefined;
    }
    return groupOf.get(className.startsWith('-') && className.length > 1 ? className.slice(1) : className);
  };

  const sortModifiers = (modifiers: string[]): string[] => {
    const sorted: string[] = [];
    let run: string[] = [];
    for (const modifier of modifiers) {
      if (modifier.startsWith('[') || orderSensitive.has(modifier)) {
        sorted.push(...run.sort(), modifier);
        run = [];
      } else run.push(modifier);
    }
    return sorted.concat(run.sort());
  };

  // A page renders the same class lists again and again (a card's, dozens of times): each is merged
  // once. Cleared when full, as the lists a session meets are a few hundred.
  const merged = new Map<string, string>();
  return (classList) => {
    let result = merged.get(classList);
    if (result === undefined) {
      if (merged.size >= mergedCacheSize) merged.clear();
      result = mergeOnce(classList);
      merged.set(classList, result);
    }
    return result;
  };

  function mergeOnce(classList: string): string {
    const taken = new Set<string>();
    const kept: string[] = [];
    const classNames = classList.trim().split(/\s+/);
    for (let index = classNames.length - 1; index >= 0; index--) {
      const className = classNames[index];
      const { modifiers, important, base, postfixAt } = parseClass(className);
      let hasPostfix = postfixAt !== undefined;
      let group = groupIdOf(hasPostfix ? base.slice(0, postfixAt) : base);
      if (hasPostfix && group !== undefined && postfixLookup.has(group)) {
        const withPostfix = groupIdOf(base);
        if (withPostfix !== undefined && withPostfix !== group) {
          group = withPostfix;
          hasPostfix = false;
        }
      }
      if (group === undefined && hasPostfix) {
        group = groupIdOf(base);
        hasPostfix = false;
      }
      if (group === undefined) {
        // Not a Tailwind class (or none this app uses): kept as it is.
        kept.push(className);
        continue;
      }
      const variant = modifiers.length > 1 ? sortModifiers(modifiers).join(':') : (modifiers[0] ?? '');
      const modifierId = `${important ? `${variant}!` : variant}:`;
      if (taken.has(modifierId + group)) continue;
      taken.add(modifierId + group);
      const overruled = group.startsWith('[') ? [] : hasPostfix ? [...conflicts[Number(group)], ...postfixConflicts[Number(group)]] : conflicts[Number(group)];
      for (const other of overruled) taken.add(modifierId + other);
      kept.push(className);
    }
    return kept.reverse().join(' ');
  }
}
