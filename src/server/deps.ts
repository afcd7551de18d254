import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/open-database';
import type { ReadReplicas } from './db/read-replicas';
import type { RateLimits } from './http/rate-limits';
import type { ContentVersion } from './services/content-version';
import type { BackgroundTasks } from './services/background-tasks';
import type { JobQueue } from './services/job-queue';
import type { Clock } from './services/clock';
import type { MailSender } from './services/mail';
import type { PaymentProvider } from './services/payment-provider';
import type { SmsSender } from './services/sms';
import type { MemberEvents } from './services/member-events';
import type { MediaStorage } from './services/storage';
import type { Metrics } from './metrics/create-metrics';
import type { ListingViewCounter } from './listings/listing-views';

/**
 * What the operations of every feature may use. Built once by createDeps (create-deps.ts), for the
 * server (main.ts) and the API tests alike; every operation is `operation(deps, input)`.
 */
export type ServerDeps = {
  config: Config;
  /** The database's handle (ping, close); `db` is its query builder. */
  database: DatabaseHandle;
  db: Database;
  /** The server's log; a route hands operations its request's log (withRequestLog). */
  log: FastifyBaseLogger;
  mail: MailSender;
  sms: SmsSender;
  payments: PaymentProvider;
  /** Uploaded photos and homepage videos. */
  storage: MediaStorage;
  limits: RateLimits;
  /** The read caches compare against it; writes publish what they changed through it (db/write-transaction.ts). */
  contentVersion: ContentVersion;
  /** Events for signed-in members' open streams, on every app server (a new message, a read mark). */
  memberEvents: MemberEvents;
  /** Work started by a request that its answer does not wait for. */
  background: BackgroundTasks;
  /** Durable jobs in the database: mail, and the scheduled upkeep (services/job-queue.ts). */
  jobs: JobQueue;
  clock: Clock;
  /**
   * Where a public read goes (browse, search, the map, listing and seller pages, the sitemap): a
   * caught-up replica, or the primary for data changed too recently (db/read-replicas.ts). Without
   * replicas, always the primary.
   */
  reads: ReadReplicas;
  /** Who opens listings, noted in memory and written in batches (listings/listing-views.ts). */
  listingViews: ListingViewCounter;
  /** Prometheus metrics (GET /metrics) when METRICS_TOKEN or METRICS_PORT is set; null: off, nothing is measured. */
  metrics: Metrics | null;
  /** Ends what the deps hold open: waits for background work, then closes Redis, mail and the database. */
  close: () => Promise<void>;
};

/** The deps for a read made from these change keys: their `db` is the database deps.reads chooses for it. */
export function readDeps<Deps extends Pick<ServerDeps, 'db' | 'reads'>>(deps: Deps, keys: readonly string[]): Deps {
  const { db } = deps.reads.choose(keys);
  return db === deps.db ? deps : { ...deps, db };
}

/** The deps with the request's own log, so an operation's log lines carry the request id. */
export function withRequestLog(deps: ServerDeps, request: FastifyRequest): ServerDeps {
  return { ...deps, log: request.log };
}
