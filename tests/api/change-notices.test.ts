// Change notices between app servers (services/content-version.ts): a write answers only once Redis
// has passed its notice on to the other servers, so the next request, whichever server takes it,
// does not answer from a cache made before the write (a sign-out, a deleted listing). A Redis that
// hangs holds a write up for a bounded time, and says so in the log.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { broadcastPatienceMs, createContentVersion, type ContentVersion } from '../../src/server/services/content-version';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';
import { redisForTests } from './support/test-redis';

const { url: redisUrl, note: redisNote } = await redisForTests();

describe.skipIf(!redisUrl)(`change notices through Redis${redisNote}`, () => {
  let proxy: TcpProxy;
  let writer: ContentVersion;
  let reader: ContentVersion;
  const warnings: string[] = [];

  beforeAll(async () => {
    const target = new URL(redisUrl!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    const viaProxy = new URL(redisUrl!);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    writer = createContentVersion({ redisUrl: viaProxy.toString(), log: { warn: (_details, message) => warnings.push(message) } });
    reader = createContentVersion({ redisUrl });
    // Both have subscribed once a notice from the writer reaches the reader.
    await vi.waitFor(
      async () => {
        const before = reader.current;
        await writer.publish(['warm-up']);
        expect(reader.changedSince(['warm-up'], before)).toBe(true);
      },
      { timeout: 10_000, interval: 50 },
    );
  });

  afterAll(async () => {
    await writer?.close();
    await reader?.close();
    await proxy?.close();
  });

  it('answers a write only once a slow Redis has passed its notice on, and the other server has it then', async () => {
    const before = reader.current;
    proxy.hold();
    setTimeout(() => proxy.release(), 700);
    const started = performance.now();
    await writer.publish(['sessions:slow-redis']);
    expect(performance.now() - started).toBeGreaterThanOrEqual(650);
    await vi.waitFor(() => expect(reader.changedSince(['sessions:slow-redis'], before)).toBe(true), { timeout: 1000, interval: 5 });
    expect(warnings).toEqual([]);
  });

  it('answers anyway when Redis hangs, after a bounded wait, and says so in the log', async () => {
    const before = reader.current;
    proxy.hold();
    const started = performance.now();
    await writer.publish(['sessions:hung-redis']);
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(broadcastPatienceMs - 50);
    // Bounded: the wait ends with the patience (plus what a busy machine adds), not when Redis comes back.
    expect(waited).toBeLessThan(broadcastPatienceMs + 5000);
    // This server knows of its own write; the other hears of it when Redis comes back.
    expect(writer.changedSince(['sessions:hung-redis'], 0)).toBe(true);
    expect(reader.changedSince(['sessions:hung-redis'], before)).toBe(false);
    expect(warnings).toEqual([expect.stringContaining('Redis did not pass a change notice on in time')]);
    proxy.release();
    await vi.waitFor(() => expect(reader.changedSince(['sessions:hung-redis'], before)).toBe(true), { timeout: 3000, interval: 10 });
  });
});
