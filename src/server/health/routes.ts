import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readiness } from '../../domain/api-schemas';
import type { ServerDeps } from '../deps';
import { endpoint } from '../http/endpoint';
import { withTimeout } from '../services/with-timeout';

const pingTimeoutMs = 2_000;

/** Whether `check` finished in time: a part that hangs counts as unreachable. */
async function answers(check: () => Promise<unknown>, what: string): Promise<'ok' | 'unreachable'> {
  try {
    await withTimeout(check(), pingTimeoutMs, what);
    return 'ok';
  } catch {
    return 'unreachable';
  }
}

/**
 * For load balancers and fault tests. /api/health/live: the process answers (liveness, no I/O; it
 * is also the benchmark's ceiling, the least work this server can do for a request).
 * /api/health/ready: the database, Redis (with REDIS_URL) and the media storage answer, and the
 * server is not draining for a shutdown (readiness: the load balancer's check).
 * /api/health: 200 when the database answers, 503 when it does not (kept for older checks).
 */
export const healthRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({ ...endpoint('checkLiveness'), config: { loadSession: false }, handler: async () => ({ status: 'ok' as const }) });

    app.route({
      ...endpoint('checkReadiness'),
      config: { loadSession: false },
      handler: async (_request, reply) => {
        const { pingRedis } = deps.contentVersion;
        const checkStorage = deps.storage.check;
        const [database, redis, storage] = await Promise.all([
          answers(deps.database.ping, 'database ping'),
          pingRedis ? answers(pingRedis, 'Redis ping') : ('not configured' as const),
          checkStorage ? answers(checkStorage, 'media storage check') : ('not checked' as const),
        ]);
        const healthy = database === 'ok' && redis !== 'unreachable' && storage !== 'unreachable';
        const draining = app.lifecycle.draining;
        const readiness: Readiness = { status: draining ? 'draining' : healthy ? 'ok' : 'unavailable', database, redis, storage };
        return reply.code(readiness.status === 'ok' ? 200 : 503).header('cache-control', 'no-store').send(readiness);
      },
    });

    app.route({
      ...endpoint('checkHealth'),
      config: { loadSession: false },
      handler: async (_request, reply) => {
        const database = await answers(deps.database.ping, 'database ping');
        if (database === 'ok') return { status: 'ok' as const, database };
        return reply.code(503).send({ status: 'unavailable', database });
      },
    });
  };
