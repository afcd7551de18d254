// The dev outbox: mail and SMS that had no real transport. Registered only outside production.
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { devOutboxQuery, outboxMessageSchema } from '../../domain/api-schemas';
import { AppError } from '../../domain/errors';
import { devOutbox } from '../db/schema';
import type { ServerDeps } from '../deps';
import { endpoint } from '../http/endpoint';
import { isFromThisComputer } from '../http/from-this-computer';

export const devOutboxMessages = {
  loopbackOnly: 'The dev outbox opens only on the computer running the server (http://localhost).',
} as const;

/** The newest messages first, to one address or to all. */
export async function listOutbox(deps: ServerDeps, query: z.infer<typeof devOutboxQuery>): Promise<z.infer<typeof outboxMessageSchema>[]> {
  const messages = await deps.db
    .select({
      id: devOutbox.id,
      to: devOutbox.to,
      channel: devOutbox.channel,
      subject: devOutbox.subject,
      text: devOutbox.text,
      headers: devOutbox.headers,
      createdAt: devOutbox.createdAt,
    })
    .from(devOutbox)
    .where(query.to ? eq(devOutbox.to, query.to) : undefined)
    .orderBy(desc(devOutbox.createdAt))
    .limit(query.limit);
  // The answer's times are ISO text, as JSON gives them.
  return messages.map((message) => ({ ...message, createdAt: message.createdAt.toISOString() }));
}

export const devRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // The outbox holds every reset and verification code: whoever reads it can take over any account.
    app.addHook('onRequest', async (request) => {
      if (!isFromThisComputer(request)) throw new AppError('DEV_OUTBOX_LOCAL_ONLY', devOutboxMessages.loopbackOnly);
    });
    app.route({
      ...endpoint('listDevOutbox'),
      handler: async (request) => {
        // Mail leaves through jobs: what was sent before this read is in the outbox when it answers
        // (unless a mail job is stuck: then the outbox answers with what it has after 5 s).
        await deps.jobs.settle(['mail'], 5_000);
        return listOutbox(deps, request.query);
      },
    });
  };
