// Abuse limits: per IP, and per account or email where a body names one. Counters live in Redis
// when REDIS_URL is set (shared by every app server), else in the process.
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { AppError, errorMessages } from '../../domain/errors';

export type Limiter = (request: FastifyRequest) => Promise<void>;

export type RateLimits = {
  /** At most `max` requests per window from one IP address for this action. */
  perIp: (action: string, max: number, window: string) => Limiter;
  /** At most `max` per window for one key (an account id or an email); no key, no limit. */
  perKey: (action: string, max: number, window: string, key: (request: FastifyRequest) => string | null | undefined) => Limiter;
};

export async function installRateLimits(app: FastifyInstance, options: { redisUrl?: string; multiplier: number }): Promise<{ limits: RateLimits; close: () => Promise<void> }> {
  const redis = options.redisUrl ? new Redis(options.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false }) : null;
  redis?.on('error', () => {});
  // skipOnError: a Redis outage lets requests through rather than locking every member out.
  await app.register(fastifyRateLimit, { global: false, redis: redis ?? undefined, nameSpace: 'neighbourly-rl-', skipOnError: true });

  const limiter = (action: string, max: number, window: string, key: (request: FastifyRequest) => string | null | undefined): Limiter => {
    const check = app.createRateLimit({ max: max * options.multiplier, timeWindow: window, keyGenerator: (request) => `${action}:${key(request) ?? ''}` });
    return async (request) => {
      if (key(request) == null) return;
      const result = await check(request);
      if ('isExceeded' in result && result.isExceeded) {
        throw new AppError('RATE_LIMITED', errorMessages.rateLimited);
      }
    };
  };

  return {
    limits: {
      perIp: (action, max, window) => limiter(`${action}:ip`, max, window, (request) => request.ip),
      perKey: (action, max, window, key) => limiter(`${action}:key`, max, window, (request) => {
        const value = key(request);
        return value ? value.toLowerCase() : null;
      }),
    },
    close: async () => {
      redis?.disconnect();
    },
  };
}
