// What changed, and when: the read caches ask whether anything an answer was made from has changed
// since. A committed write publishes the keys it changed ("listings:<id>", "postcodes:3000",
// "members:<id>", "sessions:<id>", or a whole kind such as "listings"), in this process and,
// through Redis pub/sub with REDIS_URL, on every other app server; every other answer stays cached.
import { Redis } from 'ioredis';

export type ContentVersion = {
  /** Grows with every change this process hears of: an answer remembers the value it was made at. */
  readonly current: number;
  /**
   * Whether any of these keys changed after `since`: the key itself, its whole kind ("listings" for
   * "listings:<id>"), or everything (bump).
   */
  changedSince(keys: readonly string[], since: number): boolean;
  /**
   * Whether any of these keys changed in the last `ms` milliseconds (as this server heard of it):
   * a read made from them then goes to the primary rather than a replica that may not have it yet.
   */
  changedWithin(keys: readonly string[], ms: number): boolean;
  /** Everything may have changed (every cached answer is stale). */
  bump(): void;
  /**
   * A committed write changed the data under these keys: here, and on every app server through
   * Redis. Resolves once the notice has come back through this server's own subscription (Redis
   * has written it to every server), or Redis failed, or broadcastPatienceMs passed, so a write
   * answered after it is not read stale from another server's cache by the next request.
   */
  publish(changed: readonly string[]): Promise<void>;
  /** Resolves when Redis answers (readiness: without it other servers' caches go stale); null without REDIS_URL. */
  readonly pingRedis: (() => Promise<void>) | null;
  close(): Promise<void>;
};

const invalidationChannel = 'neighbourly:content-changed';
const everything = '*';
/**
 * Keys remembered at most: past this the memory starts again from "everything changed now", which
 * costs each cached answer one recomputation and keeps the map's size flat however many rows change.
 */
const maxRememberedKeys = 200_000;

/**
 * How long a write waits for Redis to pass its notice on before it answers anyway. A Redis that is
 * down refuses at once (no offline queue); this bounds only a Redis that hangs, or one starved of
 * CPU on a busy machine: 250 ms proved too short there, and a sign-out answered before the other
 * servers had heard of it left them taking the ended session.
 */
export const broadcastPatienceMs = 2000;

function kindOf(key: string): string {
  const colon = key.indexOf(':');
  return colon === -1 ? key : key.slice(0, colon);
}

export type ContentVersionOptions = {
  redisUrl?: string;
  /** Told when Redis was too slow to pass a notice on (other servers may serve it stale for a while). */
  log?: { warn: (details: object, message: string) => void };
  /** How long a write waits for Redis (broadcastPatienceMs). */
  patienceMs?: number;
};

export function createContentVersion(options: ContentVersionOptions = {}): ContentVersion {
  let current = 0;
  const lastChanged = new Map<string, number>();
  /** When each of the last minute's changes was heard of, oldest first from `recentStart`: changedWithin's clock. */
  const recent: { version: number; at: number }[] = [];
  let recentStart = 0;
  const publisher = options.redisUrl ? new Redis(options.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false }) : null;
  const subscriber = options.redisUrl ? new Redis(options.redisUrl, { maxRetriesPerRequest: 1 }) : null;
  const origin = `${process.pid}-${Math.random().toString(36).slice(2)}`;

  const record = (keys: readonly string[]) => {
    current += 1;
    if (lastChanged.size + keys.length > maxRememberedKeys) {
      lastChanged.clear();
      lastChanged.set(everything, current);
    }
    for (const key of keys) lastChanged.set(key, current);
    const now = Date.now();
    recent.push({ version: current, at: now });
    while (recentStart < recent.length && (recent[recentStart].at < now - 60_000 || recent.length - recentStart > 10_000)) recentStart += 1;
    if (recentStart > 1_000) {
      recent.splice(0, recentStart);
      recentStart = 0;
    }
  };
  /** Notices of this process waiting to come back through its own subscription, by number. */
  const awaitingEcho = new Map<number, () => void>();
  let sentNotices = 0;
  let subscribed = false;
  const broadcast = async (keys: readonly string[]) => {
    if (!publisher) return;
    sentNotices += 1;
    const notice = sentNotices;
    // Redis answers the publisher before it writes the notice to the subscribers (its pending
    // writes go last-queued first): a write answered on that reply could be read stale from another
    // server a moment later. The notice coming back through this process's own subscription means
    // Redis has written it to every subscriber. Without a live subscription, the reply is all there is.
    const listening = subscribed && subscriber?.status === 'ready';
    const echoed = listening ? new Promise<void>((resolve) => awaitingEcho.set(notice, resolve)) : undefined;
    const sent = publisher.publish(invalidationChannel, JSON.stringify({ origin, notice, keys })).then(
      () => echoed,
      () => undefined,
    );
    // A Redis that hangs must not hold up the write's answer: the entries' short lifetime covers it.
    const patienceMs = options.patienceMs ?? broadcastPatienceMs;
    let timer: NodeJS.Timeout | undefined;
    const patience = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), patienceMs)));
    const outcome = await Promise.race([sent, patience]);
    clearTimeout(timer);
    awaitingEcho.delete(notice);
    if (outcome === 'late') {
      options.log?.warn({ keys: keys.slice(0, 5), waitedMs: patienceMs }, 'Redis did not pass a change notice on in time: other servers may answer from their caches until their entries expire');
    }
  };

  // A Redis outage leaves each server with its own writes plus the entries' short lifetime.
  publisher?.on('error', () => {});
  subscriber?.on('error', () => {});
  subscriber?.on('message', (_channel, text: string) => {
    let message: { origin?: unknown; notice?: unknown; keys?: unknown };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      // Not a notice this version writes (a server of an older release): something changed.
      message = { keys: null };
    }
    if (message.origin === origin) {
      if (typeof message.notice === 'number') awaitingEcho.get(message.notice)?.();
      return;
    }
    // A notice that cannot be read says at least that something changed.
    const keys = Array.isArray(message.keys) && message.keys.every((key) => typeof key === 'string') ? (message.keys as string[]) : [everything];
    record(keys);
  });
  // ioredis subscribes again by itself after a reconnection.
  void subscriber
    ?.subscribe(invalidationChannel)
    .then(() => {
      subscribed = true;
    })
    .catch(() => {});

  return {
    get current() {
      return current;
    },
    changedSince(keys, since) {
      if ((lastChanged.get(everything) ?? 0) > since) return true;
      for (const key of keys) {
        if ((lastChanged.get(key) ?? 0) > since) return true;
        const kind = kindOf(key);
        if (kind !== key && (lastChanged.get(kind) ?? 0) > since) return true;
      }
      return false;
    },
    changedWithin(keys, ms) {
      const cutoff = Date.now() - ms;
      // The first change heard of at or after the cutoff (the times only grow): a binary search.
      let low = recentStart;
      let high = recent.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (recent[middle].at < cutoff) low = middle + 1;
        else high = middle;
      }
      return low < recent.length && this.changedSince(keys, recent[low].version - 1);
    },
    bump() {
      record([everything]);
      void broadcast([everything]);
    },
    async publish(changed) {
      if (changed.length === 0) return;
      record(changed);
      await broadcast(changed);
    },
    pingRedis: publisher
      ? async () => {
          await publisher.ping();
        }
      : null,
    async close() {
      publisher?.disconnect();
      subscriber?.disconnect();
    },
  };
}
