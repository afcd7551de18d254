// The counters behind the abuse limits: fixed windows that start at a key's first count, and marks
// that expire. In Redis every app server shares them; in memory they are this process's own.
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

export type CounterStore = {
  /** Adds one to the key's count, starting a window of `windowMs` if it has none, and returns the count. */
  count: (key: string, windowMs: number) => Promise<number>;
  clear: (key: string) => Promise<void>;
  /** Takes one off the key's count (an attempt that turned out fine), never below zero, keeping its window. */
  uncount: (key: string) => Promise<void>;
  /** Remembers the key for `ttlMs`. */
  mark: (key: string, ttlMs: number) => Promise<void>;
  isMarked: (key: string) => Promise<boolean>;
};

/** DECR only a key that exists (a missing one would be made without an expiry), never below zero. */
const uncountScript = "if (tonumber(redis.call('GET', KEYS[1]) or '0') > 0) then redis.call('DECR', KEYS[1]) end return 0";

/** Every key is named by its limit: `neighbourly-rl:sign-in:failures:<email> <address>`. */
const prefix = 'neighbourly-rl:';

export function createMemoryCounters(): CounterStore {
  const entries = new Map<string, { count: number; expiresAt: number }>();
  let nextSweep = 0;
  // Keys an attacker makes up must not pile up: expired ones go, at most once a minute.
  const live = (key: string, now: number) => {
    if (now >= nextSweep) {
      nextSweep = now + 60_000;
      for (const [stored, entry] of entries) if (entry.expiresAt <= now) entries.delete(stored);
    }
    const entry = entries.get(key);
    return entry && entry.expiresAt > now ? entry : undefined;
  };
  return {
    count: async (key, windowMs) => {
      const now = Date.now();
      const entry = live(key, now) ?? { count: 0, expiresAt: now + windowMs };
      entry.count += 1;
      entries.set(key, entry);
      return entry.count;
    },
    clear: async (key) => {
      entries.delete(key);
    },
    uncount: async (key) => {
      const entry = live(key, Date.now());
      if (entry && entry.count > 0) entry.count -= 1;
    },
    mark: async (key, ttlMs) => {
      entries.set(key, { count: 1, expiresAt: Date.now() + ttlMs });
    },
    isMarked: async (key) => live(key, Date.now()) !== undefined,
  };
}

/**
 * Redis's counters, shared by every app server. While Redis cannot be reached, each call is
 * answered by `fallback` (this process's counters), so password guessing and floods stay limited
 * per server instead of not at all; the outage is logged once, and its end once.
 */
export function createRedisCounters(redis: Redis, options: { fallback: CounterStore; log: FastifyBaseLogger }): CounterStore {
  const { fallback, log } = options;
  let down = false;
  const attempt = async <T>(inRedis: () => Promise<T>, inProcess: () => Promise<T>): Promise<T> => {
    try {
      const result = await inRedis();
      if (down) {
        down = false;
        log.info('Redis is back: abuse limits are shared by every server again');
      }
      return result;
    } catch (error) {
      if (!down) {
        down = true;
        log.warn({ err: error }, 'Redis cannot be reached: abuse limits are counted in this process until it is back');
      }
      return inProcess();
    }
  };
  return {
    count: (key, windowMs) =>
      attempt(
        async () => {
          // SET NX PX starts the window only for a new key and INCR keeps its expiry; in one MULTI,
          // so no key is ever left without one.
          const results = await redis.multi().set(prefix + key, 0, 'PX', windowMs, 'NX').incr(prefix + key).exec();
          const [error, count] = results?.[1] ?? [new Error('no reply from Redis')];
          if (error || typeof count !== 'number') throw error ?? new Error('no count from Redis');
          return count;
        },
        () => fallback.count(key, windowMs),
      ),
    clear: (key) =>
      attempt(
        async () => {
          await redis.del(prefix + key);
        },
        () => fallback.clear(key),
      ),
    uncount: (key) =>
      attempt(
        async () => {
          await redis.eval(uncountScript, 1, prefix + key);
        },
        () => fallback.uncount(key),
      ),
    mark: (key, ttlMs) =>
      attempt(
        async () => {
          await redis.set(prefix + key, 1, 'PX', ttlMs);
        },
        () => fallback.mark(key, ttlMs),
      ),
    isMarked: (key) =>
      attempt(
        async () => (await redis.exists(prefix + key)) === 1,
        () => fallback.isMarked(key),
      ),
  };
}
