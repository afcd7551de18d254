// Mail goes out through one MailSender: SMTP (nodemailer) when SMTP_URL is set, otherwise the
// dev outbox in the database (never in production; config refuses that).
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Database } from '../db/open-database';
import { devOutbox } from '../db/schema';
import type { JobQueue } from './job-queue';
import type { MailMessage } from './mail-message';

export type { MailMessage };

export type MailSender = {
  kind: 'smtp' | 'outbox';
  send: (message: MailMessage) => Promise<void>;
  close?: () => Promise<void>;
};

function createSmtpMailSender(options: { smtpUrl: string; from: string }): MailSender {
  const transport = nodemailer.createTransport(options.smtpUrl);
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

/** The app's mail: each message becomes a job that sends it through `transport` (and tries again if it fails). */
export function queuedMail(transport: MailSender, jobs: Pick<JobQueue, 'send'>): MailSender {
  return {
    kind: transport.kind,
    send: async (message) => {
      await jobs.send('mail', message);
    },
  };
}
