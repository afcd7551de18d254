import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { acceptsGzip, databaseJsonText } from '../../src/server/http/json-text';
import { createContentVersion, createReadCache } from '../../src/server/http/read-cache';

/** What the cached page in these tests is made from. */
const page = ['listings:1'];

function counter(start = 0) {
  let calls = start;
  return {
    compute: async () => {
      calls += 1;
      return `value ${calls}`;
    },
    get calls() {
      return calls;
    },
  };
}

describe('read cache', () => {
  it('answers repeated reads from memory until a write bumps the version', async () => {
    const version = createContentVersion();
    const cache = createReadCache<string>(version, { maxEntries: 10, ttlMs: 60_000 });
    const source = counter();
    expect(await cache.read('page', source.compute, page)).toBe('value 1');
    expect(await cache.read('page', source.compute, page)).toBe('value 1');
    version.bump();
    expect(await cache.read('page', source.compute, page)).toBe('value 2');
    expect(source.calls).toBe(2);
  });

  it('does not keep a value computed while a write happened', async () => {
    const version = createContentVersion();
    const cache = createReadCache<string>(version, { maxEntries: 10, ttlMs: 60_000 });
    let release!: () => void;
    const slow = cache.read('page', () => new Promise<string>((resolve) => (release = () => resolve('before the write'))), page);
    version.bump();
    release();
    expect(await slow).toBe('before the write');
    expect(await cache.read('page', async () => 'after the write', page)).toBe('after the write');
  });

  it('shares one computation between readers asking at the same time', async () => {
    const cache = createReadCache<string>(createContentVersion(), { maxEntries: 10, ttlMs: 60_000 });
    const source = counter();
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.read('page', source.compute, page)));
    expect(new Set(answers)).toEqual(new Set(['value 1']));
    expect(source.calls).toBe(1);
  });

  it('forgets failures so the next reader tries again', async () => {
    const cache = createReadCache<string>(createContentVersion(), { maxEntries: 10, ttlMs: 60_000 });
    await expect(cache.read('page', async () => Promise.reject(new Error('database down')), page)).rejects.toThrow('database down');
    expect(await cache.read('page', async () => 'recovered', page)).toBe('recovered');
  });

  it('refreshes an old entry behind the reader, forgets a very old one, and drops the oldest beyond its size', async () => {
    const version = createContentVersion();
    const expiring = createReadCache<string>(version, { maxEntries: 10, ttlMs: 30 });
    const source = counter();
    await expiring.read('page', source.compute, page);
    await new Promise((resolve) => setTimeout(resolve, 40));
    // Old but no write since: the reader gets it at once while it is refreshed.
    expect(await expiring.read('page', source.compute, page)).toBe('value 1');
    await expect.poll(() => expiring.read('page', source.compute, page)).toBe('value 2');
    // Many lifetimes later (an outage, say) it is not served any more.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await expiring.read('page', source.compute, page)).toBe('value 3');

    const small = createReadCache<string>(version, { maxEntries: 2, ttlMs: 60_000 });
    for (const key of ['a', 'b', 'c']) await small.read(key, async () => key, [key]);
    expect(small.size).toBe(2);
    expect(await small.read('a', async () => 'a again', ['a'])).toBe('a again');
  });

  it('keeps what its entries weigh together under its bound, dropping the oldest', async () => {
    const cache = createReadCache<string>(createContentVersion(), { maxEntries: 100, ttlMs: 60_000, maxWeight: 10, weigh: (value) => value.length });
    await cache.read('a', async () => 'aaaa', page);
    await cache.read('b', async () => 'bbbb', page);
    await cache.read('c', async () => 'cccc', page);
    expect(cache.weight).toBe(8);
    expect(cache.size).toBe(2);
    // Too heavy to keep at all: answered, not stored.
    expect(await cache.read('huge', async () => 'x'.repeat(11), page)).toHaveLength(11);
    expect(cache.weight).toBe(8);
  });

  it('is off when its lifetime is 0', async () => {
    const cache = createReadCache<string>(createContentVersion(), { maxEntries: 10, ttlMs: 0 });
    const source = counter();
    await cache.read('page', source.compute, page);
    await cache.read('page', source.compute, page);
    expect(source.calls).toBe(2);
  });

  it('keeps an answer when a write changes something it is not made from, and drops it when the write changes its data or its whole kind', async () => {
    const version = createContentVersion();
    const cache = createReadCache<string>(version, { maxEntries: 10, ttlMs: 60_000 });
    const source = counter();
    const vicPage = ['listings', 'states:VIC'];
    await cache.read('vic', source.compute, vicPage);
    version.publish(['listings:99', 'states:NSW', 'postcodes:2000', 'members:5', 'sessions:7']);
    expect(await cache.read('vic', source.compute, vicPage)).toBe('value 1');
    version.publish(['states:VIC']);
    expect(await cache.read('vic', source.compute, vicPage)).toBe('value 2');
    // A change that names no area (a plan that pauses listings) reaches every listing answer.
    version.publish(['listings']);
    expect(await cache.read('vic', source.compute, vicPage)).toBe('value 3');
    expect(source.calls).toBe(3);
  });

  it('reads what an answer depends on off the value when it is only known then', async () => {
    const version = createContentVersion();
    const cache = createReadCache<{ memberId: string }>(version, { maxEntries: 10, ttlMs: 60_000 });
    let calls = 0;
    const compute = async () => ({ memberId: `m${(calls += 1)}` });
    const dependsOn = (session: { memberId: string }) => ['sessions:abc', `members:${session.memberId}`];
    await cache.read('abc', compute, dependsOn);
    version.publish(['members:m2']);
    expect((await cache.read('abc', compute, dependsOn)).memberId).toBe('m1');
    version.publish(['members:m1']);
    expect((await cache.read('abc', compute, dependsOn)).memberId).toBe('m2');
  });

  it('refreshes an old entry whose keys come with its value once, however many writes elsewhere happen meanwhile', async () => {
    const version = createContentVersion();
    const cache = createReadCache<{ html: string; keys: string[] }>(version, { maxEntries: 10, ttlMs: 20 });
    let renders = 0;
    let release: (() => void) | null = null;
    const render = () =>
      new Promise<{ html: string; keys: string[] }>((resolve) => {
        renders += 1;
        const made = { html: `page ${renders}`, keys: ['listings:7'] };
        if (renders === 1) resolve(made);
        else release = () => resolve(made);
      });
    const keysOf = (page: { keys: string[] }) => page.keys;
    await cache.read('/listing/7', render, keysOf);
    await new Promise((resolve) => setTimeout(resolve, 30));
    // Old: every reader gets it at once; one refresh starts, and writes to other listings do not start more.
    for (let reader = 0; reader < 5; reader += 1) {
      expect((await cache.read('/listing/7', render, keysOf)).html).toBe('page 1');
      void version.publish([`listings:${100 + reader}`]);
    }
    expect(renders).toBe(2);
    release!();
    await expect.poll(async () => (await cache.read('/listing/7', render, keysOf)).html).toBe('page 2');
    expect(renders).toBe(2);
  });

  it('hears about writes on other app servers through Redis', async () => {
    const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const here = createContentVersion({ redisUrl });
    const there = createContentVersion({ redisUrl });
    try {
      // Both subscribed: a bump on one reaches the other.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const before = here.current;
      there.publish(['listings:42']);
      await expect.poll(() => here.current, { timeout: 2000 }).toBeGreaterThan(before);
      // The notice names what changed: the other answers there stay valid.
      expect(here.changedSince(['listings:42'], before)).toBe(true);
      expect(here.changedSince(['listings:43', 'states:VIC'], before)).toBe(false);
    } finally {
      await here.close();
      await there.close();
    }
  });
});

describe('accept-encoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['*', true],
    ['identity', false],
    ['gzip;q=0', false],
    ['deflate, gzip;q=0.0', false],
    ['', false],
  ])('%j accepts gzip: %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});

describe('JSON text made by the database', () => {
  const schema = z.array(z.object({ id: z.string(), isRead: z.boolean(), safetyTip: z.string().nullable() }));

  it('passes text that reads back through the response schema unchanged', () => {
    const json = '[{"id":"1","isRead":true,"safetyTip":null}, \n {"id":"2","isRead":false,"safetyTip":"Meet in public"}]';
    expect(databaseJsonText(schema, json, true).json).toBe(json);
  });

  it.each([
    ['a field missing', '[{"id":"1","isRead":true}]'],
    ['a field the schema does not have', '[{"id":"1","isRead":true,"safetyTip":null,"email":"x@example.com"}]'],
    ['a wrong type', '[{"id":1,"isRead":true,"safetyTip":null}]'],
  ])('refuses text with %s when checking, and sends it unread when not (production)', (_case, json) => {
    expect(() => databaseJsonText(schema, json, true)).toThrow();
    expect(databaseJsonText(schema, json, false).json).toBe(json);
  });
});
