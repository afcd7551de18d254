// Hot reads served from memory between writes. Every cached answer names what it was made from
// (a listing, the postcodes of an area, a member); a write that changes what readers see publishes
// what it changed when it commits (db/write-transaction.ts), so the next read of an answer made
// from that data computes afresh and nobody sees their own change missing, while every other
// answer stays cached. Entries also expire after a short time, which bounds how stale
// another app server can be when there is no Redis to tell it about writes.
import type { ContentVersion } from '../services/content-version';
import { asksForDependencies, reportDependencies } from './answer-dependencies';

export { createContentVersion, type ContentVersion } from '../services/content-version';

/** How a read was answered: from an entry, by joining a computation already under way, or by computing. */
export type ReadOutcome = 'hit' | 'shared' | 'miss';

/** The header an answer made through a read cache carries: how it was answered (ReadOutcome). */
export const cacheOutcomeHeader = 'x-cache';

/**
 * The cached value for key (read()), with the reply told in its x-cache header how it was made.
 * Routes whose answer comes straight from one cache use this; browse, made from two, sets its own.
 */
export function readAnswer<V>(
  reply: Parameters<typeof reportDependencies>[0],
  cache: ReadCache<V>,
  key: string,
  compute: () => Promise<V>,
  dependsOn: readonly string[] | ((value: V) => readonly string[]),
): Promise<V> {
  const found = cache.lookup(key, compute, dependsOn);
  reply.header(cacheOutcomeHeader, found.outcome);
  // The page renderer keeps a visitor's page as long as what it was made from (answer-dependencies.ts);
  // every other read (nearly all) is answered without the extra step.
  if (!asksForDependencies(reply)) return found.value;
  return found.value.then((value) => {
    reportDependencies(reply, typeof dependsOn === 'function' ? dependsOn(value) : dependsOn);
    return value;
  });
}

export type ReadCache<V> = {
  /**
   * The cached value for key, or compute's (shared by every caller asking while it runs). `dependsOn`
   * names the data the value is made from (the content-version keys a write publishes): the value
   * is served until one of them changes. A function reads them off the value once it is made.
   */
  read(key: string, compute: () => Promise<V>, dependsOn: readonly string[] | ((value: V) => readonly string[])): Promise<V>;
  /** read(), telling how the value is coming (known at once, before it arrives). */
  lookup(key: string, compute: () => Promise<V>, dependsOn: readonly string[] | ((value: V) => readonly string[])): { value: Promise<V>; outcome: ReadOutcome };
  readonly size: number;
  /** What the entries weigh together (0 without weigh). */
  readonly weight: number;
};

type Entry<V> = { value: V; since: number; dependsOn: readonly string[]; expiresAt: number; weight: number };

export type ReadCacheOptions<V> = {
  maxEntries: number;
  ttlMs: number;
  /** With weigh: the most the entries may weigh together (e.g. bytes of JSON), oldest out first. */
  maxWeight?: number;
  weigh?: (value: V) => number;
};

/**
 * At most maxEntries values, oldest first out, each valid only while nothing it depends on has
 * changed since its computation started. After ttlMs an entry is refreshed in the background while
 * readers still get it (stale-while-revalidate); a write, by contrast, is never answered from
 * before it. ttlMs 0 turns the cache off.
 */
export function createReadCache<V>(version: ContentVersion, options: ReadCacheOptions<V>): ReadCache<V> {
  const entries = new Map<string, Entry<V>>();
  const inFlight = new Map<string, { since: number; dependsOn: readonly string[] | null; promise: Promise<V> }>();
  const staleForMs = 4 * options.ttlMs;
  const maxWeight = options.maxWeight ?? Number.POSITIVE_INFINITY;
  let totalWeight = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalWeight -= entry.weight;
  };
  const store = (key: string, value: V, since: number, dependsOn: readonly string[]) => {
    const weight = options.weigh?.(value) ?? 0;
    if (weight > maxWeight) return;
    remove(key);
    while (entries.size > 0 && (entries.size >= options.maxEntries || totalWeight + weight > maxWeight)) remove(entries.keys().next().value!);
    entries.set(key, { value, since, dependsOn, expiresAt: Date.now() + options.ttlMs, weight });
    totalWeight += weight;
  };
  /** A computation under way still answers for now: nothing it reads has changed since it began (when its keys are not known yet, nothing at all). */
  const stillCurrent = (running: { since: number; dependsOn: readonly string[] | null }) =>
    running.dependsOn ? !version.changedSince(running.dependsOn, running.since) : version.current === running.since;

  return {
    get size() {
      return entries.size;
    },
    get weight() {
      return totalWeight;
    },
    read(key, compute, dependsOn) {
      return this.lookup(key, compute, dependsOn).value;
    },
    lookup(key, compute, dependsOn) {
      if (options.ttlMs <= 0) return { value: compute(), outcome: 'miss' };
      const now = Date.now();
      const entry = entries.get(key);
      const running = inFlight.get(key);
      const runningIsCurrent = running !== undefined && stillCurrent(running);
      // Stale answers stop after a few lifetimes, so an outage does not freeze what readers see.
      if (entry && !version.changedSince(entry.dependsOn, entry.since) && now < entry.expiresAt + staleForMs) {
        if (entry.expiresAt <= now && !runningIsCurrent) {
          // Old but not outdated by a write: answer with it and refresh it for the next reader. The
          // refresh is taken to read what the entry read, so a write elsewhere meanwhile does not
          // start another for every reader (a kept page's keys are known only once it is made).
          refresh(key, compute, dependsOn, entry.dependsOn).catch(() => {});
        }
        return { value: Promise.resolve(entry.value), outcome: 'hit' };
      }
      if (running && runningIsCurrent) return { value: running.promise, outcome: 'shared' };
      return { value: refresh(key, compute, dependsOn), outcome: 'miss' };
    },
  };

  function refresh(key: string, compute: () => Promise<V>, dependsOn: readonly string[] | ((value: V) => readonly string[]), expectedKeys?: readonly string[]): Promise<V> {
    const since = version.current;
    const promise = compute().then(
      (value) => {
        if (inFlight.get(key)?.promise === promise) inFlight.delete(key);
        const keys = typeof dependsOn === 'function' ? dependsOn(value) : dependsOn;
        // A write during the computation may not be in the value: keep it only if none touched what it reads.
        if (!version.changedSince(keys, since)) store(key, value, since, keys);
        return value;
      },
      (error: unknown) => {
        if (inFlight.get(key)?.promise === promise) inFlight.delete(key);
        throw error;
      },
    );
    inFlight.set(key, { since, dependsOn: typeof dependsOn === 'function' ? (expectedKeys ?? null) : dependsOn, promise });
    return promise;
  }
}
