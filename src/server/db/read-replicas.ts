// Read replicas (DATABASE_REPLICA_URLS, decision 39): the public reads (browse, search, the map,
// listing and seller pages, the sitemap) go to a streaming replica that is caught up, and the
// primary keeps the writes and everything else. Each replica's lag is measured every `pollMs`
// against the primary's WAL position; one that is down or lags past `maxLagMs` is left out until it
// recovers. A read whose data changed more recently than a replica can be trusted to have replayed
// (a member who has just written, a listing just edited) is answered by the primary, so nobody
// reads from before their own write, and no cache keeps an answer older than a write it heard of.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { ContentVersion } from '../services/content-version';
import { connectionOptions, type Database, type DatabaseHandle } from './open-database';
import { retryDroppedReads } from './retry-reads';
import * as schema from './schema';

/** Which database answered a read: the primary, or a replica by its position in DATABASE_REPLICA_URLS ("replica 1"). */
export type ReadSource = 'primary' | `replica ${number}`;

export type ReplicaStatus = { name: ReadSource; reachable: boolean; lagSeconds: number | null; inUse: boolean };

export type ReadReplicas = {
  /** The database for a read made from these change keys, and its name (for the metrics). */
  choose: (keys: readonly string[]) => { db: Database; source: ReadSource };
  status: () => ReplicaStatus[];
  /** Called with each read's source (the metrics count them). */
  onRead: (listener: (source: ReadSource) => void) => void;
  close: () => Promise<void>;
};

/** "16/B374D848" as a number of bytes. */
export function parseLsn(text: string): bigint {
  const [high, low] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

type Sample = { at: number; lsn: bigint };

/**
 * How far behind a replica is, in milliseconds, from the primary's recent positions (oldest first)
 * and the position the replica has replayed: 0 when it has the newest, else the age of the newest
 * position it has (it may lack anything written since); Infinity when it has none of them.
 */
export function lagOf(samples: readonly Sample[], replayed: bigint, now: number): number {
  const newest = samples.at(-1);
  if (!newest || replayed >= newest.lsn) return 0;
  for (let index = samples.length - 1; index >= 0; index -= 1) {
    if (samples[index].lsn <= replayed) return now - samples[index].at;
  }
  return Number.POSITIVE_INFINITY;
}

type Replica = { name: ReadSource; pool: pg.Pool; db: Database; reachable: boolean; lagMs: number; lastPolled: number };

/** No replicas: every read on the primary. */
export function primaryOnly(primary: Pick<DatabaseHandle, 'db'>): ReadReplicas {
  const listeners: ((source: ReadSource) => void)[] = [];
  const chosen = { db: primary.db, source: 'primary' as ReadSource };
  return {
    choose: () => {
      for (const listener of listeners) listener('primary');
      return chosen;
    },
    status: () => [],
    onRead: (listener) => {
      listeners.push(listener);
    },
    close: async () => {},
  };
}

export function openReadReplicas(options: {
  primary: DatabaseHandle;
  urls: readonly string[];
  maxLagMs: number;
  version: ContentVersion;
  log: FastifyBaseLogger;
  pollMs?: number;
  poolSize?: number;
}): ReadReplicas {
  const pollMs = options.pollMs ?? 250;
  const replicas: Replica[] = options.urls.map((url, index) => {
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, connectionTimeoutMillis: 2_000, options: connectionOptions });
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    retryDroppedReads(pool);
    return { name: `replica ${index + 1}` as ReadSource, pool, db: drizzle({ client: pool, schema }), reachable: false, lagMs: Number.POSITIVE_INFINITY, lastPolled: 0 };
  });
  const samples: Sample[] = [];
  const listeners: ((source: ReadSource) => void)[] = [];
  let next = 0;
  let stopped = false;

  const withTimeout = <T>(promise: Promise<T>, ms: number) =>
    Promise.race([promise, new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref())]);

  const poll = async () => {
    try {
      const { rows } = await withTimeout(options.primary.executeSql('select pg_current_wal_lsn()::text as lsn'), pollMs * 4);
      samples.push({ at: Date.now(), lsn: parseLsn((rows[0] as { lsn: string }).lsn) });
      // A minute of positions: a replica further behind is out anyway.
      while (samples.length > 0 && samples[0].at < Date.now() - 60_000) samples.shift();
    } catch {
      // The primary is unreachable: its own reads fail too; the replicas' lag cannot be told, so they stay as they were.
      return;
    }
    await Promise.all(
      replicas.map(async (replica) => {
        const wasInUse = inUse(replica);
        try {
          const { rows } = await withTimeout(replica.pool.query<{ lsn: string | null }>('select pg_last_wal_replay_lsn()::text as lsn'), pollMs * 4);
          const lsn = rows[0]?.lsn;
          replica.reachable = true;
          // Not a standby (promoted, or misconfigured): its data may have left the primary's; not used.
          replica.lagMs = lsn ? lagOf(samples, parseLsn(lsn), Date.now()) : Number.POSITIVE_INFINITY;
        } catch {
          replica.reachable = false;
        }
        replica.lastPolled = Date.now();
        if (wasInUse !== inUse(replica)) {
          options.log.warn({ replica: replica.name, reachable: replica.reachable, lagSeconds: Number.isFinite(replica.lagMs) ? replica.lagMs / 1000 : null }, inUse(replica) ? 'a read replica is back in use' : 'a read replica is left out: down or lagging');
        }
      }),
    );
  };
  const inUse = (replica: Replica) => replica.reachable && replica.lagMs <= options.maxLagMs && Date.now() - replica.lastPolled < pollMs * 8;

  let polling = false;
  const timer = setInterval(() => {
    if (polling || stopped) return;
    polling = true;
    void poll().finally(() => (polling = false));
  }, pollMs);
  timer.unref();
  void poll();

  /** A change heard of this recently may not be on a replica in use yet (its lag, plus a poll's age). */
  const trustAfterMs = options.maxLagMs + 2 * pollMs;
  const primary = { db: options.primary.db, source: 'primary' as ReadSource };

  return {
    choose: (keys) => {
      const usable = replicas.filter(inUse);
      const replica = usable.length === 0 || options.version.changedWithin(keys, trustAfterMs) ? null : usable[next++ % usable.length];
      const chosen = replica ? { db: replica.db, source: replica.name } : primary;
      for (const listener of listeners) listener(chosen.source);
      return chosen;
    },
    status: () =>
      replicas.map((replica) => ({
        name: replica.name,
        reachable: replica.reachable,
        lagSeconds: replica.reachable && Number.isFinite(replica.lagMs) ? replica.lagMs / 1000 : null,
        inUse: inUse(replica),
      })),
    onRead: (listener) => {
      listeners.push(listener);
    },
    close: async () => {
      stopped = true;
      clearInterval(timer);
      await Promise.all(replicas.map((replica) => replica.pool.end().catch(() => {})));
    },
  };
}
