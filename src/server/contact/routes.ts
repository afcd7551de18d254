import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../domain/errors';
import { abuseLimits } from '../../domain/limits';
import { listingRuleMessages } from '../../domain/listing';
import { withRequestLog, type ServerDeps } from '../deps';
import { endpoint } from '../http/endpoint';
import { contactSeller } from './contact-seller';
import { sendContactForm } from './send-contact-form';

export const contactRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...endpoint('contactSeller'),
      onRequest: deps.limits.perIp('contact-seller', abuseLimits.contactSeller.perIp),
      handler: async (request) => {
        // spec 5: signed-out visitors are told to log in, in the spec's words.
        if (!request.user) throw new AppError('UNAUTHENTICATED', listingRuleMessages.contactSignedOut);
        return contactSeller(withRequestLog(deps, request), { buyer: request.user, ...request.body });
      },
    });

    app.route({
      ...endpoint('sendContactMessage'),
      onRequest: deps.limits.perIp('contact-form', abuseLimits.contactForm.perIp),
      handler: async (request) => sendContactForm(withRequestLog(deps, request), request.body),
    });
  };
