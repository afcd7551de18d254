import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mapListingCountsSchema } from '../../domain/map';
import { requireUser, signedInUser } from '../auth/guards';
import type { ServerDeps } from '../deps';
import { listListingCounts } from './list-listing-counts';

export const mapRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/map/listing-counts', { onRequest: requireUser, schema: { tags: ['map'], response: { 200: mapListingCountsSchema } } }, async (request, reply) => {
      const entries = await listListingCounts(deps.db, signedInUser(request));
      // Thousands of entries built by our own typed code: the schema documents them, and plain
      // JSON.stringify sends them (re-checking each one costs more than building it).
      return reply.serializer(JSON.stringify).send(entries);
    });
  };
