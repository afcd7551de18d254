// The server's own facts for the pages: the public settings, and the spec's sign-in redirect.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productName } from '../../domain/product';
import { publicConfig } from '../config';
import type { ServerDeps } from '../deps';
import { endpoint } from '../http/endpoint';

export const systemRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({ ...endpoint('getPublicConfig'), handler: async () => ({ productName, ...publicConfig(deps.config) }) });

    // spec 7: the redirect target for unauthorised visitors.
    app.get('/api/login', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/auth'));
  };
