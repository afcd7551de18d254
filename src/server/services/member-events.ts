// Events for signed-in members (a new message, a read mark, a conversation that changed), carried to
// the event streams the members hold open on any app server: through Redis pub/sub when REDIS_URL is
// set, else through PostgreSQL LISTEN/NOTIFY, else (PGlite, one process) in the process.
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { MemberEvent } from '../../domain/conversation-schemas';

export type MemberEventListener = (event: MemberEvent) => void;

export type MemberEvents = {
  /** Which way events travel between servers. */
  readonly transport: 'redis' | 'postgres' | 'process';
  /** Delivers the event to every stream the members hold, on every server (through LISTEN/NOTIFY: resolves once it is queued for the next batch). Never throws: a lost event is caught up on reconnect. */
  publish(memberIds: readonly string[], event: MemberEvent): Promise<void>;
  /** Listens for one member's events on this server; returns the way to stop. */
  subscribe(memberId: string, listener: MemberEventListener): () => void;
  /** Streams open on this server. */
  readonly openStreams: number;
  close(): Promise<void>;
};

type Envelope = { memberIds: readonly string[]; event: MemberEvent };

const channel = 'neighbourly_member_events';

/** The streams of this server, by member: what every transport delivers into. */
function createLocalDelivery() {
  const emitter = new EventEmitter();
  // One listener per open stream: a server may hold thousands.
  emitter.setMaxListeners(0);
  let openStreams = 0;
  return {
    deliver({ memberIds, event }: Envelope) {
      for (const memberId of memberIds) emitter.emit(memberId, event);
    },
    subscribe(memberId: string, listener: MemberEventListener) {
      emitter.on(memberId, listener);
      openStreams += 1;
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        openStreams -= 1;
        emitter.off(memberId, listener);
      };
    },
    get openStreams() {
      return openStreams;
    },
  };
}

function parseEnvelope(text: string): Envelope | null {
  try {
    const value = JSON.parse(text) as Envelope;
    return Array.isArray(value.memberIds) && value.event ? value : null;
  } catch {
    return null;
  }
}

/** Events one NOTIFY transaction carries at most. */
const notifyBatchMax = 500;

/**
 * NOTIFY in batches, in the order raised: one transaction at a time raises every event that
 * arrived while the one before was on its way. A transaction that notifies takes PostgreSQL's one
 * notification lock and holds it through its commit's flush to disk, so notifying transactions
 * run one after another; one per event made every send wait for all the events before its own
 * (for the same reason the event never rides inside the write it announces). The sender does not
 * wait for the event: it goes out within a commit or two. A failed batch is only logged: streams
 * catch up on reconnect.
 */
function createNotifyBatches(publisher: pg.Pool, onError: (error: unknown) => void) {
  let waiting: string[] = [];
  let sending: Promise<void> | null = null;
  const sendWaiting = (): void => {
    if (sending || waiting.length === 0) return;
    const batch = waiting.slice(0, notifyBatchMax);
    waiting = waiting.slice(batch.length);
    sending = publisher
      .query({
        name: 'member_events_notify',
        text: 'select pg_notify($1, payload) from unnest($2::text[]) with ordinality as raised(payload, position) order by position',
        values: [channel, batch],
      })
      .then(
        () => {},
        (error: unknown) => onError(error),
      )
      .finally(() => {
        sending = null;
        sendWaiting();
      });
  };
  return {
    raise(payload: string) {
      waiting.push(payload);
      sendWaiting();
    },
    /** Resolves once every event raised so far went out (or failed). */
    async drain() {
      while (sending) await sending;
    },
  };
}

export function createMemberEvents(options: { redisUrl?: string; databaseUrl?: string; log?: { warn: (object: object, message: string) => void } }): MemberEvents {
  const local = createLocalDelivery();
  const warn = (error: unknown, message: string) => options.log?.warn({ err: error }, message);

  if (options.redisUrl) {
    const publisher = new Redis(options.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    const subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: 1 });
    publisher.on('error', () => {});
    subscriber.on('error', () => {});
    subscriber.on('message', (_channel, text: string) => {
      const envelope = parseEnvelope(text);
      if (envelope) local.deliver(envelope);
    });
    const ready = subscriber.subscribe(channel).catch((error: unknown) => warn(error, 'member events: Redis subscribe failed'));
    return {
      transport: 'redis',
      async publish(memberIds, event) {
        await ready;
        await publisher.publish(channel, JSON.stringify({ memberIds, event })).catch((error: unknown) => warn(error, 'member events: Redis publish failed'));
      },
      subscribe: local.subscribe,
      get openStreams() {
        return local.openStreams;
      },
      async close() {
        publisher.disconnect();
        subscriber.disconnect();
      },
    };
  }

  if (options.databaseUrl) {
    // One connection of its own holds the LISTEN; another raises the events, in batches.
    const listener = new pg.Client({ connectionString: options.databaseUrl });
    const publisher = new pg.Pool({ connectionString: options.databaseUrl, max: 1 });
    publisher.on('error', () => {});
    const notify = createNotifyBatches(publisher, (error) => warn(error, 'member events: NOTIFY failed'));
    listener.on('error', (error) => warn(error, 'member events: the LISTEN connection failed'));
    listener.on('notification', (message) => {
      const envelope = message.payload ? parseEnvelope(message.payload) : null;
      if (envelope) local.deliver(envelope);
    });
    const ready = listener
      .connect()
      .then(() => listener.query(`LISTEN ${channel}`))
      .catch((error: unknown) => warn(error, 'member events: LISTEN failed'));
    return {
      transport: 'postgres',
      async publish(memberIds, event) {
        await ready;
        // NOTIFY carries up to 8000 bytes: a message (at most 2,000 characters, none of them a control
        // character, which JSON would write as six) fits with room to spare.
        notify.raise(JSON.stringify({ memberIds, event }));
      },
      subscribe: local.subscribe,
      get openStreams() {
        return local.openStreams;
      },
      async close() {
        await notify.drain();
        await listener.end().catch(() => {});
        await publisher.end().catch(() => {});
      },
    };
  }

  return {
    transport: 'process',
    async publish(memberIds, event) {
      local.deliver({ memberIds, event });
    },
    subscribe: local.subscribe,
    get openStreams() {
      return local.openStreams;
    },
    async close() {},
  };
}
