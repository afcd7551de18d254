// The server's own facts for the pages: the public settings, and the spec's sign-in redirect.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { productName } from '../../domain/product';
import { publicConfig } from '../config';
import type { ServerDeps } from '../deps';

const publicConfigSchema = z.object({
  productName: z.string(),
  googleClientId: z.string().nullable(),
  mapTileUrl: z.string(),
  mapTileAttribution: z.string(),
  paymentProvider: z.enum(['test', 'stripe']),
  stripePublishableKey: z.string().nullable(),
});

export const systemRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/public-config', { schema: { tags: ['system'], response: { 200: publicConfigSchema } } }, async () => ({
      productName,
      ...publicConfig(deps.config),
    }));

    // spec 7: the redirect target for unauthorised visitors.
    app.get('/api/login', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/auth'));
  };
