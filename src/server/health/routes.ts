import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerDeps } from '../deps';
import { endpoint } from '../http/endpoint';

const pingTimeoutMs = 2_000;

/**
 * For load balancers and fault tests. /api/health/live: the process answers (liveness, no I/O; it
 * is also the benchmark's ceiling, the least work this server can do for a request).
 * /api/health: 200 when the database answers, 503 when it does not (readiness).
 */
export const healthRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({ ...endpoint('checkLiveness'), config: { loadSession: false }, handler: async () => ({ status: 'ok' as const }) });

    app.route({
      ...endpoint('checkHealth'),
      config: { loadSession: false },
      handler: async (_request, reply) => {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('database ping timed out')), pingTimeoutMs);
        });
        try {
          await Promise.race([deps.database.ping(), timeout]);
          return { status: 'ok' as const, database: 'ok' as const };
        } catch {
          return reply.code(503).send({ status: 'unavailable', database: 'unreachable' });
        } finally {
          clearTimeout(timer);
        }
      },
    });
  };
