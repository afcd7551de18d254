import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { boundsOf } from '../../domain/map';
import { mapCountsQuery, mapListingCountsSchema } from '../../domain/map-schemas';
import { requireUser, signedInUser } from '../auth';
import type { ServerDeps } from '../deps';
import { jsonCacheBudgets, jsonTextWeight, sendJsonText, toJsonText, type JsonText } from '../http/json-text';
import { createReadCache } from '../http/read-cache';
import { searchAreaKey } from '../listings';
import { listListingCounts } from './list-listing-counts';

export const mapRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Members whose area is the same see the same counts: one answer each, kept as JSON text.
    const countsCache = createReadCache<JsonText>(deps.contentVersion, {
      maxEntries: 500,
      ttlMs: deps.config.readCacheMs,
      maxWeight: jsonCacheBudgets.mapCounts,
      weigh: jsonTextWeight,
    });

    app.get(
      '/api/map/listing-counts',
      { onRequest: requireUser, schema: { tags: ['map'], querystring: mapCountsQuery, response: { 200: mapListingCountsSchema } } },
      async (request, reply) => {
        const viewer = signedInUser(request);
        const bounds = boundsOf(request.query);
        // Thousands of entries built by our own typed code: the schema documents them, and their
        // JSON text is sent as it is (re-checking each one costs more than building it).
        const key = `${searchAreaKey({ user: viewer })}|${bounds ? `${bounds.south},${bounds.west},${bounds.north},${bounds.east}` : 'all'}`;
        const text = await countsCache.read(key, async () => toJsonText(await listListingCounts(deps, { viewer, bounds })));
        return sendJsonText(request, reply, text);
      },
    );
  };
