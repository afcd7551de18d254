// The Fastify options that follow from the settings: the one logger, which proxies to trust, the
// body limit, and where a request's id comes from.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyServerOptions, RawRequestDefaultExpression } from 'fastify';
import type { Config } from '../config';

/** JSON bodies; uploads have their own limits (uploads/routes.ts, admin/routes.ts). */
const bodyLimitBytes = 1024 * 1024;

const requestIdPattern = /^[A-Za-z0-9_.:-]{1,64}$/;

/** A well-formed X-Request-Id from the client (or its load balancer) is kept; otherwise a new one. */
function requestIdOf(request: RawRequestDefaultExpression): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && requestIdPattern.test(incoming) ? incoming : randomUUID();
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export function serverOptions(config: Config, log: FastifyBaseLogger): FastifyServerOptions & { loggerInstance: FastifyBaseLogger } {
  return {
    loggerInstance: log,
    // A hop count trusts that many proxies nearest the server (as Fastify does with a number).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: bodyLimitBytes,
    requestIdHeader: false,
    genReqId: requestIdOf,
  };
}
