// Verification API (spec 7): status, email code, phone code, card.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { abuseLimits } from '../../domain/limits';
import { requireUser, signedInUser } from '../auth';
import { withRequestLog, type ServerDeps } from '../deps';
import { endpoint } from '../http/endpoint';
import { confirmCardCheck, startCardCheck, verifyCard } from './card-verification';
import { sendEmailCode, verifyEmailCode } from './email-verification';
import { sendPhoneCode, verifyPhoneCode } from './phone-verification';

export const verificationRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const userOf = (request: FastifyRequest) => request.user?.id;
    const sending = [requireUser, deps.limits.perIp('send-code', abuseLimits.sendCode.perIp)];
    const checking = [requireUser, deps.limits.perKey('code-check', abuseLimits.codeCheck.perKey, userOf)];
    app.route({
      ...endpoint('getVerificationStatus'),
      onRequest: requireUser,
      handler: async (request) => {
        const user = signedInUser(request);
        return { email: user.email, isEmailVerified: user.isEmailVerified, isPhoneVerified: user.isPhoneVerified, isCardVerified: user.isCardVerified };
      },
    });

    app.route({
      ...endpoint('sendVerificationEmail'),
      onRequest: sending,
      handler: async (request) => sendEmailCode(withRequestLog(deps, request), { member: signedInUser(request) }),
    });

    app.route({
      ...endpoint('verifyEmail'),
      onRequest: checking,
      handler: async (request) => verifyEmailCode(withRequestLog(deps, request), { member: signedInUser(request), code: request.body.code }),
    });

    app.route({
      ...endpoint('sendPhoneCode'),
      onRequest: sending,
      handler: async (request) => sendPhoneCode(withRequestLog(deps, request), { member: signedInUser(request), phone: request.body.phone }),
    });

    app.route({
      ...endpoint('verifyPhone'),
      onRequest: checking,
      handler: async (request) => verifyPhoneCode(withRequestLog(deps, request), { member: signedInUser(request), code: request.body.code }),
    });

    // The built-in test provider's card form; with Stripe (always, in production) the route does not exist.
    if (deps.payments.kind === 'test') {
      app.route({
        ...endpoint('verifyTestCard'),
        onRequest: checking,
        handler: async (request) => verifyCard(withRequestLog(deps, request), { member: signedInUser(request), card: request.body }),
      });
    }

    // With Stripe: start a card check (a SetupIntent the page confirms with Stripe.js), then report it.
    const cardChecking = [requireUser, deps.limits.perKey('card-check', abuseLimits.cardCheck.perKey, userOf)];
    app.route({
      ...endpoint('startCardCheck'),
      onRequest: cardChecking,
      handler: async (request) => startCardCheck(withRequestLog(deps, request), { member: signedInUser(request) }),
    });

    app.route({
      ...endpoint('confirmCardCheck'),
      onRequest: cardChecking,
      handler: async (request) => confirmCardCheck(withRequestLog(deps, request), { member: signedInUser(request), setupIntentId: request.body.setupIntentId }),
    });
  };
