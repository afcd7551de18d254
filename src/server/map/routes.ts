import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSchemas } from '../../domain/api-schemas';
import { parseConditionFilter } from '../../domain/listing';
import { boundsOf } from '../../domain/map';
import { requireUser, signedInUser } from '../auth';
import { changeKeys } from '../db/write-transaction';
import { readDeps, type ServerDeps } from '../deps';
import { endpoint } from '../http/endpoint';
import { databaseJsonText, jsonCacheBudgets, jsonTextWeight, sendJsonText, type JsonText } from '../http/json-text';
import { createReadCache, readAnswer } from '../http/read-cache';
import { searchAreaKey } from '../listings';
import { listListingCountsJson } from './list-listing-counts';

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

    app.route({
      ...endpoint('countListingsByPlace'),
      onRequest: requireUser,
      handler: async (request, reply) => {
        const viewer = signedInUser(request);
        const bounds = boundsOf(request.query);
        const conditions = request.query.condition ? parseConditionFilter(request.query.condition) : null;
        const key = `${searchAreaKey({ user: viewer })}|${bounds ? `${bounds.south},${bounds.west},${bounds.north},${bounds.east}` : 'all'}|${request.query.condition ?? ''}`;
        // The counts cover every postcode in view, greyed ones too: any listing's change may move them.
        const countKeys = [changeKeys.allListings, changeKeys.everywhere];
        const text = await readAnswer(
          reply,
          countsCache,
          key,
          async () => databaseJsonText(apiSchemas.countListingsByPlace.response[200], await listListingCountsJson(readDeps(deps, countKeys), { viewer, bounds, conditions }), !deps.config.isProduction),
          countKeys,
        );
        return sendJsonText(request, reply, text);
      },
    });
  };
