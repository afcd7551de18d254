// Conversations API: start one from a listing, the inbox, a thread, send, read marks, the unread
// badge and blocks. Every call is the signed-in member's own: another
// member's conversation is not found, whoever asks (an admin too).
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSchemas } from '../../domain/api-schemas';
import { parseInboxCursor } from '../../domain/conversation-schemas';
import { abuseLimits } from '../../domain/limits';
import { requireUser, signedInUser } from '../auth';
import { changeKeys } from '../db/write-transaction';
import type { ServerDeps } from '../deps';
import { withRequestLog } from '../deps';
import { endpoint } from '../http/endpoint';
import { databaseJsonText, jsonCacheBudgets, jsonTextWeight, sendJsonText, toJsonText, type JsonText } from '../http/json-text';
import { createReadCache, readAnswer } from '../http/read-cache';
import { blockMember, listBlockedMembers, unblockMember } from './member-blocks';
import { countUnreadMessages, getConversation, listConversations, listListingConversations, listMessagesJson, markConversationRead } from './read-conversation';
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

    // A member's inbox and badge are read far more often than they change: kept until a change to
    // one of their conversations (announce.ts) or to a listing the inbox shows, on any app server.
    const ttlMs = deps.config.readCacheMs;
    const inboxCache = createReadCache<{ text: JsonText; listingIds: string[] }>(deps.contentVersion, {
      maxEntries: 5000,
      ttlMs,
      maxWeight: jsonCacheBudgets.inbox,
      weigh: (inbox) => jsonTextWeight(inbox.text),
    });
    const unreadCache = createReadCache<{ count: number }>(deps.contentVersion, { maxEntries: 20_000, ttlMs });

    app.route({
      ...endpoint('listConversations'),
      onRequest: requireUser,
      handler: async (request, reply) => {
        const memberId = signedInUser(request).id;
        // Older pages are asked for rarely, once each: read afresh.
        const before = request.query.before === undefined ? undefined : parseInboxCursor(request.query.before);
        if (before) return listConversations(deps, { memberId, before });
        const inbox = await readAnswer(
          reply,
          inboxCache,
          memberId,
          async () => {
            const summaries = await listConversations(deps, { memberId });
            const listingIds = summaries.flatMap((summary) => (summary.listing.id ? [summary.listing.id] : []));
            return { text: toJsonText(apiSchemas.listConversations.response[200], summaries), listingIds };
          },
          (made) => [changeKeys.conversations(memberId), ...made.listingIds.map(changeKeys.listing)],
        );
        return sendJsonText(request, reply, inbox.text);
      },
    });

    app.route({
      ...endpoint('listListingConversations'),
      onRequest: requireUser,
      handler: async (request) => listListingConversations(deps, { memberId: signedInUser(request).id, listingId: request.params.id }),
    });

    app.route({
      ...endpoint('countUnreadMessages'),
      onRequest: requireUser,
      handler: async (request) => {
        const memberId = signedInUser(request).id;
        return unreadCache.read(memberId, () => countUnreadMessages(deps, { memberId }), [changeKeys.conversations(memberId)]);
      },
    });

    app.route({
      ...endpoint('getConversation'),
      onRequest: requireUser,
      handler: async (request) => getConversation(deps, { memberId: signedInUser(request).id, conversationId: request.params.id }),
    });

    app.route({
      ...endpoint('listMessages'),
      onRequest: requireUser,
      handler: async (request, reply) => {
        // Not kept in the read cache: one statement answers it, and pages read once (most of them)
        // would only churn the heap (docs/benchmarks/findings-2026-11.md, Conversations).
        const json = await listMessagesJson(deps, { memberId: signedInUser(request).id, conversationId: request.params.id, before: request.query.before });
        return sendJsonText(request, reply, databaseJsonText(apiSchemas.listMessages.response[200], json, !deps.config.isProduction));
      },
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
  };
