// The event stream of a signed-in tab (Server-Sent Events): new messages, read marks and changed
// conversations, as they happen on any app server (services/member-events.ts). A stream that
// reconnects sends Last-Event-ID and is first sent the messages it missed.
import fastifySse from '@fastify/sse';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MemberEvent } from '../../domain/conversation-schemas';
import { AppError } from '../../domain/errors';
import { abuseLimits } from '../../domain/limits';
import { findSessionUserById, requireUser, signedInUser } from '../auth';
import { listMissedMessages } from '../conversations';
import type { ServerDeps } from '../deps';
import { endpoint } from '../http/endpoint';
import { issueEventTicket, readEventTicket } from './event-tickets';

/** Messages a reconnecting stream is sent at most; beyond that the tab reloads its lists instead. */
const catchUpLimit = 200;

const ticketProblem = 'Your live updates have expired. Reload the page to reconnect.';

export const eventRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifySse, { heartbeatInterval: 25_000 });

    // A stream never falls idle, so it would hold a draining server open until it is killed: on
    // close (SIGTERM) every open stream is ended first, and its page reconnects to another server
    // with Last-Event-ID, catching up on what it missed.
    const openStreams = new Set<() => void>();
    deps.metrics?.readEventStreams(() => openStreams.size);
    app.addHook('preClose', async () => {
      for (const end of [...openStreams]) end();
    });

    app.route({
      ...endpoint('issueEventTicket'),
      onRequest: [requireUser, deps.limits.perKey('event-ticket', abuseLimits.eventTicket.perKey, (request) => request.user?.id)],
      handler: async (request) => issueEventTicket(deps.config.appSecret, { sessionId: request.sessionId ?? '', now: deps.clock.now() }),
    });

    app.route({
      ...endpoint('streamEvents'),
      sse: { kind: 'only' },
      // A bearer token (a fetch-based client) or a ticket (EventSource) says who is listening.
      onRequest: async (request) => {
        // onRequest runs before the query is validated: `?ticket=a&ticket=b` arrives as an array.
        const ticket: unknown = (request.query as { ticket?: unknown }).ticket;
        if (!request.user && typeof ticket === 'string' && ticket !== '') {
          const sessionId = readEventTicket(deps.config.appSecret, ticket, deps.clock.now());
          const session = sessionId ? await findSessionUserById(deps.db, sessionId, deps.clock.now()) : null;
          if (session) {
            request.user = session.user;
            request.sessionId = session.sessionId;
          }
        }
        if (!request.user) throw new AppError('EVENT_TICKET_INVALID', ticketProblem);
      },
      handler: async (request, reply) => {
        const member = signedInUser(request);
        const sessionId = request.sessionId;
        // Gone while its session was looked up: no close event will come to end a subscription.
        if (request.raw.socket?.destroyed) return;
        reply.sse.keepAlive();
        // Listen first, then catch up: an event in between arrives twice, never not at all (the page drops repeats by id).
        const send = (event: MemberEvent) => {
          if (!reply.sse.isConnected) return;
          const id = event.type === 'message' ? event.message.id : undefined;
          reply.sse.send({ id, event: event.type, data: event }).catch(() => {});
        };
        const unsubscribe = deps.memberEvents.subscribe(member.id, send);
        const end = () => reply.sse.close();
        openStreams.add(end);
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
          openStreams.delete(end);
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
