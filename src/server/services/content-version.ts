// The content version: a number that changes whenever data the read caches hold may have changed,
// in this process or (through Redis pub/sub, with REDIS_URL) on any other app server.
import { Redis } from 'ioredis';

/** A number that changes whenever data the caches hold may have changed. */
export type ContentVersion = {
  readonly current: number;
  /** Data changed in this process (or, through Redis, in another). */
  bump(): void;
  /**
   * A committed write changed the data under these keys ("listings:<id>", "members:<id>",
   * "sessions:<id>"). For now any change makes every cached read stale (one bump); the keys are
   * where scoped invalidation starts.
   */
  publish(changed: readonly string[]): void;
  close(): Promise<void>;
};

const invalidationChannel = 'neighbourly:content-changed';

/** In-process version; with REDIS_URL, bumps are broadcast to and received from every app server. */
export function createContentVersion(options: { redisUrl?: string } = {}): ContentVersion {
  let current = 0;
  const publisher = options.redisUrl ? new Redis(options.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false }) : null;
  const subscriber = options.redisUrl ? new Redis(options.redisUrl, { maxRetriesPerRequest: 1 }) : null;
  const origin = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  // A Redis outage leaves each server with its own writes plus the entries' short lifetime.
  publisher?.on('error', () => {});
  subscriber?.on('error', () => {});
  subscriber?.on('message', (_channel, message) => {
    if (message !== origin) current += 1;
  });
  void subscriber?.subscribe(invalidationChannel).catch(() => {});
  const bump = () => {
    current += 1;
    publisher?.publish(invalidationChannel, origin).catch(() => {});
  };
  return {
    get current() {
      return current;
    },
    bump,
    publish(changed) {
      if (changed.length > 0) bump();
    },
    async close() {
      publisher?.disconnect();
      subscriber?.disconnect();
    },
  };
}
