import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../domain/errors';
import { abuseLimits } from '../../domain/limits';
import { listingRuleMessages } from '../../domain/listing';
import { requireAdmin, requireUser, signedInUser } from '../auth';
import { withRequestLog, type ServerDeps } from '../deps';
import { endpoint } from '../http/endpoint';
import { contactSeller } from './contact-seller';
import { replyToSupportRequest } from './reply-to-support-request';
import { sendContactForm } from './send-contact-form';
import { listMemberSupportRequests, listSupportInbox } from './support-inbox';

/** The admins' support inbox (decision 32): admins only, checked here on the server. */
const supportInboxRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAdmin);

    app.route({ ...endpoint('listSupportRequests'), handler: async () => listSupportInbox(deps) });

    app.route({
      ...endpoint('replyToSupportRequest'),
      handler: async (request) => replyToSupportRequest(withRequestLog(deps, request), { actorId: signedInUser(request).id, id: request.params.id, message: request.body.message }),
    });
  };

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

    // 5 an hour from one address (here) and from one member on any address (domain/write-limits.ts).
    app.route({
      ...endpoint('sendContactMessage'),
      onRequest: deps.limits.perIp('contact-form', abuseLimits.contactForm.perIp),
      handler: async (request) => sendContactForm(withRequestLog(deps, request), { sender: request.user, body: request.body }),
    });

    app.route({
      ...endpoint('listMySupportRequests'),
      onRequest: requireUser,
      handler: async (request) => listMemberSupportRequests(deps, { memberId: signedInUser(request).id }),
    });

    await app.register(supportInboxRoutes(deps));
  };
