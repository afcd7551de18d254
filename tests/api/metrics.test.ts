// Observability on the real HTTP server: GET /metrics for Prometheus (behind METRICS_TOKEN, or on
// METRICS_PORT, off otherwise) and the health checks a load balancer reads (/api/health/live and
// /api/health/ready, 503 when the database, Redis or the storage cannot be reached, or while draining).
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '../../src/domain/errors';
import { findFreePort } from '../../scripts/bench/processes';
import { expectEventStream } from './support/event-stream-client';
import { sellerMember, validListing } from './support/factories';
import { createClient } from './support/http-client';
import { startServerProcess } from './support/server-process';
import { firstPassOnlyNote, isRepeatPass, openTestDatabase, postgresForTests } from './support/test-database';
import { proxyPostgres, type TcpProxy } from './support/tcp-proxy';
import { startTestServer, type TestServer } from './support/test-server';
import { useTestServer } from './support/use-test-server';

const metricsToken = 'metrics-token-for-the-tests-0123456789';
const prometheusType = 'text/plain; version=0.0.4; charset=utf-8';

/** The value of one series in Prometheus's text format (labels as written, in their order), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/**
 * Another of this computer's loopback addresses, standing in for its network interface: a listener on
 * every interface (0.0.0.0) answers there, one on 127.0.0.1 does not.
 */
const otherAddress = '127.0.0.2';

describe('GET /metrics with METRICS_TOKEN', () => {
  const { server, client } = useTestServer({ METRICS_TOKEN: metricsToken });
  const scrape = async () => {
    const response = await client.get('/metrics', metricsToken);
    expect(response.status).toBe(200);
    return response.body as string;
  };

  it('refuses a scrape without the token, or with another one, with 401 and the error body', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-of-a-good-length-00', `Basic ${metricsToken}`, `Bearer ${metricsToken}x`, 'Bearer ']) {
      const response = await client.call('GET', '/metrics', { headers: authorization ? { authorization } : {} });
      expect(response.status, authorization).toBe(401);
      expect(response.body).toEqual({ code: 'METRICS_TOKEN_INVALID', message: errorMessages.metricsTokenInvalid });
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    }
  });

  it("answers Prometheus's text format to the right token, never cached", async () => {
    const response = await client.get('/metrics', metricsToken);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(prometheusType);
    expect(response.headers.get('cache-control')).toBe('no-store');
    for (const name of ['process_resident_memory_bytes', 'nodejs_heap_size_used_bytes', 'db_pool_connections', 'db_pool_idle_connections', 'db_pool_waiting_queries', 'event_streams_open']) {
      expect(response.body, name).toMatch(new RegExp(`^${name} \\d`, 'm'));
    }
    for (const name of ['http_requests_total', 'http_request_duration_seconds', 'cache_reads_total', 'db_query_duration_seconds', 'job_queue_depth', 'job_failures_total']) {
      expect(response.body, name).toContain(`# TYPE ${name} `);
    }
  });

  it("counts requests by their route's pattern and status, never by the address asked", async () => {
    const seller = await sellerMember(client, server.database.db);
    const listing = (await client.post('/api/listings', validListing, seller.token)).body as { id: string };
    const series = 'http_requests_total{method="GET",route="/api/listings/:id",status="200"}';
    const before = sample(await scrape(), series) ?? 0;
    expect((await client.get(`/api/listings/${listing.id}`)).status).toBe(200);
    expect((await client.get(`/api/listings/${listing.id}`)).status).toBe(200);
    const text = await scrape();
    expect(sample(text, series)).toBe(before + 2);
    expect(text).not.toContain(listing.id);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/listings/:id",status="200"}')).toBe(before + 2);
    // A HEAD request (the route Fastify adds beside each GET) is counted once, as HEAD.
    const heads = 'http_requests_total{method="HEAD",route="/api/listings/:id",status="200"}';
    const headsBefore = sample(text, heads) ?? 0;
    expect((await client.call('HEAD', `/api/listings/${listing.id}`)).status).toBe(200);
    const afterHead = await scrape();
    expect([sample(afterHead, heads), sample(afterHead, series)]).toEqual([headsBefore + 1, before + 2]);
    // Addresses no route matches share one label; the scrapes do not count themselves.
    await client.call('POST', `/api/no-such-thing/${listing.id}`);
    const after = await scrape();
    expect(sample(after, 'http_requests_total{method="POST",route="unmatched",status="404"}')).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain('route="/metrics"');
  });

  it('counts read cache hits and misses by route', async () => {
    const hits = 'cache_reads_total{route="/api/listings",outcome="hit"}';
    const before = sample(await scrape(), hits) ?? 0;
    const first = await client.get('/api/listings?search=metrics-cache-probe');
    const second = await client.get('/api/listings?search=metrics-cache-probe');
    expect([first.headers.get('x-cache'), second.headers.get('x-cache')]).toEqual(['miss', 'hit']);
    const text = await scrape();
    expect(sample(text, hits)).toBe(before + 1);
    expect(sample(text, 'cache_reads_total{route="/api/listings",outcome="miss"}')).toBeGreaterThanOrEqual(1);
  });

  it('shows the database pool, the job queues and the open event streams', async () => {
    const member = await sellerMember(client, server.database.db);
    const ticket = (await client.post('/api/events/ticket', undefined, member.token)).body.ticket as string;
    const stream = await expectEventStream(`${server.baseUrl}/api/events?ticket=${encodeURIComponent(ticket)}`);
    try {
      const text = await scrape();
      expect(sample(text, 'event_streams_open')).toBe(1);
      expect(sample(text, 'db_pool_max_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'job_queue_depth{queue="mail"}')).toBeGreaterThanOrEqual(0);
    } finally {
      stream.close();
    }
    await expect.poll(async () => sample(await scrape(), 'event_streams_open')).toBe(0);
  });

  it('times database queries on PostgreSQL', async ({ skip }) => {
    if (server.database.kind !== 'postgres') skip('PGlite runs its queries inside the process: only the pool of PostgreSQL connections is timed');
    await client.get('/api/health');
    expect(sample(await scrape(), 'db_query_duration_seconds_count')).toBeGreaterThan(0);
  });
});

describe('GET /metrics on METRICS_PORT', () => {
  let port = 0;
  beforeAll(async () => {
    port = await findFreePort();
  });
  // HOST as production has it: the app on every interface.
  const { client } = useTestServer(() => ({ METRICS_PORT: String(port), HOST: '0.0.0.0' }));

  it('serves the metrics on their own port without a token, and nothing else there', async () => {
    await client.get('/api/health/live');
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(prometheusType);
    expect(await response.text()).toContain('http_requests_total{method="GET",route="/api/health/live",status="200"} 1');
    expect((await fetch(`http://127.0.0.1:${port}/api/health/live`)).status).toBe(404);
  });

  it('listens on 127.0.0.1 alone, not on every interface as the app does: the tokenless port is not reached from elsewhere', async () => {
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(200);
    await expect(fetch(`http://${otherAddress}:${port}/metrics`)).rejects.toThrow();
  });

  it('does not serve them on the main port without METRICS_TOKEN', async () => {
    expect((await client.get('/metrics', metricsToken)).status).toBe(404);
  });
});

describe('GET /metrics on METRICS_PORT and METRICS_HOST', () => {
  let port = 0;
  beforeAll(async () => {
    port = await findFreePort();
  });
  useTestServer(() => ({ METRICS_PORT: String(port), METRICS_HOST: otherAddress }));

  it("listens on the interface METRICS_HOST names (Prometheus's network), and there alone", async () => {
    expect((await fetch(`http://${otherAddress}:${port}/metrics`)).status).toBe(200);
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});

describe('without METRICS_TOKEN or METRICS_PORT', () => {
  const { client } = useTestServer();

  it('has no /metrics at all', async () => {
    const response = await client.get('/metrics', metricsToken);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ code: 'NOT_FOUND', message: errorMessages.notFound });
  });
});

describe('health checks for a load balancer', () => {
  const { server, client } = useTestServer();

  it('says the process is alive at /api/health/live', async () => {
    expect(await client.get('/api/health/live')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('is ready when the database and the storage answer (Redis not configured)', async () => {
    const response = await client.get('/api/health/ready');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', database: 'ok', redis: 'not configured', storage: 'ok' });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('is not ready while the server drains for a shutdown, though still alive', async () => {
    server.app.lifecycle.draining = true;
    try {
      expect(await client.get('/api/health/ready')).toMatchObject({ status: 503, body: { status: 'draining', database: 'ok' } });
      expect((await client.get('/api/health/live')).status).toBe(200);
    } finally {
      server.app.lifecycle.draining = false;
    }
  });
});

describe('readiness as others see it', () => {
  const { server, client } = useTestServer({ METRICS_TOKEN: metricsToken });
  const details = { status: 'ok', database: 'ok', redis: 'not configured', storage: 'ok' };

  it('names the parts it checked only to this computer or the metrics token; anyone else gets the status alone', async () => {
    expect((await client.get('/api/health/ready')).body).toEqual(details);
    // Through a proxy (one on this computer too): only the status, and the same code.
    for (const headers of [{ 'x-forwarded-for': '203.0.113.7' }, { forwarded: 'for=203.0.113.7' }] as Record<string, string>[]) {
      const proxied = await client.call('GET', '/api/health/ready', { headers });
      expect([proxied.status, proxied.body]).toEqual([200, { status: 'ok' }]);
    }
    const withToken = await client.call('GET', '/api/health/ready', { headers: { 'x-forwarded-for': '203.0.113.7', authorization: `Bearer ${metricsToken}` } });
    expect(withToken.body).toEqual(details);
    const wrongToken = await client.call('GET', '/api/health/ready', { headers: { 'x-forwarded-for': '203.0.113.7', authorization: 'Bearer wrong-token-of-a-good-length-00' } });
    expect(wrongToken.body).toEqual({ status: 'ok' });

    server.app.lifecycle.draining = true;
    try {
      const draining = await client.call('GET', '/api/health/ready', { headers: { 'x-forwarded-for': '203.0.113.7' } });
      expect([draining.status, draining.body]).toEqual([503, { status: 'draining' }]);
    } finally {
      server.app.lifecycle.draining = false;
    }
  });

  it('checks the database and the storage at most once a second, however many ask', async () => {
    const { database, storage } = server.deps;
    const ping = database.ping;
    const check = storage.check!;
    let pings = 0;
    let checks = 0;
    database.ping = async () => {
      pings += 1;
      return ping();
    };
    storage.check = async () => {
      checks += 1;
      return check();
    };
    try {
      // Past the answer the first test may have left.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const answers = await Promise.all(Array.from({ length: 20 }, () => client.call('GET', '/api/health/ready', { headers: { 'x-forwarded-for': '203.0.113.7' } })));
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      for (let index = 0; index < 10; index += 1) expect((await client.get('/api/health/ready')).status).toBe(200);
      expect([pings, checks]).toEqual([1, 1]);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect((await client.get('/api/health/ready')).status).toBe(200);
      expect([pings, checks]).toEqual([2, 2]);
    } finally {
      database.ping = ping;
      storage.check = check;
    }
  });
});

describe('the drain on SIGTERM', () => {
  it.skipIf(isRepeatPass)(`answers readiness 503 (draining) for DRAIN_SECONDS while still serving, then exits with 0${firstPassOnlyNote}`, async () => {
    const server = await startServerProcess({ DRAIN_SECONDS: '2' });
    try {
      expect((await fetch(`${server.baseUrl}/api/health/ready`)).status).toBe(200);
      server.child.kill('SIGTERM');
      await server.waitForLogs(1, (line) => line.msg === 'shutting down');
      const ready = await fetch(`${server.baseUrl}/api/health/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: 'draining', database: 'ok' });
      // Still serving the members whose requests the load balancer has not moved yet.
      expect((await fetch(`${server.baseUrl}/api/listings`)).status).toBe(200);
      expect(await server.exited).toBe(0);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await rm(server.dataDir, { recursive: true, force: true });
    }
  });
});

describe('readiness when Redis is configured but unreachable', () => {
  let unreachableRedis = '';
  beforeAll(async () => {
    // A port nothing listens on.
    unreachableRedis = `redis://127.0.0.1:${await findFreePort()}`;
  });
  const { client } = useTestServer(() => ({ REDIS_URL: unreachableRedis }));

  it('answers 503 naming Redis', async () => {
    const response = await client.get('/api/health/ready');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ status: 'unavailable', database: 'ok', redis: 'unreachable', storage: 'ok' });
  });
});

const { url: postgresUrl, note: postgresNote } = await postgresForTests();

describe.skipIf(!postgresUrl)(`readiness when the database is cut off (PostgreSQL)${postgresNote}`, () => {
  let proxy: TcpProxy;
  let server: TestServer;

  beforeAll(async () => {
    const proxied = await proxyPostgres(postgresUrl!);
    proxy = proxied.proxy;
    server = await startTestServer({}, { openDatabase: () => openTestDatabase({ serverUrl: postgresUrl, connectVia: proxied.connectVia }) });
  });
  afterAll(async () => {
    proxy?.restore();
    await server?.close();
    await proxy?.close();
  });

  it('answers 503 naming the database, and 200 again once it is back', async () => {
    const client = createClient(server.baseUrl);
    expect((await client.get('/api/health/ready')).status).toBe(200);
    proxy.cut();
    // The last answer stands for up to a second; then the next check finds the database gone.
    await expect.poll(async () => (await client.get('/api/health/ready')).status, { timeout: 10_000 }).toBe(503);
    const cut = await client.get('/api/health/ready');
    expect(cut.status).toBe(503);
    expect(cut.body).toEqual({ status: 'unavailable', database: 'unreachable', redis: 'not configured', storage: 'ok' });
    expect((await client.get('/api/health/live')).status).toBe(200);
    proxy.restore();
    await expect.poll(async () => (await client.get('/api/health/ready')).status, { timeout: 10_000 }).toBe(200);
  });
});
