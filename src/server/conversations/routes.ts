// Conversations API: start one from a listing, the inbox, a thread, send, read marks, the unread
// badge, blocks and the message-mail setting. Every call is the signed-in member's own: another
// member's conversation is not found, whoever asks (an admin too).
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { abuseLimits } from '../../domain/limits';
import { requireUser, signedInUser, toCurrentUser } from '../auth';
import type { ServerDeps } from '../deps';
import { withRequestLog } from '../deps';
import { endpoint } from '../http/endpoint';
import { setMessageMail } from './conversation-mails';
import { blockMember, listBlockedMembers, unblockMember } from './member-blocks';
import { countUnreadMessages, getConversation, listConversations, listMessages, markConversationRead } from './read-conversation';
import { sendMessage } from './send-message';
import { startConversation } from './start-conversation';

export const conversationRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const memberOf = (request: FastifyRequest) => request.user?.id;
    const sending = [requireUser, deps.limits.perKey('send-message', abuseLimits.sendMessage.perKey, memberOf)];
    const blocking = [requireUser, deps.limits.perKey('block-member', abuseLimits.blockMember.perKey, memberOf)];

    app.route({
      ...endpoint('startConversation'),
      onRequest: sending,
      handler: async (request, reply) => {
        const started = await startConversation(withRequestLog(deps, request), { buyer: signedInUser(request), listingId: request.params.id, message: request.body.message });
        return reply.code(started.isNew ? 201 : 200).send({ conversation: started.conversation, message: started.message });
      },
    });

    app.route({ ...endpoint('listConversations'), onRequest: requireUser, handler: async (request) => listConversations(deps, { memberId: signedInUser(request).id }) });

    app.route({ ...endpoint('countUnreadMessages'), onRequest: requireUser, handler: async (request) => countUnreadMessages(deps, { memberId: signedInUser(request).id }) });

    app.route({
      ...endpoint('getConversation'),
      onRequest: requireUser,
      handler: async (request) => getConversation(deps, { memberId: signedInUser(request).id, conversationId: request.params.id }),
    });

    app.route({
      ...endpoint('listMessages'),
      onRequest: requireUser,
      handler: async (request) => listMessages(deps, { memberId: signedInUser(request).id, conversationId: request.params.id, before: request.query.before }),
    });

    app.route({
      ...endpoint('sendMessage'),
      onRequest: sending,
      handler: async (request, reply) =>
        reply.code(201).send(await sendMessage(withRequestLog(deps, request), { sender: signedInUser(request), conversationId: request.params.id, body: request.body.body })),
    });

    app.route({
      ...endpoint('markConversationRead'),
      onRequest: requireUser,
      handler: async (request, reply) => {
        await markConversationRead(deps, { memberId: signedInUser(request).id, conversationId: request.params.id });
        return reply.code(204).send();
      },
    });

    app.route({ ...endpoint('listBlockedMembers'), onRequest: requireUser, handler: async (request) => listBlockedMembers(deps, { memberId: signedInUser(request).id }) });

    app.route({
      ...endpoint('blockMember'),
      onRequest: blocking,
      handler: async (request, reply) => {
        await blockMember(deps, { memberId: signedInUser(request).id, blockedId: request.params.memberId });
        return reply.code(204).send();
      },
    });

    app.route({
      ...endpoint('unblockMember'),
      onRequest: blocking,
      handler: async (request, reply) => {
        await unblockMember(deps, { memberId: signedInUser(request).id, blockedId: request.params.memberId });
        return reply.code(204).send();
      },
    });

    app.route({
      ...endpoint('updateNotificationSettings'),
      onRequest: requireUser,
      handler: async (request) => toCurrentUser(await setMessageMail(deps, { memberId: signedInUser(request).id, messageMail: request.body.messageMail })),
    });
  };
