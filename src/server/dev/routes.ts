// The dev outbox: mail and SMS that had no real transport. Registered only outside production.
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/open-database';
import { devOutbox } from '../db/schema';

const outboxQuery = z.object({
  to: z.string().trim().toLowerCase().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const devRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/dev/outbox', { schema: { querystring: outboxQuery, hide: true } }, async (request) =>
      db
        .select({
          id: devOutbox.id,
          to: devOutbox.to,
          channel: devOutbox.channel,
          subject: devOutbox.subject,
          text: devOutbox.text,
          createdAt: devOutbox.createdAt,
        })
        .from(devOutbox)
        .where(request.query.to ? eq(devOutbox.to, request.query.to) : undefined)
        .orderBy(desc(devOutbox.createdAt))
        .limit(request.query.limit),
    );
  };
