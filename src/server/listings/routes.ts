// Listings API (spec 7): browse, detail, create, edit, sold, renew, delete, own and seller listings.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSchemas } from '../../domain/api-schemas';
import { AppError } from '../../domain/errors';
import { nextCursorHeader } from '../../domain/listing';
import { requireUser, signedInUser } from '../auth';
import { changeKeys } from '../db/write-transaction';
import { readDeps, type ServerDeps } from '../deps';
import { endpoint } from '../http/endpoint';
import { databaseJsonText, jsonCacheBudgets, jsonTextWeight, sendJsonText, toJsonText, type JsonText } from '../http/json-text';
import { reportDependencies } from '../http/answer-dependencies';
import { cacheOutcomeHeader, createReadCache, readAnswer } from '../http/read-cache';
import { browseListings, browseOrigin, pageText, showsDistance, type BrowseResult } from './browse-listings';
import { deleteListing, pinListing, setListingStatus, updateListing } from './change-listing';
import { holdListing, releaseListing } from './reservations';
import { getListingInsights } from './listing-insights';
import { createListing } from './create-listing';
import { favouriteIdsOf, markFavourites } from './favourites';
import { getListing } from './get-listing';
import { getListingReach } from './listing-reach';
import { renewListing } from './renew-listing';
import { areaChangeKeys, searchAreaKey, type Viewer } from './search-area';
import { getSellerProfile, getUserStats, listMyListings, listSellerListings } from './seller-listings';

/** About what a listing on a cached page holds in memory besides its view's text. */
const listingWeight = 200;

const noFavourites: ReadonlySet<string> = new Set();

/** A seller's page is made from their row (name, checks, rating) and their listings. */
const sellerPageKeys = (sellerId: string) => [changeKeys.member(sellerId), changeKeys.seller(sellerId)];

export const listingRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const ttlMs = deps.config.readCacheMs;
    // The hot paths keep their answers as JSON text, made once through the response schema and
    // then sent as it is.
    const browseCache = createReadCache<{ text: JsonText; nextCursor: string | null; ids: string[] }>(deps.contentVersion, {
      maxEntries: 2000,
      ttlMs,
      maxWeight: jsonCacheBudgets.browse,
      weigh: (page) => jsonTextWeight(page.text),
    });
    // The pages themselves, shared by every viewer of an area (browse adds each one's distances).
    const browsePageCache = createReadCache<BrowseResult>(deps.contentVersion, {
      maxEntries: 2000,
      ttlMs,
      maxWeight: jsonCacheBudgets.browse,
      weigh: (page) => page.items.reduce((weight, item) => weight + listingWeight + item.view.length, 0),
    });
    const detailCache = createReadCache<JsonText>(deps.contentVersion, { maxEntries: 5000, ttlMs, maxWeight: jsonCacheBudgets.detail, weigh: jsonTextWeight });
    // The signed-in member's favourites: the hearts on every listing they see, on pages other viewers share.
    const favouritesCache = createReadCache<ReadonlySet<string>>(deps.contentVersion, { maxEntries: 5000, ttlMs });
    const favouritesOf = (request: FastifyRequest): Promise<ReadonlySet<string>> => {
      const member = request.user;
      if (!member) return Promise.resolve(noFavourites);
      return favouritesCache.read(member.id, () => favouriteIdsOf(deps, member.id), [changeKeys.favourites(member.id)]);
    };

    app.route({
      ...endpoint('browseListings'),
      handler: async (request, reply) => {
        // A member looks from their own place; a visitor around the postcode they chose (?near=).
        const viewer: Viewer = request.user ? { user: request.user } : { user: null, postcode: request.query.near };
        const { query } = request;
        const origin = browseOrigin(viewer, query);
        const originKey = `${origin.latitude},${origin.longitude}`;
        // Everyone with the same area and query shares the page (its order follows the origin only
        // when nearest first); each origin gets its own text, with its distances.
        const pageKey = `${searchAreaKey(viewer)}|${query.sort === 'distance' ? originKey : '*'}?${JSON.stringify(query)}`;
        const showDistance = showsDistance(viewer, query);
        const dependsOn = areaChangeKeys(viewer);
        let queried = false;
        const readPage = () =>
          browsePageCache.read(
            pageKey,
            () => {
              queried = true;
              return browseListings(readDeps(deps, dependsOn), { viewer, query });
            },
            dependsOn,
          );
        const textOf = (result: BrowseResult, favouriteIds: ReadonlySet<string>) =>
          databaseJsonText(apiSchemas.browseListings.response[200], pageText(result.items, { origin: showDistance ? origin : null, favouriteIds }), !deps.config.isProduction);
        const found = browseCache.lookup(
          `${pageKey}|${showDistance ? originKey : '-'}`,
          async () => {
            const result = await readPage();
            return { text: textOf(result, noFavourites), nextCursor: result.nextCursor, ids: result.items.map((item) => item.id) };
          },
          dependsOn,
        );
        let page = await found.value;
        // The member's own hearts: only a page holding one of their favourites is made for them alone.
        const favouriteIds = await favouritesOf(request);
        if (page.ids.some((id) => favouriteIds.has(id))) {
          const result = await readPage();
          page = { ...page, nextCursor: result.nextCursor, text: textOf(result, favouriteIds) };
        }
        // Made from a page another viewer's request had read: no query ran for it.
        reply.header(cacheOutcomeHeader, found.outcome === 'miss' && !queried ? 'hit' : found.outcome);
        if (page.nextCursor) reply.header(nextCursorHeader, page.nextCursor);
        return sendJsonText(request, reply, page.text);
      },
    });

    app.route({
      ...endpoint('getListing'),
      handler: async (request, reply) => {
        // The shared answer is the one everybody may see: a hidden listing is not cached, and only its
        // seller and the admins are answered with it.
        const text = await readAnswer(
          reply,
          detailCache,
          request.params.id,
          async () => toJsonText(apiSchemas.getListing.response[200], await getListing(readDeps(deps, [changeKeys.listing(request.params.id)]), { listingId: request.params.id, viewer: null })),
          [changeKeys.listing(request.params.id)],
        ).catch(async (error: unknown) => {
          if (!request.user || !(error instanceof AppError) || error.code !== 'LISTING_NOT_FOUND') throw error;
          return toJsonText(apiSchemas.getListing.response[200], await getListing(deps, { listingId: request.params.id, viewer: request.user }));
        });
        // Found: a view, counted in memory and written later (decision 48).
        deps.listingViews.record({ listingId: request.params.id, memberId: request.user?.id ?? null, address: request.ip, userAgent: request.headers['user-agent'] });
        if ((await favouritesOf(request)).has(request.params.id)) {
          const view = await getListing(deps, { listingId: request.params.id });
          return sendJsonText(request, reply, toJsonText(apiSchemas.getListing.response[200], { ...view, isFavourite: true }));
        }
        return sendJsonText(request, reply, text);
      },
    });

    // Per member, so never from the detail cache, which every viewer shares.
    app.route({
      ...endpoint('getListingReach'),
      onRequest: requireUser,
      handler: async (request) => getListingReach(deps, { listingId: request.params.id, member: signedInUser(request) }),
    });

    app.route({
      ...endpoint('createListing'),
      onRequest: requireUser,
      handler: async (request, reply) => reply.code(201).send(await createListing(deps, { sellerId: signedInUser(request).id, body: request.body })),
    });

    app.route({
      ...endpoint('updateListing'),
      onRequest: requireUser,
      handler: async (request) => updateListing(deps, { listingId: request.params.id, ownerId: signedInUser(request).id, body: request.body }),
    });

    app.route({
      ...endpoint('setListingStatus'),
      onRequest: requireUser,
      handler: async (request) => setListingStatus(deps, { listingId: request.params.id, ownerId: signedInUser(request).id, isActive: request.body.isActive, soldToConversationId: request.body.soldToConversationId }),
    });

    app.route({
      ...endpoint('holdListing'),
      onRequest: requireUser,
      handler: async (request) => holdListing(deps, { listingId: request.params.id, ownerId: signedInUser(request).id, conversationId: request.body.conversationId }),
    });

    app.route({
      ...endpoint('releaseListing'),
      onRequest: requireUser,
      handler: async (request) => releaseListing(deps, { listingId: request.params.id, ownerId: signedInUser(request).id }),
    });

    app.route({
      ...endpoint('pinListing'),
      onRequest: requireUser,
      handler: async (request) => pinListing(deps, { listingId: request.params.id, ownerId: signedInUser(request).id, pinned: request.body.pinned }),
    });

    app.route({
      ...endpoint('renewListing'),
      onRequest: requireUser,
      handler: async (request) => renewListing(deps, { listingId: request.params.id, ownerId: signedInUser(request).id }),
    });

    app.route({
      ...endpoint('deleteListing'),
      onRequest: requireUser,
      handler: async (request, reply) => {
        await deleteListing(deps, { listingId: request.params.id, ownerId: signedInUser(request).id });
        return reply.code(204).send();
      },
    });

    app.route({ ...endpoint('listMyListings'), onRequest: requireUser, handler: async (request) => listMyListings(deps, { ownerId: signedInUser(request).id }) });
    app.route({
      ...endpoint('getListingInsights'),
      onRequest: requireUser,
      handler: async (request) => getListingInsights(deps, { listingId: request.params.id, ownerId: signedInUser(request).id }),
    });

    // The listing page's "More from this seller": sent compressed, it is the page's largest answer.
    app.route({
      ...endpoint('listSellerListings'),
      handler: async (request, reply) => {
        const views = await listSellerListings(readDeps(deps, sellerPageKeys(request.params.sellerId)), { sellerId: request.params.sellerId });
        reportDependencies(reply, sellerPageKeys(request.params.sellerId));
        return sendJsonText(request, reply, toJsonText(apiSchemas.listSellerListings.response[200], markFavourites(views, await favouritesOf(request))));
      },
    });

    app.route({
      ...endpoint('getSellerProfile'),
      handler: async (request, reply) => {
        const profile = await getSellerProfile(readDeps(deps, sellerPageKeys(request.params.sellerId)), { sellerId: request.params.sellerId });
        reportDependencies(reply, sellerPageKeys(request.params.sellerId));
        return profile;
      },
    });

    app.route({ ...endpoint('getUserStats'), onRequest: requireUser, handler: async (request) => getUserStats(deps, { member: signedInUser(request) }) });
  };
