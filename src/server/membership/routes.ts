// Membership API (spec 7): checkout, the test provider's payment step, and the payment webhook.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { abuseLimits } from '../../domain/limits';
import { requireUser, signedInUser } from '../auth';
import { withRequestLog, type ServerDeps } from '../deps';
import { endpoint } from '../http/endpoint';
import type { PaymentEvent } from '../services/payment-provider';
import { createSubscription } from './create-subscription';
import { deliverPaymentEvent } from './deliver-payment-event';
import { cancelUpcomingCharge, getMembershipStatus } from './membership-status';
import { keepActiveListings } from './plan-limits';
import { payWithTestCard } from './pay-with-test-card';
import { undoScheduledChange } from './schedule-plan-change';
import { verifySignature } from './webhook-signature';

const paymentEventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(100),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

export const membershipRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const userOf = (request: FastifyRequest) => request.user?.id;

    app.route({
      ...endpoint('createSubscription'),
      onRequest: requireUser,
      handler: async (request) => createSubscription(withRequestLog(deps, request), { userId: signedInUser(request).id, ...request.body }),
    });

    if (deps.payments.kind === 'test') {
      app.route({
        ...endpoint('payWithTestCard'),
        onRequest: requireUser,
        handler: async (request) => {
          const { clientSecret, ...card } = request.body;
          return payWithTestCard(withRequestLog(deps, request), { userId: signedInUser(request).id, clientSecret, card });
        },
      });
    }

    app.route({ ...endpoint('getMembership'), onRequest: requireUser, handler: async (request) => getMembershipStatus(deps, { userId: signedInUser(request).id }) });

    // Checked out during the free month: cancelling before the first charge costs nothing.
    app.route({
      ...endpoint('cancelUpcomingCharge'),
      onRequest: [requireUser, deps.limits.perKey('cancel-charge', abuseLimits.cancelCharge.perKey, userOf)],
      handler: async (request) => cancelUpcomingCharge(withRequestLog(deps, request), { userId: signedInUser(request).id }),
    });

    // A move to Starter or a cheaper plan waits for the end of the paid year: until then it can be undone.
    app.route({
      ...endpoint('undoScheduledChange'),
      onRequest: requireUser,
      handler: async (request) => undoScheduledChange(withRequestLog(deps, request), { userId: signedInUser(request).id }),
    });

    // A plan that allows fewer listings than the member has: they choose which stay active.
    app.route({
      ...endpoint('keepActiveListings'),
      onRequest: [requireUser, deps.limits.perKey('keep-active', abuseLimits.keepActive.perKey, userOf)],
      handler: async (request) => keepActiveListings(deps, { userId: signedInUser(request).id, listingIds: request.body.listingIds }),
    });

    // The webhook reads its body as raw bytes: the signature covers them exactly.
    await app.register(async (webhook) => {
      webhook.removeAllContentTypeParsers();
      webhook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));
      webhook.route({
        ...endpoint('receivePaymentEvent'),
        handler: async (request) => {
          const raw = request.body as Buffer;
          const header = request.headers['stripe-signature'];
          verifySignature(deps.config.paymentsWebhookSecret, raw, typeof header === 'string' ? header : undefined);
          let parsed: unknown;
          try {
            parsed = JSON.parse(raw.toString('utf8'));
          } catch {
            throw new AppError('PAYMENT_EVENT_INVALID', 'The event is not valid JSON.');
          }
          const event = paymentEventSchema.safeParse(parsed);
          if (!event.success) throw new AppError('PAYMENT_EVENT_INVALID', 'The event is missing its id, type or data.');
          const result = await deliverPaymentEvent(withRequestLog(deps, request), event.data as PaymentEvent);
          return { received: true as const, outcome: result.outcome };
        },
      });
    });
  };
