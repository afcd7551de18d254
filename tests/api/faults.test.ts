// Failures around the server: the database unreachable under load, a SIGTERM with requests in
// flight, and a server killed while listings are being saved.
import { existsSync } from 'node:fs';
import http from 'node:http';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '../../src/domain/errors';
import type { Database } from '../../src/server/db/open-database';
import * as schema from '../../src/server/db/schema';
import { createLocalMediaStorage } from '../../src/server/services/storage';
import { cleanUpPhotos } from '../../src/server/uploads/clean-up-photos';
import { latestCodeFor, makePhoto, sellerMember, uploadPhoto, validListing, verifyPhoneOf } from './support/factories';
import { createClient } from './support/http-client';
import { startServerProcess } from './support/server-process';
import { createPostgresDatabase, openTestDatabase, postgresForTests } from './support/test-database';
import { proxyPostgres, type TcpProxy } from './support/tcp-proxy';
import { startTestServer, type TestServer } from './support/test-server';

// A real PostgreSQL server to cut off and to kill a server on.
const { url: postgresUrl, note: skipNote } = await postgresForTests();

/** A fresh database on the PostgreSQL server when there is one; otherwise the process uses PGlite in its data folder. */
async function processDatabase(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (!postgresUrl) return { env: {}, drop: async () => {} };
  const created = await createPostgresDatabase(postgresUrl);
  return { env: { DATABASE_URL: created.url }, drop: created.drop };
}

async function register(baseUrl: string, index: number, requestId?: string) {
  const email = `shutdown-${index}-${Date.now()}@example.com`;
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(requestId ? { 'x-request-id': requestId } : {}) },
    body: JSON.stringify({ email, password: 'correct horse battery', firstName: 'Noah', lastName: 'Kelly' }),
  });
  return { status: response.status, email, body: (await response.json()) as { token?: string; user?: { id: string } } };
}

/** Verifies a member's email and phone with the codes from the dev outbox: only then may they upload photos. */
async function verifyChecks(baseUrl: string, member: { email: string; body: { token?: string } }) {
  const client = createClient(baseUrl);
  await client.post('/api/send-verification-email', undefined, member.body.token);
  const verified = await client.post('/api/verify-email', { code: await latestCodeFor(client, member.email) }, member.body.token);
  if (verified.status !== 200) throw new Error(`verify-email failed: ${verified.status} ${JSON.stringify(verified.body)}`);
  await verifyPhoneOf(client, member.body.token!);
}

describe('shutdown', () => {
  it('finishes the requests in flight on SIGTERM, then exits with 0', async () => {
    const database = await processDatabase();
    const server = await startServerProcess(database.env);
    try {
      const uploader = await register(server.baseUrl, 99);
      await verifyChecks(server.baseUrl, uploader);
      // A photo upload whose body is still arriving when the signal comes: certainly in flight.
      const boundary = 'neighbourly-shutdown-test';
      const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="lamp.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
      const body = Buffer.concat([head, await makePhoto({ width: 1600, height: 1200 }), Buffer.from(`\r\n--${boundary}--\r\n`)]);
      const { port } = new URL(server.baseUrl);
      const slowUpload = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/uploads/images',
        headers: { authorization: `Bearer ${uploader.body.token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length, 'x-request-id': 'slow-upload' },
      });
      const uploadAnswer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        slowUpload.once('response', (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.once('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        });
        slowUpload.once('error', reject);
      });
      slowUpload.write(body.subarray(0, 1000));

      const ids = Array.from({ length: 8 }, (_, index) => `inflight-${index}`);
      const registrations = ids.map((id, index) => register(server.baseUrl, index, id));
      await server.waitForLogs(ids.length + 1, (line) => line.msg === 'incoming request' && [...ids, 'slow-upload'].includes(line.reqId ?? ''));
      server.child.kill('SIGTERM');
      await server.waitForLogs(1, (line) => line.msg === 'shutting down');
      // The server is shutting down; the rest of the photo arrives now.
      slowUpload.end(body.subarray(1000));

      const upload = await uploadAnswer;
      expect(upload.status, upload.body).toBe(201);
      expect(JSON.parse(upload.body)).toMatchObject({ url: expect.stringMatching(/^\/media\/.+\.jpg$/) });
      expect((await Promise.all(registrations)).map((answer) => answer.status)).toEqual(ids.map(() => 201));
      expect(await server.exited).toBe(0);
      expect(server.logs.filter((line) => line.level! >= 50)).toEqual([]);
      // And it is gone: new connections are refused.
      await expect(fetch(`${server.baseUrl}/api/health`)).rejects.toThrow();
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await rm(server.dataDir, { recursive: true, force: true });
      await database.drop();
    }
  });
});

describe.skipIf(!postgresUrl)(`PostgreSQL faults${skipNote}`, () => {
  describe('the database cut off under load', () => {
    let proxy: TcpProxy;
    let server: TestServer;
    let token: string;
    let listingId: string;

    beforeAll(async () => {
      const proxied = await proxyPostgres(postgresUrl!);
      proxy = proxied.proxy;
      // No read cache: every read goes to the database.
      server = await startTestServer({ READ_CACHE_MS: '0' }, { openDatabase: () => openTestDatabase({ serverUrl: postgresUrl, connectVia: proxied.connectVia }) });
      const client = createClient(server.baseUrl);
      const seller = await sellerMember(client, server.database.db);
      token = seller.token;
      listingId = (await client.post('/api/listings', validListing, token)).body.id;
    });
    afterAll(async () => {
      proxy?.restore();
      await server?.close();
      await proxy?.close();
    });

    type Outcome = { kind: string; startedAt: number; endedAt: number; status: number | 'no answer'; message?: string };

    /** Eight clients reading for `durationMs`, with `events` run at their times (ms from the start). */
    async function readUnderLoad(durationMs: number, events: { name: string; atMs: number; run: () => void }[]) {
      const started = performance.now();
      const outcomes: Outcome[] = [];
      const marks: Record<string, number> = {};
      const reads = [
        { kind: 'health', path: () => '/api/health' },
        { kind: 'search', path: () => `/api/listings?search=record${Math.floor(Math.random() * 1e6)}` },
        { kind: 'detail', path: () => `/api/listings/${listingId}` },
        { kind: 'me', path: () => '/api/auth/me' },
      ];
      const timers = events.map((event) =>
        setTimeout(() => {
          marks[event.name] = performance.now() - started;
          event.run();
        }, event.atMs),
      );
      let next = 0;
      const worker = async () => {
        while (performance.now() - started < durationMs) {
          const read = reads[next++ % reads.length];
          const startedAt = performance.now() - started;
          try {
            const response = await fetch(`${server.baseUrl}${read.path()}`, { headers: { authorization: `Bearer ${token}` } });
            const body = (await response.json()) as { message?: string; status?: string };
            outcomes.push({ kind: read.kind, startedAt, endedAt: performance.now() - started, status: response.status, message: body.message ?? body.status });
          } catch {
            outcomes.push({ kind: read.kind, startedAt, endedAt: performance.now() - started, status: 'no answer' });
          }
        }
      };
      await Promise.all(Array.from({ length: 8 }, worker));
      timers.forEach(clearTimeout);
      return { outcomes, marks };
    }

    it('answers 503 in its own words while the database is gone, never crashes, and recovers when it is back', async () => {
      const { outcomes, marks } = await readUnderLoad(6000, [
        { name: 'cut', atMs: 1000, run: () => proxy.cut() },
        { name: 'restore', atMs: 3000, run: () => proxy.restore() },
      ]);

      // Never a 500, never a dropped connection: the server stayed up throughout.
      expect(outcomes.filter((outcome) => outcome.status !== 200 && outcome.status !== 503)).toEqual([]);

      const before = outcomes.filter((outcome) => outcome.endedAt < marks.cut);
      const during = outcomes.filter((outcome) => outcome.startedAt > marks.cut + 50 && outcome.endedAt < marks.restore);
      const after = outcomes.filter((outcome) => outcome.startedAt > marks.restore + 1500);
      expect(before.length).toBeGreaterThan(20);
      expect(during.length).toBeGreaterThan(20);
      expect(after.length).toBeGreaterThan(20);

      expect(before.every((outcome) => outcome.status === 200)).toBe(true);
      for (const outcome of during) {
        expect(outcome.status, outcome.kind).toBe(503);
        expect(outcome.message, outcome.kind).toBe(outcome.kind === 'health' ? 'unavailable' : errorMessages.unavailable);
      }
      expect(new Set(during.map((outcome) => outcome.kind))).toEqual(new Set(['health', 'search', 'detail', 'me']));
      expect(after.filter((outcome) => outcome.status !== 200)).toEqual([]);
    });
  });

  describe('every database connection ended under load', () => {
    it('fails no read: a read whose connection dropped is tried again on another', async () => {
      const server = await startTestServer({ READ_CACHE_MS: '0' }, { openDatabase: () => openTestDatabase({ serverUrl: postgresUrl }) });
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      try {
        const client = createClient(server.baseUrl);
        const seller = await sellerMember(client, server.database.db);
        const listingId = (await client.post('/api/listings', validListing, seller.token)).body.id as string;
        const [{ name: databaseName }] = (await server.database.executeSql('select current_database() as name')).rows as { name: string }[];
        const endEveryConnection = () => admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [databaseName]);
        const answers: { path: string; status: number; message?: string }[] = [];
        const started = performance.now();
        let ended = 0;
        const killer = (async () => {
          while (performance.now() - started < 4000) {
            await new Promise((resolve) => setTimeout(resolve, 300));
            ended += (await endEveryConnection()).rowCount ?? 0;
          }
        })();
        const reads = [`/api/listings/${listingId}`, '/api/listings?search=record', '/api/listings', '/api/auth/me'];
        const worker = async (offset: number) => {
          for (let index = offset; performance.now() - started < 4000; index += 1) {
            const path = reads[index % reads.length];
            const response = await fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${seller.token}` } });
            const body = (await response.json().catch(() => ({}))) as { message?: string };
            answers.push({ path, status: response.status, ...(response.status === 200 ? {} : { message: body.message }) });
          }
        };
        await Promise.all([killer, ...Array.from({ length: 6 }, (_, offset) => worker(offset))]);
        // Connections were ended many times over while reads were running, and every read answered.
        expect(ended).toBeGreaterThan(10);
        expect(answers.length).toBeGreaterThan(100);
        expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
      } finally {
        await admin.end();
        await server.close();
      }
    });
  });

  describe('a server killed while listings are being saved', () => {
    it('leaves no half listing, and the clean-up later removes the photos of the listings never saved', async () => {
      const database = await processDatabase();
      const pool = new pg.Pool({ connectionString: database.env.DATABASE_URL, max: 2 });
      const db = drizzle({ client: pool, schema }) as unknown as Database;
      const server = await startServerProcess(database.env);
      try {
        const client = createClient(server.baseUrl);
        const seller = await sellerMember(client, db, { tier: 'connector', postcode: '3068' });
        const photo = await makePhoto({ width: 200, height: 150 });
        const photos: { url: string; thumbnailUrl: string }[][] = [];
        for (let index = 0; index < 8; index += 1) {
          const pair = [];
          for (let count = 0; count < 2; count += 1) pair.push((await uploadPhoto(server.baseUrl, seller.token, photo)).body);
          photos.push(pair);
        }

        const creations = photos.map((pair, index) =>
          fetch(`${server.baseUrl}/api/listings`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${seller.token}`, 'x-request-id': `create-${index}` },
            body: JSON.stringify({ ...validListing, title: `Standing lamp ${index}`, imageUrls: pair.map((item) => item.url) }),
          }).then(
            async (response) => ({ status: response.status, id: ((await response.json()) as { id?: string }).id }),
            () => ({ status: 'no answer' as const, id: undefined }),
          ),
        );
        await server.waitForLogs(1, (line) => line.msg === 'incoming request' && (line.reqId ?? '').startsWith('create-'));
        server.child.kill('SIGKILL');
        const answers = await Promise.all(creations);
        expect(await server.exited).toBe('SIGKILL');

        const { rows: saved } = await pool.query<{ id: string; title: string; image_urls: string[]; postcode: string }>(
          'select id, title, image_urls, postcode from listings where seller_id = $1',
          [seller.user.id],
        );
        // Every listing the seller was told about was saved...
        for (const answer of answers.filter((item) => item.status === 201)) expect(saved.map((row) => row.id)).toContain(answer.id);
        // ...and every saved listing is whole: all its photos, and counted on the map.
        for (const row of saved) {
          const index = Number(/Standing lamp (\d+)/.exec(row.title)![1]);
          expect(row.image_urls).toEqual(photos[index].map((item) => item.url));
          for (const url of row.image_urls) expect(existsSync(path.join(server.dataDir, url))).toBe(true);
        }
        const { rows: counted } = await pool.query<{ count: number }>('select coalesce(sum(active_count), 0)::int as count from postcode_listing_counts where postcode = $1', ['3068']);
        expect(counted[0].count).toBe(saved.length);

        // Two days on, the clean-up removes the photos of every listing that was never saved.
        const savedUrls = new Set(saved.flatMap((row) => row.image_urls));
        await cleanUpPhotos({ db, storage: createLocalMediaStorage(server.dataDir) }, { graceMs: 24 * 60 * 60 * 1000, now: new Date(Date.now() + 2 * 24 * 60 * 60 * 1000) });
        for (const upload of photos.flat()) {
          expect(existsSync(path.join(server.dataDir, upload.url)), upload.url).toBe(savedUrls.has(upload.url));
          expect(existsSync(path.join(server.dataDir, upload.thumbnailUrl)), upload.thumbnailUrl).toBe(savedUrls.has(upload.url));
        }
      } finally {
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
        await pool.end();
        await rm(server.dataDir, { recursive: true, force: true });
        await database.drop();
      }
    });
  });
});
