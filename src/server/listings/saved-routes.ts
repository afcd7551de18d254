// The member's Saved page: favourites (PUT and DELETE /api/favourites/:listingId, GET /api/favourites)
// and saved searches (/api/saved-searches).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInUser } from '../auth';
import type { ServerDeps } from '../deps';
import { endpoint } from '../http/endpoint';
import { listFavourites, removeFavourite, saveFavourite } from './favourites';
import { createSavedSearch, deleteSavedSearch, listSavedSearches, markSavedSearchSeen } from './saved-searches';

export const savedRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({ ...endpoint('listFavourites'), onRequest: requireUser, handler: async (request) => listFavourites(deps, { memberId: signedInUser(request).id }) });

    app.route({
      ...endpoint('saveFavourite'),
      onRequest: requireUser,
      handler: async (request, reply) => {
        await saveFavourite(deps, { memberId: signedInUser(request).id, listingId: request.params.listingId });
        return reply.code(204).send();
      },
    });

    app.route({
      ...endpoint('removeFavourite'),
      onRequest: requireUser,
      handler: async (request, reply) => {
        await removeFavourite(deps, { memberId: signedInUser(request).id, listingId: request.params.listingId });
        return reply.code(204).send();
      },
    });

    app.route({ ...endpoint('listSavedSearches'), onRequest: requireUser, handler: async (request) => listSavedSearches(deps, { member: signedInUser(request) }) });

    app.route({
      ...endpoint('createSavedSearch'),
      onRequest: requireUser,
      handler: async (request, reply) => reply.code(201).send(await createSavedSearch(deps, { member: signedInUser(request), body: request.body })),
    });

    app.route({
      ...endpoint('deleteSavedSearch'),
      onRequest: requireUser,
      handler: async (request, reply) => {
        await deleteSavedSearch(deps, { memberId: signedInUser(request).id, id: request.params.id });
        return reply.code(204).send();
      },
    });

    app.route({
      ...endpoint('markSavedSearchSeen'),
      onRequest: requireUser,
      handler: async (request, reply) => {
        await markSavedSearchSeen(deps, { memberId: signedInUser(request).id, id: request.params.id });
        return reply.code(204).send();
      },
    });
  };
