import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactFormBody } from '../../domain/contact';
import { AppError } from '../../domain/errors';
import { listingRuleMessages } from '../../domain/listing';
import { contactSellerBody } from '../../domain/listing-schemas';
import { messageResponseSchema } from '../../domain/user-schemas';
import type { ServerDeps } from '../deps';
import { contactSeller } from './contact-seller';
import { sendContactForm } from './send-contact-form';

export const contactRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/contact-seller',
      { onRequest: deps.limits.perIp('contact-seller', 30, '1 minute'), schema: { tags: ['listings'], body: contactSellerBody, response: { 200: messageResponseSchema } } },
      async (request) => {
        // spec 5: signed-out visitors are told to log in, in the spec's words.
        if (!request.user) throw new AppError('UNAUTHENTICATED', listingRuleMessages.contactSignedOut);
        return contactSeller({ ...deps, log: request.log }, { buyer: request.user, ...request.body });
      },
    );

    app.post(
      '/api/contact',
      { onRequest: deps.limits.perIp('contact-form', 5, '1 hour'), schema: { tags: ['support'], body: contactFormBody, response: { 200: messageResponseSchema } } },
      async (request) => sendContactForm({ ...deps, log: request.log }, request.body),
    );
  };
