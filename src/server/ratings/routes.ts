// Ratings from exchanges: POST /api/ratings (a side of a sale), a listing's exchange as the member
// asking sees it, a member's ratings on their page, and the rated member's one answer.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { abuseLimits } from '../../domain/limits';
import { requireUser, signedInUser } from '../auth';
import { readDeps, withRequestLog, type ServerDeps } from '../deps';
import { endpoint } from '../http/endpoint';
import { changeKeys } from '../db/write-transaction';
import { reportDependencies } from '../http/answer-dependencies';
import { createRating, getExchangeRating, listMemberRatings, replyToRating } from './ratings';

export const ratingRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const memberOf = (request: FastifyRequest) => request.user?.id;
    const writing = [requireUser, deps.limits.perKey('rating', abuseLimits.rating.perKey, memberOf)];
    app.route({
      ...endpoint('createRating'),
      onRequest: writing,
      handler: async (request, reply) => reply.code(201).send(await createRating(withRequestLog(deps, request), { rater: signedInUser(request), body: request.body })),
    });

    app.route({
      ...endpoint('getExchangeRating'),
      onRequest: requireUser,
      handler: async (request) => getExchangeRating(deps, { member: signedInUser(request), listingId: request.params.id }),
    });

    app.route({
      ...endpoint('listSellerRatings'),
      handler: async (request, reply) => {
        const keys = [changeKeys.member(request.params.sellerId)];
        const shown = await listMemberRatings(readDeps(deps, keys), { memberId: request.params.sellerId });
        // A rating given, answered or removed changes the rated member's row (their average).
        reportDependencies(reply, keys);
        return shown;
      },
    });

    app.route({
      ...endpoint('replyToRating'),
      onRequest: writing,
      handler: async (request) => replyToRating(withRequestLog(deps, request), { member: signedInUser(request), ratingId: request.params.id, reply: request.body.reply }),
    });
  };
