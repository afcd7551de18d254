// The server's Prometheus metrics (prom-client), in a registry of this app's own: several apps in
// one process (the API tests) never share or clash. What is counted as it happens (requests, query
// times, job failures) is recorded here; what is a level (the pool, the queue, open streams) is read
// from its owner when Prometheus scrapes.
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { createRequestSeries } from './request-series';
import type { PoolCounts } from '../db/open-database';
import type { ReadReplicas } from '../db/read-replicas';
import type { QueueDepths } from '../services/job-queue';
import { withTimeout } from '../services/with-timeout';

export type Metrics = {
  registry: Registry;
  /**
   * The recorder of a route's answers, by its pattern (`/api/listings/:id`, never the address asked:
   * the labels must stay few), made once per route: (method, status, seconds, cache outcome).
   */
  requestsOf: (route: string) => (method: string, status: number, seconds: number, cacheOutcome: string | undefined) => void;
  /** One database query's time (PostgreSQL; PGlite's run inside this process). */
  observeQuery: (seconds: number) => void;
  countJobFailure: (queue: string) => void;
  readPool: (read: () => PoolCounts) => void;
  readQueueDepths: (read: () => Promise<QueueDepths>) => void;
  readEventStreams: (read: () => number) => void;
  /** The public reads' database (primary or a replica) is counted per read, and each replica's lag and use read when scraped. */
  readReplicas: (replicas: ReadReplicas) => void;
};

/** A scrape waits this long for the queue's count, then shows the last one. */
const queueCountTimeoutMs = 1_000;

const queryBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

export function createMetrics(): Metrics {
  const registry = new Registry();
  const registers = [registry];
  registerProcessMetrics(registers);

  const requests = createRequestSeries(registry);
  const querySeconds = new Histogram({ name: 'db_query_duration_seconds', help: 'Database query time (PostgreSQL)', buckets: queryBuckets, registers });
  const jobFailures = new Counter({ name: 'job_failures_total', help: 'Job runs that failed (retried while they have tries left)', labelNames: ['queue'], registers });

  let readPool: (() => PoolCounts) | undefined;
  const poolGauge = (name: string, help: string, pick: (counts: PoolCounts) => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        if (readPool) this.set(pick(readPool()));
      },
    });
  poolGauge('db_pool_connections', 'Open database connections (in use and idle)', (counts) => counts.total);
  poolGauge('db_pool_idle_connections', 'Open database connections not in use', (counts) => counts.idle);
  poolGauge('db_pool_waiting_queries', 'Queries waiting for a free connection', (counts) => counts.waiting);
  poolGauge('db_pool_max_connections', 'The most connections the pool opens', (counts) => counts.max);

  let readQueueDepths: (() => Promise<QueueDepths>) | undefined;
  new Gauge({
    name: 'job_queue_depth',
    help: 'Jobs waiting to run (queued or waiting to be retried), by queue',
    labelNames: ['queue'],
    registers,
    async collect() {
      if (!readQueueDepths) return;
      try {
        const depths = await withTimeout(readQueueDepths(), queueCountTimeoutMs, 'counting queued jobs');
        for (const [queue, depth] of Object.entries(depths)) this.set({ queue }, depth);
      } catch {
        // The database is slow or away: the last count stands, and readiness says what is wrong.
      }
    },
  });

  let readEventStreams: (() => number) | undefined;
  new Gauge({
    name: 'event_streams_open',
    help: "Members' event streams (Server-Sent Events) open on this server",
    registers,
    collect() {
      this.set(readEventStreams?.() ?? 0);
    },
  });

  const readsBySource = new Counter({ name: 'db_reads_total', help: 'Public reads (browse, search, map, listing and seller pages, sitemap) by the database that answered', labelNames: ['database'], registers });
  let replicas: ReadReplicas | undefined;
  new Gauge({
    name: 'db_replica_lag_seconds',
    help: 'How far each read replica is behind the primary (-1: unreachable or not replaying)',
    labelNames: ['replica'],
    registers,
    collect() {
      for (const replica of replicas?.status() ?? []) this.set({ replica: replica.name }, replica.lagSeconds ?? -1);
    },
  });
  new Gauge({
    name: 'db_replica_in_use',
    help: 'Whether each read replica takes reads now (1) or is left out, down or lagging (0)',
    labelNames: ['replica'],
    registers,
    collect() {
      for (const replica of replicas?.status() ?? []) this.set({ replica: replica.name }, replica.inUse ? 1 : 0);
    },
  });

  return {
    registry,
    requestsOf: requests.forRoute,
    observeQuery: (seconds) => querySeconds.observe(seconds),
    countJobFailure: (queue) => jobFailures.inc({ queue }),
    readPool: (read) => {
      readPool = read;
    },
    readQueueDepths: (read) => {
      readQueueDepths = read;
    },
    readEventStreams: (read) => {
      readEventStreams = read;
    },
    readReplicas: (read) => {
      replicas = read;
      read.onRead((source) => readsBySource.inc({ database: source }));
    },
  };
}

/**
 * The process's memory and CPU, read when Prometheus scrapes, under prom-client's default names.
 * Not prom-client's collectDefaultMetrics: it watches every garbage collection and the event loop
 * all the time, which cost 4-5% of cached browse's CPU (npm run bench:metrics), over the budget.
 */
function registerProcessMetrics(registers: Registry[]): void {
  const memoryGauge = (name: string, help: string, read: (usage: NodeJS.MemoryUsage) => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(read(process.memoryUsage()));
      },
    });
  memoryGauge('process_resident_memory_bytes', 'Resident memory size in bytes', (usage) => usage.rss);
  memoryGauge('nodejs_heap_size_total_bytes', 'Process heap size from Node.js in bytes', (usage) => usage.heapTotal);
  memoryGauge('nodejs_heap_size_used_bytes', 'Process heap size used from Node.js in bytes', (usage) => usage.heapUsed);
  memoryGauge('nodejs_external_memory_bytes', 'Node.js external memory size in bytes', (usage) => usage.external);
  new Counter({
    name: 'process_cpu_seconds_total',
    help: 'Total user and system CPU time spent in seconds',
    registers,
    collect() {
      const { user, system } = process.cpuUsage();
      this.reset();
      this.inc((user + system) / 1e6);
    },
  });
  const startSeconds = Math.round(Date.now() / 1000 - process.uptime());
  new Gauge({ name: 'process_start_time_seconds', help: 'Start time of the process since unix epoch in seconds', registers }).set(startSeconds);
}
