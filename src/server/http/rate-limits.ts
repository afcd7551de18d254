// Abuse limits (decision 5): per client address, and per account or email where a request names
// one. Counters live in Redis when REDIS_URL is set, so the limits hold across app servers; while
// Redis cannot be reached they are counted in this process instead (decision 26), never skipped.
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from '../../domain/errors';
import type { RateLimit, RateWindow } from '../../domain/limits';
import { addressGroup } from './address-group';
import { createMemoryCounters, createRedisCounters, type CounterStore } from './counter-store';

export type Limiter = (request: FastifyRequest) => Promise<void>;

/**
 * Failed attempts per key. An attempt counts as a failure from the moment it is admitted until
 * `clear` says it succeeded, so parallel guesses cannot all slip in under the limit together.
 */
export type FailureCounter = {
  /** Counts this attempt; false once the key has used its `max` failures in the window. */
  admit: (key: string) => Promise<boolean>;
  /** The attempt succeeded: forget the key's failures. */
  clear: (key: string) => Promise<void>;
};

export type RateLimits = {
  /** At most `limit.max` requests per window from one address (an IPv6 client's /64) for this action. */
  perIp: (action: string, limit: RateLimit) => Limiter;
  /** At most `limit.max` per window for one key (an account id or an email); no key, no limit. */
  perKey: (action: string, limit: RateLimit, key: (request: FastifyRequest) => string | null | undefined) => Limiter;
  /** At most `max` failures per window for one key; the window starts at the key's first failure. */
  failures: (action: string, max: number, windowMs: number) => FailureCounter;
  /** The raw counters, for limits that are more than a count (sign-in's known addresses). */
  counters: CounterStore;
  /**
   * Resolves once the shared counters are connected (REDIS_URL), or after `timeoutMs`: a server
   * starts counting with the other servers from its first request, and one that cannot reach Redis
   * still starts, counting in its own memory meanwhile.
   */
  ready: (timeoutMs?: number) => Promise<void>;
  close: () => Promise<void>;
};

const unitMs = { minute: 60_000, minutes: 60_000, hour: 3_600_000, hours: 3_600_000 } as const;

export function windowMs(window: RateWindow): number {
  const [amount, unit] = window.split(' ') as [string, keyof typeof unitMs];
  return Number(amount) * unitMs[unit];
}

type RateLimitOptions = { redisUrl?: string; multiplier: number; log: FastifyBaseLogger };

/** The limits of domain/limits.ts, each scaled by `multiplier` (RATE_LIMIT_MULTIPLIER, for tests). */
export function createRateLimits(options: RateLimitOptions): RateLimits {
  const redis = options.redisUrl ? new Redis(options.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false }) : null;
  redis?.on('error', () => {});
  const counters = redis ? createRedisCounters(redis, { fallback: createMemoryCounters(), log: options.log }) : createMemoryCounters();

  const limiter = (name: string, limit: RateLimit, key: (request: FastifyRequest) => string | null): Limiter => {
    const max = limit.max * options.multiplier;
    const span = windowMs(limit.window);
    return async (request) => {
      const value = key(request);
      if (value === null) return;
      if ((await counters.count(`${name}:${value}`, span)) > max) throw new AppError('RATE_LIMITED');
    };
  };

  return {
    perIp: (action, limit) => limiter(`${action}:ip`, limit, (request) => addressGroup(request.ip)),
    perKey: (action, limit, key) => limiter(`${action}:key`, limit, (request) => key(request)?.toLowerCase() || null),
    failures: (action, max, span) => ({
      admit: async (key) => (await counters.count(`${action}:failures:${key}`, span)) <= max * options.multiplier,
      clear: (key) => counters.clear(`${action}:failures:${key}`),
    }),
    counters,
    ready: (timeoutMs = 2000) => {
      if (!redis || redis.status === 'ready') return Promise.resolve();
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          redis.off('ready', done);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        redis.once('ready', done);
      });
    },
    close: async () => {
      redis?.disconnect();
    },
  };
}
