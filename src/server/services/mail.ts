// Mail goes out through one MailSender: SMTP (nodemailer) when SMTP_URL is set, otherwise the
// dev outbox in the database (never in production; config refuses that).
import type { Config } from '../config';
import type { Database } from '../db/open-database';
import { createOutboxMailSender } from './outbox-mail-sender';
import { createSmtpMailSender } from './smtp-mail-sender';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
};

export type MailSender = {
  kind: 'smtp' | 'outbox';
  send: (message: MailMessage) => Promise<void>;
  close?: () => Promise<void>;
};

export function createMailSender(config: Config, db: Database): MailSender {
  if (config.smtpUrl) return createSmtpMailSender({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  return createOutboxMailSender(db);
}
