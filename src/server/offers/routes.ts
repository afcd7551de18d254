// Offers API (decision 45): make one in a conversation, and answer it; then arrange the pickup (decision 47). Every call is the signed-in
// member's own: an offer in another member's conversation is not found, whoever asks.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInUser } from '../auth';
import type { ServerDeps } from '../deps';
import { endpoint } from '../http/endpoint';
import { answerOffer, makeOffer } from './offer-steps';
import { confirmPickup, proposePickup } from './pickup-steps';

export const offerRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...endpoint('makeOffer'),
      onRequest: requireUser,
      handler: async (request, reply) =>
        reply.code(201).send(await makeOffer(deps, { memberId: signedInUser(request).id, conversationId: request.params.id, amount: request.body.amount })),
    });

    app.route({
      ...endpoint('acceptOffer'),
      onRequest: requireUser,
      handler: async (request, reply) => reply.code(201).send(await answerOffer(deps, { memberId: signedInUser(request).id, offerId: request.params.id, answer: 'accept' })),
    });

    app.route({
      ...endpoint('declineOffer'),
      onRequest: requireUser,
      handler: async (request, reply) => reply.code(201).send(await answerOffer(deps, { memberId: signedInUser(request).id, offerId: request.params.id, answer: 'decline' })),
    });

    app.route({
      ...endpoint('counterOffer'),
      onRequest: requireUser,
      handler: async (request, reply) =>
        reply.code(201).send(await answerOffer(deps, { memberId: signedInUser(request).id, offerId: request.params.id, answer: 'counter', amount: request.body.amount })),
    });

    app.route({
      ...endpoint('withdrawOffer'),
      onRequest: requireUser,
      handler: async (request, reply) => reply.code(201).send(await answerOffer(deps, { memberId: signedInUser(request).id, offerId: request.params.id, answer: 'withdraw' })),
    });

    app.route({
      ...endpoint('proposePickup'),
      onRequest: requireUser,
      handler: async (request, reply) =>
        reply.code(201).send(await proposePickup(deps, { memberId: signedInUser(request).id, conversationId: request.params.id, at: request.body.at, place: request.body.place })),
    });

    app.route({
      ...endpoint('confirmPickup'),
      onRequest: requireUser,
      handler: async (request, reply) => reply.code(201).send(await confirmPickup(deps, { memberId: signedInUser(request).id, pickupId: request.params.id })),
    });
  };
