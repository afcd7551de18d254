// Ratings from exchanges: POST /api/ratings (a side of a sale), a listing's exchange as the member
// asking sees it, a member's ratings on their page, and the rated member's one answer.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInUser } from '../auth';
import { withRequestLog, type ServerDeps } from '../deps';
import { endpoint } from '../http/endpoint';
import { createRating, getExchangeRating, listMemberRatings, replyToRating } from './ratings';

export const ratingRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...endpoint('createRating'),
      onRequest: requireUser,
      handler: async (request, reply) => reply.code(201).send(await createRating(withRequestLog(deps, request), { rater: signedInUser(request), body: request.body })),
    });

    app.route({
      ...endpoint('getExchangeRating'),
      onRequest: requireUser,
      handler: async (request) => getExchangeRating(deps, { member: signedInUser(request), listingId: request.params.id }),
    });

    app.route({ ...endpoint('listSellerRatings'), handler: async (request) => listMemberRatings(deps, { memberId: request.params.sellerId }) });

    app.route({
      ...endpoint('replyToRating'),
      onRequest: requireUser,
      handler: async (request) => replyToRating(withRequestLog(deps, request), { member: signedInUser(request), ratingId: request.params.id, reply: request.body.reply }),
    });
  };
