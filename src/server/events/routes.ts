// The event stream of a signed-in tab (Server-Sent Events): new messages, read marks and changed
// conversations, as they happen on any app server (services/member-events.ts). A stream that
// reconnects sends Last-Event-ID and is first sent the messages it missed.
import fastifySse from '@fastify/sse';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MemberEvent } from '../../domain/conversation-schemas';
import { AppError } from '../../domain/errors';
import { replacedStreamEvent } from '../../domain/event-streams';
import { abuseLimits } from '../../domain/limits';
import { findSessionUserById, requireUser, signedInUser } from '../auth';
import { listMissedMessages } from '../conversations';
import type { ServerDeps } from '../deps';
import { addressGroup } from '../http/address-group';
import { endpoint } from '../http/endpoint';
import { issueEventTicket } from './event-tickets';
import { createOpenStreams } from './open-streams';
import { createTicketUses, redeemEventTicket } from './ticket-uses';

/** Messages a reconnecting stream is sent at most; beyond that the tab reloads its lists instead. */
const catchUpLimit = 200;

export const eventRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifySse, { heartbeatInterval: 25_000 });

    // A stream never falls idle, so it would hold a draining server open until it is killed: on
    // close (SIGTERM) every open stream is ended first, and its page reconnects to another server
    // and catches up on what it missed. The streams are counted and capped per member and per
    // address (open-streams.ts, decision 27).
    const openStreams = createOpenStreams();
    deps.metrics?.readEventStreams(() => openStreams.size);
    app.addHook('preClose', async () => openStreams.endAll());
    const ticketUses = createTicketUses({ redisUrl: deps.config.redisUrl, db: deps.db, now: () => deps.clock.now(), log: deps.log });
    app.addHook('onClose', async () => ticketUses.close());

    app.route({
      ...endpoint('issueEventTicket'),
      onRequest: [requireUser, deps.limits.perKey('event-ticket', abuseLimits.eventTicket.perKey, (request) => request.user?.id)],
      handler: async (request) => issueEventTicket(deps.config.appSecret, { sessionId: request.sessionId ?? '', now: deps.clock.now() }),
    });

    app.route({
      ...endpoint('streamEvents'),
      sse: { kind: 'only' },
      // A bearer token (a fetch-based client) or a ticket (EventSource) says who is listening; a
      // ticket opens one stream, on any server (a second with it is refused as an expired one is).
      onRequest: async (request) => {
        // onRequest runs before the query is validated: `?ticket=a&ticket=b` arrives as an array.
        const ticket: unknown = (request.query as { ticket?: unknown }).ticket;
        if (!request.user && typeof ticket === 'string' && ticket !== '') {
          const session = await redeemEventTicket({ db: deps.db, secret: deps.config.appSecret, uses: ticketUses, ticket, now: deps.clock.now() });
          if (session) {
            request.user = session.user;
            request.sessionId = session.sessionId;
          }
        }
        if (!request.user) throw new AppError('EVENT_TICKET_INVALID');
      },
      handler: async (request, reply) => {
        const member = signedInUser(request);
        const sessionId = request.sessionId;
        // Gone while its session was looked up: no close event will come to end a subscription.
        if (request.raw.socket?.destroyed) return;
        const end = () => reply.sse.close();
        // Before anything is sent, so a refusal is still a JSON answer; nothing is awaited between
        // the count and the place taken, so parallel opens cannot all slip in under the caps.
        const release = openStreams.admit({
          memberId: member.id,
          address: addressGroup(request.ip),
          end,
          replace: () => {
            void reply.sse
              .send({ event: replacedStreamEvent, data: {} })
              .catch(() => {})
              .finally(end);
          },
        });
        reply.sse.keepAlive();
        // Listen first, then catch up: an event in between arrives twice, never not at all (the page drops repeats by id).
        const send = (event: MemberEvent) => {
          if (!reply.sse.isConnected) return;
          const id = event.type === 'message' ? event.message.id : undefined;
          reply.sse.send({ id, event: event.type, data: event }).catch(() => {});
        };
        const unsubscribe = deps.memberEvents.subscribe(member.id, send);
        // Now and then the stream checks that its session still exists (signed out elsewhere: the stream ends).
        const sessionCheck = setInterval(() => {
          void findSessionUserById(deps.db, sessionId ?? '', deps.clock.now()).then(
            (session) => {
              if (!session) reply.sse.close();
            },
            () => {},
          );
        }, deps.config.eventSessionCheckMs);
        sessionCheck.unref();
        reply.sse.onClose(() => {
          release();
          unsubscribe();
          clearInterval(sessionCheck);
        });

        // From here on the answer is a stream: nothing may throw (a failure would reach the error
        // handler after the stream's headers went out, or after the tab had gone).
        await reply.sse.send({ event: 'ready', data: { memberId: member.id }, retry: 3_000 }).catch(() => {});
        await reply.sse
          .replay(async (lastEventId) => {
            const after = Number(lastEventId);
            if (!Number.isSafeInteger(after)) return;
            const missed = await listMissedMessages(deps, { memberId: member.id, afterId: after, limit: catchUpLimit });
            // Too much to replay: the page reloads its lists instead.
            if (missed === 'too-many') return send({ type: 'conversation', conversationId: '*' });
            for (const message of missed) send({ type: 'message', message });
          })
          .catch((error: unknown) => {
            // The catch-up failed (the database is away): the page reloads its lists instead.
            request.log.warn({ err: error }, 'event stream catch-up failed');
            send({ type: 'conversation', conversationId: '*' });
          });
      },
    });
  };
