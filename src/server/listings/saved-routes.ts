// The member's Saved page: favourites (PUT and DELETE /api/favourites/:listingId, GET /api/favourites)
// and saved searches (/api/saved-searches).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInUser } from '../auth';
import { AppError } from '../../domain/errors';
import { savedSearchMail, unsubscribePagePath } from '../../domain/saved-searches';
import type { ServerDeps } from '../deps';
import { endpoint } from '../http/endpoint';
import { listFavourites, removeFavourite, saveFavourite } from './favourites';
import { createSavedSearch, deleteSavedSearch, listSavedSearches, markSavedSearchSeen, updateSavedSearch } from './saved-searches';
import { findUnsubscribeTarget, unsubscribeSavedSearch } from './saved-search-alerts';

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
      ...endpoint('updateSavedSearch'),
      onRequest: requireUser,
      handler: async (request) => updateSavedSearch(deps, { member: signedInUser(request), id: request.params.id, body: request.body }),
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

    // A saved search mail's unsubscribe link, opened: it works signed out (its token is signed), but
    // mail scanners open links too, so it changes nothing and shows a page whose button posts below.
    app.route({
      ...endpoint('unsubscribeSavedSearch'),
      handler: async (request, reply) => {
        const { id } = request.params;
        const { token } = request.query;
        const target = await findUnsubscribeTarget(deps, { savedSearchId: id, token });
        return reply.redirect(target ? `${unsubscribePagePath}?${new URLSearchParams({ search: id, token, name: target.name })}` : '/unsubscribed?invalid=1');
      },
    });

    // The page's button, and RFC 8058: mail clients post "List-Unsubscribe=One-Click" as a form; nothing in it is needed.
    const oneClickRoutes: FastifyPluginAsyncZod = async (oneClick) => {
      oneClick.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));
      oneClick.route({
        ...endpoint('unsubscribeSavedSearchOneClick'),
        handler: async (request) => {
          const done = await unsubscribeSavedSearch(deps, { savedSearchId: request.params.id, token: request.query.token });
          if (!done) throw new AppError('UNSUBSCRIBE_LINK_INVALID');
          return { message: savedSearchMail.unsubscribed(done.name) };
        },
      });
    };
    await app.register(oneClickRoutes);
  };
