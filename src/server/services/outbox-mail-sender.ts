import type { Database } from '../db/open-database';
import { devOutbox } from '../db/schema';
import type { MailSender } from './mail';

/** Keeps mail in the dev outbox table, readable at /api/dev/outbox. */
export function createOutboxMailSender(db: Database): MailSender {
  return {
    kind: 'outbox',
    send: async (message) => {
      await db.insert(devOutbox).values({
        to: message.to,
        channel: 'email',
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
      });
    },
  };
}
