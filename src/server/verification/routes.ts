// Verification API (spec 7): status, email code, phone code, card.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailCodeBody, phoneCodeBody, sendPhoneCodeBody, testCardBody, verificationStatusSchema } from '../../domain/account';
import { abuseLimits } from '../../domain/limits';
import { cardCheckResponseSchema, confirmCardCheckBody } from '../../domain/membership';
import { messageResponseSchema } from '../../domain/user-schemas';
import { requireUser, signedInUser } from '../auth';
import { withRequestLog, type ServerDeps } from '../deps';
import { confirmCardCheck, startCardCheck, verifyCard } from './card-verification';
import { sendEmailCode, verifyEmailCode } from './email-verification';
import { sendPhoneCode, verifyPhoneCode } from './phone-verification';

const tags = ['verification'];
export const verificationRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const guarded = { onRequest: requireUser };
    const userOf = (request: FastifyRequest) => request.user?.id;
    const sending = { onRequest: [requireUser, deps.limits.perIp('send-code', abuseLimits.sendCode.perIp)] };
    const checking = { onRequest: [requireUser, deps.limits.perKey('code-check', abuseLimits.codeCheck.perKey, userOf)] };
    app.get('/api/verification-status', { ...guarded, schema: { tags, response: { 200: verificationStatusSchema } } }, async (request) => {
      const user = signedInUser(request);
      return { email: user.email, isEmailVerified: user.isEmailVerified, isPhoneVerified: user.isPhoneVerified, isCardVerified: user.isCardVerified };
    });

    app.post('/api/send-verification-email', { ...sending, schema: { tags, response: { 200: messageResponseSchema } } }, async (request) =>
      sendEmailCode(withRequestLog(deps, request), { member: signedInUser(request) }),
    );

    app.post('/api/verify-email', { ...checking, schema: { tags, body: emailCodeBody, response: { 200: messageResponseSchema } } }, async (request) =>
      verifyEmailCode(withRequestLog(deps, request), { member: signedInUser(request), code: request.body.code }),
    );

    app.post('/api/phone/send-code', { ...sending, schema: { tags, body: sendPhoneCodeBody, response: { 200: messageResponseSchema } } }, async (request) =>
      sendPhoneCode(withRequestLog(deps, request), { member: signedInUser(request), phone: request.body.phone }),
    );

    app.post('/api/verify-phone', { ...checking, schema: { tags, body: phoneCodeBody, response: { 200: messageResponseSchema } } }, async (request) =>
      verifyPhoneCode(withRequestLog(deps, request), { member: signedInUser(request), code: request.body.code }),
    );

    // The built-in test provider's card form; with Stripe (always, in production) the route does not exist.
    if (deps.payments.kind === 'test') {
      app.post('/api/verify-card', { ...checking, schema: { tags, body: testCardBody, response: { 200: messageResponseSchema } } }, async (request) =>
        verifyCard(withRequestLog(deps, request), { member: signedInUser(request), card: request.body }),
      );
    }

    // With Stripe: start a card check (a SetupIntent the page confirms with Stripe.js), then report it.
    const cardChecking = { onRequest: [requireUser, deps.limits.perKey('card-check', abuseLimits.cardCheck.perKey, userOf)] };
    app.post('/api/verify-card/setup', { ...cardChecking, schema: { tags, response: { 200: cardCheckResponseSchema } } }, async (request) =>
      startCardCheck(withRequestLog(deps, request), { member: signedInUser(request) }),
    );

    app.post('/api/verify-card/confirm', { ...cardChecking, schema: { tags, body: confirmCardCheckBody, response: { 200: messageResponseSchema } } }, async (request) =>
      confirmCardCheck(withRequestLog(deps, request), { member: signedInUser(request), setupIntentId: request.body.setupIntentId }),
    );
  };
