// Offers API (decision 45): make one in a conversation, and answer it. Every call is the signed-in
// member's own: an offer in another member's conversation is not found, whoever asks.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInUser } from '../auth';
import type { ServerDeps } from '../deps';
import { endpoint } from '../http/endpoint';
import { answerOffer, makeOffer } from './offer-steps';

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
  };
