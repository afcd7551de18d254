// Listings API (spec 7): browse, detail, create, edit, sold, delete, own and seller listings.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nextCursorHeader } from '../../domain/listing';
import {
  browseListingsQuery,
  createListingBody,
  listingIdParams,
  listingReachSchema,
  listingViewSchema,
  sellerIdParams,
  sellerProfileSchema,
  setListingStatusBody,
  updateListingBody,
  userStatsSchema,
} from '../../domain/listing-schemas';
import { pinListingBody } from '../../domain/membership';
import { requireUser, signedInUser } from '../auth';
import type { ServerDeps } from '../deps';
import { jsonCacheBudgets, jsonTextWeight, sendJsonText, toJsonText, type JsonText } from '../http/json-text';
import { createReadCache } from '../http/read-cache';
import { browseListings } from './browse-listings';
import { deleteListing, pinListing, setListingStatus, updateListing } from './change-listing';
import { createListing } from './create-listing';
import { getListing } from './get-listing';
import { getListingReach } from './listing-reach';
import { viewerAreaKey, type Viewer } from './search-area';
import { getSellerProfile, getUserStats, listMyListings, listSellerListings } from './seller-listings';

const tags = ['listings'];
const listingList = z.array(listingViewSchema);

export const listingRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const ttlMs = deps.config.readCacheMs;
    // The hot paths keep their answers as JSON text: the schemas document the shapes, and text
    // made once by our own typed code is sent as it is.
    const browseCache = createReadCache<{ text: JsonText; nextCursor: string | null }>(deps.contentVersion, {
      maxEntries: 2000,
      ttlMs,
      maxWeight: jsonCacheBudgets.browse,
      weigh: (page) => jsonTextWeight(page.text),
    });
    const detailCache = createReadCache<JsonText>(deps.contentVersion, { maxEntries: 5000, ttlMs, maxWeight: jsonCacheBudgets.detail, weigh: jsonTextWeight });

    app.get('/api/listings', { schema: { tags, querystring: browseListingsQuery, response: { 200: listingList } } }, async (request, reply) => {
      // A member looks from their own place; a visitor around the postcode they chose (?near=).
      const viewer: Viewer = request.user ? { user: request.user } : { user: null, postcode: request.query.near };
      const key = `${viewerAreaKey(viewer)}?${JSON.stringify(request.query)}`;
      const page = await browseCache.read(key, async () => {
        const result = await browseListings(deps, { viewer, query: request.query });
        return { text: toJsonText(result.items), nextCursor: result.nextCursor };
      });
      if (page.nextCursor) reply.header(nextCursorHeader, page.nextCursor);
      return sendJsonText(request, reply, page.text);
    });

    app.get('/api/listings/:id', { schema: { tags, params: listingIdParams, response: { 200: listingViewSchema } } }, async (request, reply) => {
      const text = await detailCache.read(request.params.id, async () => toJsonText(await getListing(deps, { listingId: request.params.id })));
      return sendJsonText(request, reply, text);
    });

    // Per member, so never from the detail cache, which every viewer shares.
    app.get(
      '/api/listings/:id/reach',
      { onRequest: requireUser, schema: { tags, params: listingIdParams, response: { 200: listingReachSchema } } },
      async (request) => getListingReach(deps, { listingId: request.params.id, member: signedInUser(request) }),
    );

    app.post(
      '/api/listings',
      { onRequest: requireUser, schema: { tags, body: createListingBody, response: { 201: listingViewSchema } } },
      async (request, reply) => reply.code(201).send(await createListing(deps, { sellerId: signedInUser(request).id, body: request.body })),
    );

    app.put(
      '/api/listings/:id',
      { onRequest: requireUser, schema: { tags, params: listingIdParams, body: updateListingBody, response: { 200: listingViewSchema } } },
      async (request) => updateListing(deps, { listingId: request.params.id, ownerId: signedInUser(request).id, body: request.body }),
    );

    app.patch(
      '/api/listings/:id',
      { onRequest: requireUser, schema: { tags, params: listingIdParams, body: setListingStatusBody, response: { 200: listingViewSchema } } },
      async (request) => setListingStatus(deps, { listingId: request.params.id, ownerId: signedInUser(request).id, isActive: request.body.isActive }),
    );

    app.put(
      '/api/listings/:id/pin',
      { onRequest: requireUser, schema: { tags, params: listingIdParams, body: pinListingBody, response: { 200: listingViewSchema } } },
      async (request) => pinListing(deps, { listingId: request.params.id, ownerId: signedInUser(request).id, pinned: request.body.pinned }),
    );

    app.delete('/api/listings/:id', { onRequest: requireUser, schema: { tags, params: listingIdParams } }, async (request, reply) => {
      await deleteListing(deps, { listingId: request.params.id, ownerId: signedInUser(request).id });
      return reply.code(204).send();
    });

    app.get('/api/my-listings', { onRequest: requireUser, schema: { tags, response: { 200: listingList } } }, async (request) =>
      listMyListings(deps, { ownerId: signedInUser(request).id }),
    );

    // The listing page's "More from this seller": sent compressed, it is the page's largest answer.
    app.get('/api/seller-listings/:sellerId', { schema: { tags, params: sellerIdParams, response: { 200: listingList } } }, async (request, reply) =>
      sendJsonText(request, reply, toJsonText(await listSellerListings(deps, { sellerId: request.params.sellerId }))),
    );

    app.get('/api/sellers/:sellerId', { schema: { tags, params: sellerIdParams, response: { 200: sellerProfileSchema } } }, async (request) =>
      getSellerProfile(deps, { sellerId: request.params.sellerId }),
    );

    app.get('/api/user/stats', { onRequest: requireUser, schema: { tags, response: { 200: userStatsSchema } } }, async (request) =>
      getUserStats(deps, { member: signedInUser(request) }),
    );
  };
