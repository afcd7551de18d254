// Two app servers on one PostgreSQL database (decision 15): a member's event stream held on one
// server hears, within a second, a message sent through the other; through Redis pub/sub when
// REDIS_URL is set, else through PostgreSQL LISTEN/NOTIFY.
import { describe, expect, it } from 'vitest';
import { messageAcross, redisUrlOfOwn, twoServerServices, useTwoServers } from './support/two-servers';

const { postgresUrl, redisUrl, postgresNote, redisNote } = await twoServerServices('two-servers-events');

describe.skipIf(!postgresUrl)(`two app servers on one PostgreSQL database${postgresNote}`, () => {
  describe.skipIf(!redisUrl)(`with REDIS_URL: Redis pub/sub carries the events${redisNote}`, () => {
    const { a, b } = useTwoServers(postgresUrl!, () => ({ REDIS_URL: redisUrlOfOwn(redisUrl!, 7) }));
    it('brings a message sent through server A to a stream held on server B within a second', async () => {
      expect([a().deps.memberEvents.transport, b().deps.memberEvents.transport]).toEqual(['redis', 'redis']);
      await messageAcross(a(), b());
    });
  });

  describe('without REDIS_URL: PostgreSQL LISTEN/NOTIFY carries the events', () => {
    const { a, b } = useTwoServers(postgresUrl!, () => ({}));
    it('brings a message sent through server A to a stream held on server B within a second', async () => {
      expect([a().deps.memberEvents.transport, b().deps.memberEvents.transport]).toEqual(['postgres', 'postgres']);
      await messageAcross(a(), b());
    });
  });
});

it('requires Redis where CI says it is there', () => {
  if (!redisUrl) expect(process.env.CI_REQUIRE_REDIS).not.toBe('true');
});
