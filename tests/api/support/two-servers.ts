// Two app servers on one PostgreSQL database, as behind a load balancer (two-servers-events.test.ts,
// two-servers.test.ts): the same APP_SECRET, each with its own process state, started one after the
// other (the first migrates the new database).
import { afterAll, beforeAll, expect } from 'vitest';
import { conversationLimits } from '../../../src/domain/conversations';
import { openDatabase } from '../../../src/server/db/open-database';
import { expectEventStream, type OpenedStream, type StreamEvent } from './event-stream-client';
import { sellerMember, validListing } from './factories';
import { createClient } from './http-client';
import { createPostgresDatabase, postgresForTests } from './test-database';
import { redisForTests } from './test-redis';
import { startTestServer, type TestServer } from './test-server';

/**
 * Two-server passes keep their Redis counters (abuse limits, which these servers share with the Redis
 * tests of rate-limits.test.ts at another multiplier) in a database number of their own, so the
 * members they register never use up another file's hourly budget. Pub/sub, which carries the
 * events, spans every database number of the server.
 */
export function redisUrlOfOwn(url: string, database: number): string {
  const own = new URL(url);
  own.pathname = `/${database}`;
  return own.toString();
}

/** The servers share the database and APP_SECRET (a ticket one issues, the other accepts), as app servers behind one load balancer do. */
const sharedSecret = 'two-servers-test-secret-0123456789abcdef';

/**
 * The PostgreSQL server (and Redis) two app servers need, or why a file's tests are skipped: the
 * reason is printed, and named in the describe block's title.
 */
export async function twoServerServices(fileName: string) {
  // Two app servers need one PostgreSQL database (and, for most tests, one Redis).
  const { url: postgresUrl, note: postgresNote } = await postgresForTests();
  const { url: redisUrl, note: redisNote } = await redisForTests();
  if (!postgresUrl) console.log(`${fileName}${postgresNote}`);
  else if (!redisUrl) console.log(`${fileName}: the Redis pass${redisNote}`);
  return { postgresUrl, redisUrl, postgresNote, redisNote };
}

/** `environment` is read when the servers start (in beforeAll), so it may use what earlier hooks made. */
export function useTwoServers(postgresUrl: string, environment: () => Record<string, string>) {
  const servers: TestServer[] = [];
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const database = await createPostgresDatabase(postgresUrl);
    drop = database.drop;
    const settings = { DATABASE_URL: database.url, APP_SECRET: sharedSecret, ...environment() };
    // One after the other: the first migrates the new database.
    for (let index = 0; index < 2; index += 1) {
      servers.push(await startTestServer(settings, { openDatabase: () => openDatabase({ databaseUrl: database.url, poolSize: 5 }) }));
    }
  });
  afterAll(async () => {
    for (const server of servers.splice(0)) await server.close();
    await drop?.();
  });
  return { a: () => servers[0], b: () => servers[1] };
}

const isMessage = (id: string) => (event: StreamEvent) => event.event === 'message' && event.id === id;

/** A seller and a buyer who registered through server A, and the buyer's stream held on server B. */
export async function messageAcross(a: TestServer, b: TestServer) {
  const clientA = createClient(a.baseUrl);
  const clientB = createClient(b.baseUrl);
  const seller = await sellerMember(clientA, a.database.db, { tier: 'connector', firstName: 'Sally' });
  const buyer = await sellerMember(clientA, a.database.db, { tier: 'connector', firstName: 'Ben' });
  const listingId = (await clientA.post('/api/listings', validListing, seller.token)).body.id;
  const started = await clientA.post(`/api/listings/${listingId}/conversations`, { message: 'Is it still available?' }, buyer.token);
  expect(started.status).toBe(201);
  const conversationId = started.body.conversation.id as string;

  // The tab took its ticket from server A; the load balancer put its stream on server B.
  const ticket = (await clientA.post('/api/events/ticket', undefined, buyer.token)).body.ticket as string;
  const streams: OpenedStream[] = [];
  try {
    const onB = await expectEventStream(`${b.baseUrl}/api/events?ticket=${encodeURIComponent(ticket)}`);
    streams.push(onB);
    await onB.waitFor((event) => event.event === 'ready');

    const sentAt = Date.now();
    const sent = await clientA.post(`/api/conversations/${conversationId}/messages`, { body: 'Yes! Sent through server A.' }, seller.token);
    expect(sent.status).toBe(201);
    const arrived = await onB.waitFor(isMessage(sent.body.id), { timeoutMs: 1_000 });
    expect(arrived.receivedAt - sentAt).toBeLessThan(1_000);
    expect(arrived.data.message).toEqual(sent.body);
    expect(sent.body).toMatchObject({ conversationId, senderId: seller.user.id, body: 'Yes! Sent through server A.' });

    // And back: the seller listens on A, the buyer reads and replies through B.
    const sellerOnA = await expectEventStream(`${a.baseUrl}/api/events`, { authorization: `Bearer ${seller.token}` });
    streams.push(sellerOnA);
    await sellerOnA.waitFor((event) => event.event === 'ready');
    expect((await clientB.post(`/api/conversations/${conversationId}/read`, undefined, buyer.token)).status).toBe(204);
    await sellerOnA.waitFor((event) => event.event === 'read' && event.data.readerId === buyer.user.id, { timeoutMs: 1_000 });
    const reply = await clientB.post(`/api/conversations/${conversationId}/messages`, { body: 'Great, see you Saturday.' }, buyer.token);
    await sellerOnA.waitFor(isMessage(reply.body.id), { timeoutMs: 1_000 });

    // The longest message, in characters that take the most room in an event (three bytes each in
    // UTF-8, or escaped in JSON), still travels whole.
    const longest = '漢"'.repeat(conversationLimits.messageMax / 2);
    const long = await clientB.post(`/api/conversations/${conversationId}/messages`, { body: longest }, buyer.token);
    expect(long.status).toBe(201);
    expect((await sellerOnA.waitFor(isMessage(long.body.id), { timeoutMs: 1_000 })).data.message).toEqual({ ...long.body, body: longest });
  } finally {
    for (const stream of streams) stream.close();
  }
}
