import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readiness } from '../../domain/api-schemas';
import type { ServerDeps } from '../deps';
import { endpoint } from '../http/endpoint';
import { isFromThisComputer } from '../http/from-this-computer';
import { presentsToken } from '../metrics';
import { answers, createReadinessChecks } from './readiness-checks';

/**
 * For load balancers and fault tests. /api/health/live: the process answers (liveness, no I/O; it
 * is also the benchmark's ceiling, the least work this server can do for a request).
 * /api/health/ready: the database, Redis (with REDIS_URL) and the media storage answer, and the
 * server is not draining for a shutdown (readiness: the load balancer's check). Its status code and
 * `status` go to anyone; which part failed only to this computer or to METRICS_TOKEN's bearer,
 * as it tells an attacker what to aim at.
 * /api/health: 200 when the database answers, 503 when it does not (kept for older checks).
 */
export const healthRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({ ...endpoint('checkLiveness'), config: { loadSession: false }, handler: async () => ({ status: 'ok' as const }) });

    const checkParts = createReadinessChecks(deps);
    const metricsToken = deps.config.metrics?.token;
    const mayReadDetails = (request: FastifyRequest) => isFromThisComputer(request) || (metricsToken !== undefined && presentsToken(request.headers.authorization, metricsToken));

    app.route({
      ...endpoint('checkReadiness'),
      config: { loadSession: false },
      handler: async (request, reply) => {
        const parts = await checkParts();
        const healthy = parts.database === 'ok' && parts.redis !== 'unreachable' && parts.storage !== 'unreachable';
        // Never from the shared answer: a server that starts draining says so at once.
        const status = app.lifecycle.draining ? 'draining' : healthy ? 'ok' : 'unavailable';
        const readiness: Readiness = mayReadDetails(request) ? { status, ...parts } : { status };
        return reply.code(status === 'ok' ? 200 : 503).header('cache-control', 'no-store').send(readiness);
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
