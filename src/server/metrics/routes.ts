// GET /metrics for Prometheus. Off unless METRICS_TOKEN or METRICS_PORT is set (404, and no hook
// costs a request anything); with METRICS_TOKEN it answers on PORT only to `Authorization: Bearer
// <token>`; with METRICS_PORT a second listener serves it alone, without a token, on loopback or the
// private interface METRICS_HOST names.
import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import type { ServerDeps } from '../deps';
import { cacheOutcomeHeader } from '../http/read-cache';
import type { Metrics } from './create-metrics';

export const metricsPath = '/metrics';

const cacheOutcomes = new Set(['hit', 'shared', 'miss']);

/** Serves /metrics and counts every answer; returns the not-found handler's hook (undefined without metrics). */
export async function installMetrics(app: FastifyInstance, deps: Pick<ServerDeps, 'config' | 'metrics'>): Promise<UnmatchedRequestHook | undefined> {
  const { metrics } = deps;
  const settings = deps.config.metrics;
  if (!metrics || !settings) {
    // Said plainly, rather than falling through to the web app's page for unknown addresses.
    app.get(metricsPath, { schema: { hide: true }, config: { loadSession: false } }, async () => {
      throw new AppError('NOT_FOUND');
    });
    return undefined;
  }

  const countUnmatched = installRequestMetrics(app, metrics);

  const { token, port } = settings;
  app.get(metricsPath, { schema: { hide: true }, config: { loadSession: false } }, async (request, reply) => {
    if (!token) throw new AppError('NOT_FOUND');
    if (!presentsToken(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError('METRICS_TOKEN_INVALID');
    }
    const text = await metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
  });

  if (port !== undefined) {
    const listener = await listenForScrapes(metrics, { port, host: settings.host });
    app.addHook('onClose', async () => {
      const closed = new Promise<void>((resolve) => listener.close(() => resolve()));
      // Prometheus keeps its connection open between scrapes.
      listener.closeAllConnections();
      await closed;
    });
  }
  return countUnmatched;
}

/** A hook for the not-found handler (Fastify gives it no route for onRoute to see). */
export type UnmatchedRequestHook = (request: FastifyRequest, reply: FastifyReply, done: () => void) => void;

/**
 * Every answer, by its route's pattern: each route gets its own onResponse hook as it is registered,
 * holding its pattern and its numbers, so an answer costs no lookup of either (read per request,
 * Fastify's routeOptions builds an object each time). Addresses no route matched share one label,
 * counted by the hook this returns for the not-found handler.
 */
function installRequestMetrics(app: FastifyInstance, metrics: Metrics): UnmatchedRequestHook {
  app.addHook('onRoute', (route) => {
    // Prometheus's own scrapes would only measure themselves.
    if (route.url === metricsPath) return;
    const hooks = route.onResponse ? (Array.isArray(route.onResponse) ? route.onResponse : [route.onResponse]) : [];
    // A route made from another's options (the HEAD route Fastify adds for a GET) has its hook already.
    if (hooks.some((hook) => countingHooks.has(hook))) return;
    const hook = responseHook(metrics.requestsOf(route.url ?? route.path));
    countingHooks.add(hook);
    route.onResponse = [...hooks, hook];
  });
  const unmatched = responseHook(metrics.requestsOf('unmatched'));
  return (request, reply, done) => {
    reply.raw.once('finish', () => unmatched(request, reply, () => {}));
    done();
  };
}

const countingHooks = new WeakSet<object>();

/** A callback, not an async function: no promise per request. */
function responseHook(record: ReturnType<Metrics['requestsOf']>) {
  return (request: FastifyRequest, reply: FastifyReply, done: () => void): void => {
    const outcome = reply.getHeader(cacheOutcomeHeader);
    record(request.method, reply.statusCode, reply.elapsedTime / 1000, typeof outcome === 'string' && cacheOutcomes.has(outcome) ? outcome : undefined);
    done();
  };
}

/** Compared as digests, in constant time: how much of a guess matched never shows in the timing. */
export function presentsToken(authorization: string | undefined, token: string): boolean {
  const presented = authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length).trim() : '';
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return presented !== '' && timingSafeEqual(digest(presented), digest(token));
}

/** METRICS_PORT: only GET /metrics, no token; on METRICS_HOST (loopback by default), reachable from Prometheus's network and nowhere else. */
async function listenForScrapes(metrics: Metrics, address: { port: number; host: string }): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== metricsPath) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: this port serves GET /metrics only.\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('The metrics could not be collected.\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(address.port, address.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
