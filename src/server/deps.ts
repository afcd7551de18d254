import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/open-database';
import type { RateLimits } from './http/rate-limits';
import type { ContentVersion } from './http/read-cache';
import type { BackgroundTasks } from './services/background-tasks';
import type { MailSender } from './services/mail';
import type { PaymentProvider } from './services/payments';
import type { SmsSender } from './services/sms';

/** What the operations of every feature may use. */
export type ServerDeps = {
  config: Config;
  db: Database;
  mail: MailSender;
  sms: SmsSender;
  payments: PaymentProvider;
  limits: RateLimits;
  /** Bumped by every write; the hot reads' caches compare against it. */
  contentVersion: ContentVersion;
  /** Work started by a request that its answer does not wait for. */
  background: BackgroundTasks;
};

export type OperationContext = ServerDeps & { log: FastifyBaseLogger };
