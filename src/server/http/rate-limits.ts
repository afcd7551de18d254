// Abuse limits: per IP, and per account or email where a body names one. Counters live in Redis
// when REDIS_URL is set (shared by every app server), else in the process.
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from '../../domain/errors';
import type { RateLimit } from '../../domain/limits';

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
  /** At most `limit.max` requests per window from one IP address for this action. */
  perIp: (action: string, limit: RateLimit) => Limiter;
  /** At most `limit.max` per window for one key (an account id or an email); no key, no limit. */
  perKey: (action: string, limit: RateLimit, key: (request: FastifyRequest) => string | null | undefined) => Limiter;
  /** At most `max` failures per window for one key; the window starts at the key's first failure. */
  failures: (action: string, max: number, windowMs: number) => FailureCounter;
  /** Puts the counters on the app (@fastify/rate-limit); limiters work once this has run. */
  install: (app: FastifyInstance) => Promise<void>;
  close: () => Promise<void>;
};

/** The limits of spec 6 (domain/limits.ts), each scaled by `multiplier` (RATE_LIMIT_MULTIPLIER, for tests). */
export function createRateLimits(options: { redisUrl?: string; multiplier: number }): RateLimits {
  const redis = options.redisUrl ? new Redis(options.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false }) : null;
  redis?.on('error', () => {});
  let installedOn: FastifyInstance | null = null;

  const limiter = (action: string, limit: RateLimit, key: (request: FastifyRequest) => string | null | undefined): Limiter => {
    let check: ReturnType<FastifyInstance['createRateLimit']> | undefined;
    return async (request) => {
      if (key(request) == null) return;
      if (!installedOn) throw new Error('Rate limits are used before they were installed on the app.');
      check ??= installedOn.createRateLimit({ max: limit.max * options.multiplier, timeWindow: limit.window, keyGenerator: (keyed) => `${action}:${key(keyed) ?? ''}` });
      const result = await check(request);
      if ('isExceeded' in result && result.isExceeded) {
        throw new AppError('RATE_LIMITED');
      }
    };
  };

  const failures = redis ? redisFailures(redis) : memoryFailures();

  return {
    perIp: (action, limit) => limiter(`${action}:ip`, limit, (request) => request.ip),
    perKey: (action, limit, key) =>
      limiter(`${action}:key`, limit, (request) => {
        const value = key(request);
        return value ? value.toLowerCase() : null;
      }),
    failures: (action, max, windowMs) => ({
      admit: async (key) => (await failures.count(`${action}:${key}`, windowMs)) <= max * options.multiplier,
      clear: (key) => failures.clear(`${action}:${key}`),
    }),
    install: async (app) => {
      // skipOnError: a Redis outage lets requests through rather than locking every member out.
      await app.register(fastifyRateLimit, { global: false, redis: redis ?? undefined, nameSpace: 'neighbourly-rl-', skipOnError: true });
      installedOn = app;
    },
    close: async () => {
      redis?.disconnect();
    },
  };
}

type FailureStore = {
  /** Adds one to the key's count, starting a window of `windowMs` if it has none, and returns the count. */
  count: (key: string, windowMs: number) => Promise<number>;
  clear: (key: string) => Promise<void>;
};

function redisFailures(redis: Redis): FailureStore {
  const prefix = 'neighbourly-failures-';
  return {
    count: async (key, windowMs) => {
      try {
        // SET NX PX starts the window only for a new key and INCR keeps its expiry; in one MULTI,
        // so no key is ever left without one.
        const results = await redis.multi().set(prefix + key, 0, 'PX', windowMs, 'NX').incr(prefix + key).exec();
        const [, count] = results?.[1] ?? [];
        return typeof count === 'number' ? count : 0;
      } catch {
        // As skipOnError above: a Redis outage lets sign-ins through rather than locking everyone out.
        return 0;
      }
    },
    clear: async (key) => {
      try {
        await redis.del(prefix + key);
      } catch {
        // The count runs out with its window anyway.
      }
    },
  };
}

function memoryFailures(): FailureStore {
  const counts = new Map<string, { count: number; expiresAt: number }>();
  let nextSweep = 0;
  // Keys an attacker makes up must not pile up: expired ones go, at most once a minute.
  const sweep = (now: number) => {
    if (now < nextSweep) return;
    nextSweep = now + 60_000;
    for (const [key, entry] of counts) if (entry.expiresAt <= now) counts.delete(key);
  };
  return {
    count: async (key, windowMs) => {
      const now = Date.now();
      sweep(now);
      const current = counts.get(key);
      const entry = current && current.expiresAt > now ? current : { count: 0, expiresAt: now + windowMs };
      entry.count += 1;
      counts.set(key, entry);
      return entry.count;
    },
    clear: async (key) => {
      counts.delete(key);
    },
  };
}
