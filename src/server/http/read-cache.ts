// Hot reads served from memory between writes. Every cached answer carries the content version it
// was computed under; a write that changes what readers see publishes what it changed when it
// commits (db/write-transaction.ts), which bumps the version, so the next read computes afresh and
// nobody sees their own change missing. Entries also expire after a short time, which bounds how stale
// another app server can be when there is no Redis to tell it about writes.
import type { ContentVersion } from '../services/content-version';

export { createContentVersion, type ContentVersion } from '../services/content-version';

export type ReadCache<V> = {
  /** The cached value for key, or compute's (shared by every caller asking while it runs). */
  read(key: string, compute: () => Promise<V>): Promise<V>;
  readonly size: number;
  /** What the entries weigh together (0 without weigh). */
  readonly weight: number;
};

type Entry<V> = { value: V; version: number; expiresAt: number; weight: number };

export type ReadCacheOptions<V> = {
  maxEntries: number;
  ttlMs: number;
  /** With weigh: the most the entries may weigh together (e.g. bytes of JSON), oldest out first. */
  maxWeight?: number;
  weigh?: (value: V) => number;
};

/**
 * At most maxEntries values, oldest first out, each valid only while the content version is the
 * one it was computed under. After ttlMs an entry is refreshed in the background while readers
 * still get it (stale-while-revalidate); a write, by contrast, is never answered from before it.
 * ttlMs 0 turns the cache off.
 */
export function createReadCache<V>(version: ContentVersion, options: ReadCacheOptions<V>): ReadCache<V> {
  const entries = new Map<string, Entry<V>>();
  const inFlight = new Map<string, { version: number; promise: Promise<V> }>();
  const staleForMs = 4 * options.ttlMs;
  const maxWeight = options.maxWeight ?? Number.POSITIVE_INFINITY;
  let totalWeight = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalWeight -= entry.weight;
  };
  const store = (key: string, value: V, started: number) => {
    const weight = options.weigh?.(value) ?? 0;
    if (weight > maxWeight) return;
    remove(key);
    while (entries.size > 0 && (entries.size >= options.maxEntries || totalWeight + weight > maxWeight)) remove(entries.keys().next().value!);
    entries.set(key, { value, version: started, expiresAt: Date.now() + options.ttlMs, weight });
    totalWeight += weight;
  };

  return {
    get size() {
      return entries.size;
    },
    get weight() {
      return totalWeight;
    },
    read(key, compute) {
      if (options.ttlMs <= 0) return compute();
      const now = Date.now();
      const started = version.current;
      const entry = entries.get(key);
      const running = inFlight.get(key);
      // Stale answers stop after a few lifetimes, so an outage does not freeze what readers see.
      if (entry && entry.version === started && now < entry.expiresAt + staleForMs) {
        if (entry.expiresAt <= now && !(running && running.version === started)) {
          // Old but not outdated by a write: answer with it and refresh it for the next reader.
          refresh(key, started, compute).catch(() => {});
        }
        return Promise.resolve(entry.value);
      }
      if (running && running.version === started) return running.promise;
      return refresh(key, started, compute);
    },
  };

  function refresh(key: string, started: number, compute: () => Promise<V>): Promise<V> {
    const promise = compute().then(
      (value) => {
        if (inFlight.get(key)?.promise === promise) inFlight.delete(key);
        // A write during the computation may not be in the value: keep it only if none happened.
        if (version.current === started) store(key, value, started);
        return value;
      },
      (error: unknown) => {
        if (inFlight.get(key)?.promise === promise) inFlight.delete(key);
        throw error;
      },
    );
    inFlight.set(key, { version: started, promise });
    return promise;
  }
}
