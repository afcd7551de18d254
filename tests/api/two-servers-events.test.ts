// Two app servers on one PostgreSQL database (decision 15): a member's event stream held on one
// server hears, within a second, a message sent through the other; through Redis pub/sub when
// REDIS_URL is set, else through PostgreSQL LISTEN/NOTIFY. A ticket opens one stream across both
// (decision 27): its use is recorded in Redis, else in the database.
import { describe, expect, it } from 'vitest';
import { expectEventStream, openEventStream } from './support/event-stream-client';
import { registerMember } from './support/factories';
import { createClient } from './support/http-client';
import type { TestServer } from './support/test-server';
import { messageAcross, redisUrlOfOwn, twoServerServices, useTwoServers } from './support/two-servers';

/** A ticket that opened a stream on one server, and then many at once (half on each), opens none on the other. */
async function ticketOnceAcross(a: TestServer, b: TestServer) {
  const clientA = createClient(a.baseUrl);
  const member = await registerMember(clientA);
  const ticketOf = async () => (await clientA.post('/api/events/ticket', undefined, member.token)).body.ticket as string;
  const url = (server: TestServer, ticket: string) => `${server.baseUrl}/api/events?ticket=${encodeURIComponent(ticket)}`;
  const ticket = await ticketOf();
  const onA = await expectEventStream(url(a, ticket));
  try {
    await onA.waitFor((event) => event.event === 'ready');
    expect((await openEventStream(url(b, ticket))).refused).toMatchObject({ status: 401, body: { code: 'EVENT_TICKET_INVALID' } });
  } finally {
    onA.close();
  }
  const shared = await ticketOf();
  const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => openEventStream(url(index % 2 === 0 ? a : b, shared))));
  try {
    expect(answers.filter((answer) => answer.stream)).toHaveLength(1);
    expect(answers.filter((answer) => answer.refused?.status === 401)).toHaveLength(7);
  } finally {
    for (const answer of answers) answer.stream?.close();
  }
}

const { postgresUrl, redisUrl, postgresNote, redisNote } = await twoServerServices('two-servers-events');

describe.skipIf(!postgresUrl)(`two app servers on one PostgreSQL database${postgresNote}`, () => {
  describe.skipIf(!redisUrl)(`with REDIS_URL: Redis pub/sub carries the events${redisNote}`, () => {
    const { a, b } = useTwoServers(postgresUrl!, () => ({ REDIS_URL: redisUrlOfOwn(redisUrl!, 7) }));
    it('brings a message sent through server A to a stream held on server B within a second', async () => {
      expect([a().deps.memberEvents.transport, b().deps.memberEvents.transport]).toEqual(['redis', 'redis']);
      await messageAcross(a(), b());
    });
    it('lets a ticket open one stream across both servers, its use recorded in Redis', async () => {
      await ticketOnceAcross(a(), b());
    });
  });

  describe('without REDIS_URL: PostgreSQL LISTEN/NOTIFY carries the events', () => {
    const { a, b } = useTwoServers(postgresUrl!, () => ({}));
    it('brings a message sent through server A to a stream held on server B within a second', async () => {
      expect([a().deps.memberEvents.transport, b().deps.memberEvents.transport]).toEqual(['postgres', 'postgres']);
      await messageAcross(a(), b());
    });
    it('lets a ticket open one stream across both servers, its use recorded in the database', async () => {
      await ticketOnceAcross(a(), b());
    });
  });
});
