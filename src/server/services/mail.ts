// Mail goes out through one MailSender: SMTP (nodemailer) when SMTP_URL is set, otherwise the
// dev outbox in the database (never in production; config refuses that).
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Database } from '../db/open-database';
import { devOutbox } from '../db/schema';
import type { JobQueue } from './job-queue';
import type { MailMessage } from './mail-message';
import { createMailSeal } from './sealed-mail';

export type { MailMessage };

export type MailSender = {
  kind: 'smtp' | 'outbox';
  send: (message: MailMessage) => Promise<void>;
  close?: () => Promise<void>;
};

function createSmtpMailSender(options: { smtpUrl: string; from: string }): MailSender {
  // Pooled: the mail workers send over connections kept open (a few, each for up to 100 messages),
  // where a connection per message cost its connect, greeting and goodbye each time (about 2% of
  // the app's time under mixed traffic). Settings in SMTP_URL's query (?pool=false) still apply.
  const transport = nodemailer.createTransport({ url: options.smtpUrl, pool: true });
  return {
    kind: 'smtp',
    send: async (message) => {
      await transport.sendMail({ from: options.from, ...message });
    },
    close: async () => transport.close(),
  };
}

/** Keeps mail in the dev outbox table, readable at /api/dev/outbox. */
function createOutboxMailSender(db: Database): MailSender {
  return {
    kind: 'outbox',
    send: async (message) => {
      await db.insert(devOutbox).values({
        to: message.to,
        channel: 'email',
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        headers: message.headers ?? null,
      });
    },
  };
}

export function createMailSender(config: Config, db: Database): MailSender {
  if (config.smtpUrl) return createSmtpMailSender({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  return createOutboxMailSender(db);
}

/** Addresses under the reserved .invalid domain reach nobody: a closed account's. */
export function isUndeliverable(address: string): boolean {
  return address.toLowerCase().endsWith('.invalid');
}

/**
 * The app's mail: each message becomes a job, sealed with a key made from `appSecret`, that this
 * server's two mail workers (and every other server's) open and send through `transport`, trying
 * again if it fails.
 */
export async function queueMail(transport: MailSender, jobs: Pick<JobQueue, 'send' | 'work'>, appSecret: string): Promise<MailSender> {
  const { seal, open } = createMailSeal(appSecret);
  for (let worker = 0; worker < 2; worker += 1) await jobs.work('mail', (mail) => transport.send(open(mail)));
  return {
    kind: transport.kind,
    send: async (message) => {
      // A closed account's address (close-account.ts): no mail goes to a former member, whatever sends it.
      if (isUndeliverable(message.to)) return;
      await jobs.send('mail', seal(message));
    },
  };
}
