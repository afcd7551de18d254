import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactFormBody } from '../../domain/contact';
import { AppError } from '../../domain/errors';
import { abuseLimits } from '../../domain/limits';
import { listingRuleMessages } from '../../domain/listing';
import { contactSellerBody } from '../../domain/listing-schemas';
import { messageResponseSchema } from '../../domain/user-schemas';
import { withRequestLog, type ServerDeps } from '../deps';
import { contactSeller } from './contact-seller';
import { sendContactForm } from './send-contact-form';

export const contactRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/contact-seller',
      { onRequest: deps.limits.perIp('contact-seller', abuseLimits.contactSeller.perIp), schema: { tags: ['listings'], body: contactSellerBody, response: { 200: messageResponseSchema } } },
      async (request) => {
        // spec 5: signed-out visitors are told to log in, in the spec's words.
        if (!request.user) throw new AppError('UNAUTHENTICATED', listingRuleMessages.contactSignedOut);
        return contactSeller(withRequestLog(deps, request), { buyer: request.user, ...request.body });
      },
    );

    app.post(
      '/api/contact',
      { onRequest: deps.limits.perIp('contact-form', abuseLimits.contactForm.perIp), schema: { tags: ['support'], body: contactFormBody, response: { 200: messageResponseSchema } } },
      async (request) => sendContactForm(withRequestLog(deps, request), request.body),
    );
  };
