// Puts every writing call's own abuse limit (domain/write-limits.ts) on its route as it is
// registered: per member when signed in, per client address otherwise. It runs after the route's
// own guards (a visitor still gets 401 from a member's call) and before the body is read.
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { writeLimitOf } from '../../domain/write-limits';
import { addressGroup } from './address-group';
import type { RateLimits } from './rate-limits';

export function installWriteLimits(app: FastifyInstance, limits: RateLimits): void {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const found = methods.map((method) => writeLimitOf(method, route.url)).find((entry) => entry !== undefined);
    if (!found) return;
    const limiter = limits.perKey(`write:${found.name}`, found.limit, (request) => request.user?.id ?? `address ${addressGroup(request.ip)}`);
    const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
    route.onRequest = [...own, limiter as onRequestHookHandler];
  });
}
