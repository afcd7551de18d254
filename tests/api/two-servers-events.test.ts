// Two app servers on one PostgreSQL database (decision 15): a member's event stream held on one
// server hears, within a second, a message sent through the other; through Redis pub/sub when
// REDIS_URL is set, else through PostgreSQL LISTEN/NOTIFY.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationLimits } from '../../src/domain/conversations';
import { openDatabase } from '../../src/server/db/open-database';
import { expectEventStream, type OpenedStream, type StreamEvent } from './support/event-stream-client';
import { sellerMember, validListing } from './support/factories';
import { createClient } from './support/http-client';
import { createPostgresDatabase, localPostgresUrl, reachablePostgresUrl } from './support/test-database';
import { localRedisUrl, reachableRedisUrl } from './support/test-redis';
import { startTestServer, type TestServer } from './support/test-server';

const postgresUrl = await reachablePostgresUrl();
const redisUrl = await reachableRedisUrl();

const postgresNote = postgresUrl
  ? ''
  : ` (skipped: two app servers need one PostgreSQL database, and neither TEST_DATABASE_URL nor ${localPostgresUrl} names a server that answers)`;
const redisNote = redisUrl ? '' : ` (skipped: neither TEST_REDIS_URL nor ${localRedisUrl} names a Redis server that answers)`;
if (!postgresUrl) console.log(`two-servers-events${postgresNote}`);
else if (!redisUrl) console.log(`two-servers-events: the Redis pass${redisNote}`);

/**
 * The Redis pass keeps its counters (abuse limits, which these servers share with the Redis tests of
 * rate-limits.test.ts at another multiplier) in a database number of its own, so the members it
 * registers never use up that file's hourly budget. Pub/sub, which carries the events, spans every
 * database number of the server.
 */
function redisUrlOfOwn(url: string): string {
  const own = new URL(url);
  own.pathname = '/7';
  return own.toString();
}

/** The servers share the database and APP_SECRET (a ticket one issues, the other accepts), as app servers behind one load balancer do. */
const sharedSecret = 'two-servers-test-secret-0123456789abcdef';

function useTwoServers(transport: () => Record<string, string>) {
  const servers: TestServer[] = [];
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const database = await createPostgresDatabase(postgresUrl!);
    drop = database.drop;
    const environment = { DATABASE_URL: database.url, APP_SECRET: sharedSecret, ...transport() };
    // One after the other: the first migrates the new database.
    for (let index = 0; index < 2; index += 1) {
      servers.push(await startTestServer(environment, { openDatabase: () => openDatabase({ databaseUrl: database.url, poolSize: 5 }) }));
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
async function messageAcross(a: TestServer, b: TestServer) {
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

describe.skipIf(!postgresUrl)(`two app servers on one PostgreSQL database${postgresNote}`, () => {
  describe.skipIf(!redisUrl)(`with REDIS_URL: Redis pub/sub carries the events${redisNote}`, () => {
    const { a, b } = useTwoServers(() => ({ REDIS_URL: redisUrlOfOwn(redisUrl!) }));
    it('brings a message sent through server A to a stream held on server B within a second', async () => {
      expect([a().deps.memberEvents.transport, b().deps.memberEvents.transport]).toEqual(['redis', 'redis']);
      await messageAcross(a(), b());
    });
  });

  describe('without REDIS_URL: PostgreSQL LISTEN/NOTIFY carries the events', () => {
    const { a, b } = useTwoServers(() => ({}));
    it('brings a message sent through server A to a stream held on server B within a second', async () => {
      expect([a().deps.memberEvents.transport, b().deps.memberEvents.transport]).toEqual(['postgres', 'postgres']);
      await messageAcross(a(), b());
    });
  });
});

it('requires Redis where CI says it is there', () => {
  if (!redisUrl) expect(process.env.CI_REQUIRE_REDIS).not.toBe('true');
});
