// The member's Saved page: PUT and DELETE /api/favourites/:listingId, GET /api/favourites.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInUser } from '../auth';
import type { ServerDeps } from '../deps';
import { endpoint } from '../http/endpoint';
import { listFavourites, removeFavourite, saveFavourite } from './favourites';

export const favouriteRoutes =
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
  };
