import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/open-database';
import type { MailSender } from './services/mail';

/** What the operations of every feature may use. */
export type ServerDeps = {
  config: Config;
  db: Database;
  mail: MailSender;
};

export type OperationContext = ServerDeps & { log: FastifyBaseLogger };
