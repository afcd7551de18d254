// Everything the server's features use, built in one place for the server (main.ts) and the API
// tests alike: the database, the read caches' content version, mail, SMS, payments, media storage,
// rate limits, background work, the clock and the log. Tests pass overrides (a slow mail sender, a
// database behind a proxy); settings such as a fake Stripe's address arrive through the config.
import path from 'node:path';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/open-database';
import { openReadReplicas, primaryOnly } from './db/read-replicas';
import type { ServerDeps } from './deps';
import { createLogger, type LoggerSettings } from './http/logger';
import { createRateLimits } from './http/rate-limits';
import { createMetrics } from './metrics';
import { createContentVersion } from './services/content-version';
import { createBackgroundTasks } from './services/background-tasks';
import { createListingViewCounter } from './listings/listing-views';
import { systemClock, type Clock } from './services/clock';
import { createJobQueue } from './services/job-queue';
import { createMailSender, queueMail, type MailSender } from './services/mail';
import { createMemberEvents, type MemberEvents } from './services/member-events';
import { createPaymentProvider, type PaymentProvider } from './services/payments';
import { createSmsSender, type SmsSender } from './services/sms';
import { createS3MediaStorage } from './services/s3-storage';
import { createLocalMediaStorage, type MediaStorage } from './services/storage';

export type DepsOverrides = {
  /** An open database; by default the one DATABASE_URL names, else PGlite under DATA_DIR. */
  database?: DatabaseHandle;
  /** How mail leaves (the mail jobs send through it); SMTP_URL's server, else the dev outbox, by default. */
  mail?: MailSender;
  /** Text messages; SMS_API_URL's provider, else the dev outbox, by default. */
  sms?: SmsSender;
  /** Card checks and subscriptions; Stripe when configured, else the built-in test provider. */
  payments?: PaymentProvider;
  /** Photos and videos; the S3_BUCKET bucket when set, else local disk under DATA_DIR. */
  storage?: MediaStorage;
  clock?: Clock;
  /** Member events between app servers; Redis, else PostgreSQL LISTEN/NOTIFY, else in the process. */
  memberEvents?: MemberEvents;
  /** Pino options (with `stream`), or false to stay quiet (tests). */
  logger?: LoggerSettings;
};

/** The settings refuse this already; the check here keeps any other way of assembling the server honest. */
export function refuseTestPaymentsInProduction(config: Pick<Config, 'isProduction'>, payments: Pick<PaymentProvider, 'kind'>): void {
  if (config.isProduction && payments.kind === 'test') throw new Error('The built-in test payment provider cannot run in production: set STRIPE_SECRET_KEY.');
}

export async function createDeps(config: Config, overrides: DepsOverrides = {}): Promise<ServerDeps> {
  const log = createLogger(config, overrides.logger);
  const payments = overrides.payments ?? createPaymentProvider(config, log);
  refuseTestPaymentsInProduction(config, payments);
  const bucket = !overrides.storage && config.s3 ? createS3MediaStorage(config.s3) : undefined;
  // A production server without its media would take photos it cannot keep: it does not start (decision 24).
  if (bucket && config.isProduction) {
    try {
      await bucket.check();
    } catch (error) {
      bucket.close();
      throw error;
    }
  }
  const database = overrides.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') }));
  const metrics = config.metrics ? createMetrics() : null;
  if (metrics) {
    metrics.readPool(database.poolCounts);
    database.observeQueries(metrics.observeQuery);
  }
  const jobs = await createJobQueue(database, log, { pollingIntervalSeconds: config.jobPollingSeconds, scheduleCheckSeconds: config.jobScheduleSeconds, stopWaitSeconds: config.jobStopWaitSeconds, onFailure: metrics?.countJobFailure });
  metrics?.readQueueDepths(jobs.countWaiting);
  // Every mail is a job: a slow or failing mail server never holds up a request (nor shows, by its
  // delay, whether an account exists), and a mail that fails is tried again.
  const transport = overrides.mail ?? createMailSender(config, database.db);
  const mail = await queueMail(transport, jobs, config.appSecret);
  const contentVersion = createContentVersion({ redisUrl: config.redisUrl, log });
  const limits = createRateLimits({ redisUrl: config.redisUrl, multiplier: config.rateLimitMultiplier, log });
  await limits.ready();
  const background = createBackgroundTasks(log);
  const reads =
    config.replicaUrls.length > 0 && database.kind === 'postgres'
      ? openReadReplicas({ primary: database, urls: config.replicaUrls, maxLagMs: config.replicaMaxLagMs, version: contentVersion, log })
      : primaryOnly(database);
  metrics?.readReplicas(reads);
  // PGlite is one process: its events stay in it. A database server carries them between app servers (NOTIFY) unless Redis does.
  const memberEvents =
    overrides.memberEvents ?? createMemberEvents({ redisUrl: config.redisUrl, databaseUrl: database.kind === 'postgres' ? config.databaseUrl : undefined, log });
  const listingViews = createListingViewCounter({ db: database.db, secret: config.appSecret, flushMs: config.listingViewFlushMs, log });
  let closing: Promise<void> | undefined;
  return {
    config,
    database,
    db: database.db,
    log,
    mail,
    sms: overrides.sms ?? createSmsSender(config, database.db),
    payments,
    storage: overrides.storage ?? bucket ?? createLocalMediaStorage(config.dataDir),
    limits,
    contentVersion,
    reads,
    memberEvents,
    background,
    jobs,
    clock: overrides.clock ?? systemClock,
    metrics,
    listingViews,
    close: () =>
      (closing ??= (async () => {
        // Work under way still needs the database and the mail server.
        await background.drain();
        await listingViews.close();
        await jobs.close();
        await limits.close();
        await contentVersion.close();
        await reads.close();
        await memberEvents.close();
        await transport.close?.();
        bucket?.close();
        await database.close();
      })()),
  };
}
