// Work that must happen, but not inside a request: mail, and the hourly and minutely upkeep. Jobs
// live in PostgreSQL (pg-boss, decision 19), in the app's own database: a job survives a restart,
// failures are retried with a growing delay, a scheduled job runs once however many app servers
// there are, and what failed is kept for the admin's Jobs card. On PGlite the same queue runs in the
// process, on the same tables.
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/open-database';
import type { SealedMail } from './sealed-mail';

/** pg-boss reads a number of seconds as text (added to the database's now), a time as itself. */
function secondsOrTime(startAfter: Date | number | undefined): Date | string | undefined {
  return typeof startAfter === 'number' ? String(startAfter) : startAfter;
}

/** Every kind of job, with what it carries. */
export type JobData = {
  /** The message, sealed: codes and links in it are not for the job table's readers. */
  mail: SealedMail;
  'membership-upkeep': Record<string, never>;
  'photo-cleanup': Record<string, never>;
  'away-mail': Record<string, never>;
  /** Listings went live: which saved searches want to hear of them (every listing since the last run). */
  'saved-search-match': Record<string, never>;
  /** One saved search's mail: what is new since its last one (an alert, or the daily digest). */
  'saved-search-mail': { savedSearchId: string; digest: boolean };
  /** Every half hour: the daily digests of members whose morning it now is. */
  'saved-search-digests': Record<string, never>;
  /** A saved listing dropped its price (from `was`) or sold: everyone who saved it hears once. */
  'favourite-news': { listingId: string; news: 'price-drop'; was: string } | { listingId: string; news: 'sold' | 'reserved' };
  /** A copy of a member's data to make (account/data-export.ts). */
  'data-export': { exportId: string };
  /** Every hour: copies of members' data whose week is over go; closed accounts past their keeping time are erased. */
  'your-data-upkeep': Record<string, never>;
  /** Monday mornings: each seller's weekly summary of views, saves and conversations; old views pruned. */
  'insights-mail': Record<string, never>;
  /** Every hour: the operator dashboard's daily rollups, the last three days made again (decision 50). */
  'insights-rollup': Record<string, never>;
};
export type JobName = keyof JobData;

/** The queue's own tables live in this schema, which pg-boss creates and keeps current when it starts. */
export const jobSchema = 'jobs';

/** How each kind is retried, and how long one run may take before it counts as lost (a crash) and runs again. */
const queueSettings: Record<JobName, { retryLimit: number; retryDelay: number; expireInSeconds: number; policy?: 'short' }> = {
  mail: { retryLimit: 8, retryDelay: 15, expireInSeconds: 120 },
  'membership-upkeep': { retryLimit: 2, retryDelay: 60, expireInSeconds: 15 * 60 },
  'photo-cleanup': { retryLimit: 2, retryDelay: 60, expireInSeconds: 15 * 60 },
  'away-mail': { retryLimit: 0, retryDelay: 0, expireInSeconds: 5 * 60 },
  // One waiting run at a time: it takes every listing listed since the last one.
  'saved-search-match': { retryLimit: 5, retryDelay: 10, expireInSeconds: 300, policy: 'short' },
  // One waiting mail per saved search (its key): matches listed meanwhile join it.
  'saved-search-mail': { retryLimit: 5, retryDelay: 30, expireInSeconds: 120, policy: 'short' },
  'saved-search-digests': { retryLimit: 2, retryDelay: 60, expireInSeconds: 15 * 60 },
  'favourite-news': { retryLimit: 5, retryDelay: 30, expireInSeconds: 120 },
  // A large account's photos take a while; a copy still unfinished after an hour shows as failed.
  'data-export': { retryLimit: 3, retryDelay: 60, expireInSeconds: 15 * 60 },
  'your-data-upkeep': { retryLimit: 2, retryDelay: 60, expireInSeconds: 15 * 60 },
  'insights-mail': { retryLimit: 2, retryDelay: 300, expireInSeconds: 60 * 60 },
  // The first run makes every day since the first member joined: minutes at a million listings.
  'insights-rollup': { retryLimit: 2, retryDelay: 60, expireInSeconds: 30 * 60 },
};

/**
 * When a job may start (a time, or seconds from now by the database's clock), and a key that keeps
 * one of its kind waiting at a time (later sends join it).
 */
export type SendOptions = { startAfter?: Date | number; singletonKey?: string };

export type JobFailure = { name: string; error: string; failedAt: string };
export type JobsSummary = { queued: number; active: number; failed: number; lastFailures: JobFailure[] };
/** Jobs waiting to run (queued, or waiting to be retried) per kind. */
export type QueueDepths = Record<string, number>;

export type JobQueue = {
  /** Says whether a job was queued (false: one with its key already waits). */
  send: <Name extends JobName>(name: Name, data: JobData[Name], options?: SendOptions) => Promise<boolean>;
  /** Many jobs of one kind in one statement (those whose key already waits are left out). */
  sendMany: <Name extends JobName>(name: Name, jobs: readonly { data: JobData[Name]; options?: SendOptions }[]) => Promise<void>;
  /** Runs jobs of this kind in this process (one at a time per call). */
  work: <Name extends JobName>(name: Name, handler: (data: JobData[Name]) => Promise<void>) => Promise<void>;
  /** Adds a job of this kind at these times (cron, Australian Eastern time), once across every server. */
  schedule: (name: JobName, cron: string) => Promise<void>;
  /**
   * Waits until no job of these kinds is running or waiting to run within a few seconds (a batch
   * that gathers for a moment, like saved search matching), for at most `timeoutMs`; says whether
   * they settled (a job another server is stuck on keeps them from it). Jobs due later (a retry
   * after its backoff, an alert's 15 minutes) do not count.
   */
  settle: (names?: readonly JobName[], timeoutMs?: number) => Promise<boolean>;
  summary: () => Promise<JobsSummary>;
  /** Every kind's waiting jobs (0 for a kind with none): the metrics' queue depth. */
  countWaiting: () => Promise<QueueDepths>;
  /** Stops taking jobs; waits a while (JOB_STOP_WAIT_SECONDS) for those running, then hands them back to be retried (by this or another server). */
  close: () => Promise<void>;
};

export type JobQueueOptions = {
  /** How often an idle worker looks for jobs (a job sent from this process wakes it at once). */
  pollingIntervalSeconds?: number;
  /** How often this server looks at the schedules (one server a round queues what is due); 30 s by default. */
  scheduleCheckSeconds?: number;
  /** Told of every failed run (the metrics count them). */
  onFailure?: (name: JobName) => void;
  /** How long close() waits for the jobs running here before handing them back; 10 s by default. */
  stopWaitSeconds?: number;
};

export async function createJobQueue(database: DatabaseHandle, log: FastifyBaseLogger, options: JobQueueOptions = {}): Promise<JobQueue> {
  // pg-boss records a job's outcome a moment after its handler ends, and a handler close() gave up
  // on (its job handed back) ends later still. close() lets the statements under way finish, and
  // after it a late outcome does nothing (answered as "no job changed") instead of failing on a
  // closed database: the job is retried as handed back.
  let closed = false;
  const running = new Set<Promise<unknown>>();
  const executeSql = (text: string, values?: unknown[]) => {
    if (closed) return Promise.resolve({ rows: [{ count: 0 }] });
    const statement = database.executeSql(text, values);
    running.add(statement);
    void statement.then(
      () => running.delete(statement),
      () => running.delete(statement),
    );
    return statement;
  };
  const boss = new PgBoss({
    db: { executeSql },
    schema: jobSchema,
    migrate: true,
    supervise: true,
    schedule: true,
    cronMonitorIntervalSeconds: options.scheduleCheckSeconds ?? 30,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const [name, settings] of Object.entries(queueSettings)) {
    await boss.createQueue(name, { name, retryBackoff: true, ...settings });
  }
  const workers = new Map<JobName, string[]>();
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
  /** A job queued here starts at once, or when it is due if that is soon, without waiting for the workers' next look. */
  const wakeWorkers = (name: JobName, startAfter?: Date | number) => {
    const notify = () => {
      for (const id of workers.get(name) ?? []) boss.notifyWorker(id);
    };
    const delayMs = startAfter === undefined ? 0 : typeof startAfter === 'number' ? startAfter * 1000 : startAfter.getTime() - Date.now();
    if (delayMs <= 0) notify();
    else if (delayMs <= pollingIntervalSeconds * 1000) setTimeout(notify, delayMs + 20).unref();
  };
  const count = async (text: string, values: unknown[]) => Number((((await database.executeSql(text, values)).rows[0] ?? {}) as { count?: string | number }).count ?? 0);
  /**
   * A job that is done (sent, or out of tries) keeps no data: a mail's, sealed or not, is no one's
   * to read after it went. Cleared before pg-boss marks it finished, so a job whose data is gone
   * has done its work (see work below).
   */
  const clearData = (name: JobName, id: string) => database.executeSql(`update ${jobSchema}.job set data = null where name = $1 and id = $2`, [name, id]);
  // Jobs that finished before a server could clear them (one that stopped mid-way, a run that timed out on its last try).
  await database.executeSql(`update ${jobSchema}.job set data = null where state in ('completed', 'failed', 'cancelled') and data is not null`, []);
  await database.executeSql(`update ${jobSchema}.archive set data = null where data is not null`, []);

  return {
    send: async (name, data, sendOptions = {}) => {
      const id = await boss.send(name, data, { startAfter: sendOptions.startAfter, singletonKey: sendOptions.singletonKey });
      wakeWorkers(name, sendOptions.startAfter);
      return id !== null;
    },
    sendMany: async (name, jobs) => {
      if (jobs.length === 0) return;
      await boss.insert(jobs.map((job) => ({ name, data: job.data, startAfter: secondsOrTime(job.options?.startAfter), singletonKey: job.options?.singletonKey })));
      wakeWorkers(name);
    },
    work: async (name, handler) => {
      let workerId = '';
      workerId = await boss.work<JobData[typeof name] | null>(name, { pollingIntervalSeconds, batchSize: 1, includeMetadata: true }, async ([job]) => {
        try {
          // Its work was done and its data cleared, but its server stopped before pg-boss heard: done.
          if (job.data === null) return;
          try {
            await handler(job.data);
          } catch (error) {
            log.warn({ err: error, job: { id: job.id, name } }, 'a job failed; it will be retried if it has tries left');
            options.onFailure?.(name);
            if (job.retryCount >= job.retryLimit) await clearData(name, job.id).catch(() => {});
            throw error;
          }
          // Not a failure of the job if this fails: the start-up sweep clears it later.
          await clearData(name, job.id).catch((error: unknown) => log.warn({ err: error, job: { id: job.id, name } }, "a finished job's data could not be cleared"));
        } finally {
          // pg-boss waits out the polling interval after each job: there may be more waiting, so look again at once.
          boss.notifyWorker(workerId);
        }
      });
      workers.set(name, [...(workers.get(name) ?? []), workerId]);
    },
    schedule: async (name, cron) => {
      await boss.schedule(name, cron, {}, { tz: 'Australia/Sydney' });
    },
    settle: async (names = Object.keys(queueSettings) as JobName[], timeoutMs = 10_000) => {
      const started = Date.now();
      const waiting = () =>
        count(
          `select count(*) from ${jobSchema}.job where name = any($1) and (state = 'active' or (state in ('created', 'retry') and start_after <= now() + interval '5 seconds'))`,
          [names],
        );
      while ((await waiting()) > 0) {
        if (Date.now() - started > timeoutMs) return false;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return true;
    },
    summary: async () => {
      const { rows } = await database.executeSql(`select state, count(*)::int as count from ${jobSchema}.job group by state`, []);
      const byState = new Map((rows as { state: string; count: number }[]).map((row) => [row.state, Number(row.count)]));
      const failures = await database.executeSql(
        `select name, output, completed_on from ${jobSchema}.job where state = 'failed'
         union all
         select name, output, completed_on from ${jobSchema}.archive where state = 'failed'
         order by completed_on desc nulls last limit 10`,
        [],
      );
      return {
        queued: (byState.get('created') ?? 0) + (byState.get('retry') ?? 0),
        active: byState.get('active') ?? 0,
        failed: byState.get('failed') ?? 0,
        lastFailures: (failures.rows as { name: string; output: unknown; completed_on: Date | string | null }[]).map((row) => ({
          name: row.name,
          error: describeFailure(row.output),
          failedAt: row.completed_on ? new Date(row.completed_on).toISOString() : new Date(0).toISOString(),
        })),
      };
    },
    countWaiting: async () => {
      const { rows } = await database.executeSql(`select name, count(*)::int as count from ${jobSchema}.job where state in ('created', 'retry') group by name`, []);
      const depths: QueueDepths = Object.fromEntries(Object.keys(queueSettings).map((name) => [name, 0]));
      for (const row of rows as { name: string; count: number }[]) depths[row.name] = Number(row.count);
      return depths;
    },
    close: async () => {
      await boss.stop({ graceful: true, wait: true, timeout: (options.stopWaitSeconds ?? 10) * 1000, close: false });
      // The outcomes of jobs that ended just now are written before the database may close.
      const deadline = Date.now() + 2_000;
      do await new Promise((resolve) => setTimeout(resolve, 20));
      while (running.size > 0 && Date.now() < deadline);
      closed = true;
    },
  };
}

/** pg-boss keeps a failed job's error as its output: the message is what an admin needs. */
function describeFailure(output: unknown): string {
  if (output && typeof output === 'object' && 'message' in output && typeof output.message === 'string') return output.message;
  return typeof output === 'string' ? output : JSON.stringify(output ?? 'unknown error');
}
