// Runs on many servers (decision 24): two app servers on one PostgreSQL database, one Redis and one
// bucket, as behind a load balancer. What one does, the other sees at once: a listing and its
// photo, a session and its end, abuse counts, a deletion; upkeep runs once between them, and a
// message sent through one reaches a stream held on the other.
import { Redis } from 'ioredis';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '../../src/domain/errors';
import { shareImageUrl } from '../../src/domain/page-head';
import { jobSchema } from '../../src/server/services/job-queue';
import { cleanUpPhotos, type PhotoCleanUpResult } from '../../src/server/uploads';
import { makePhoto, registerMember, sellerMember, uploadPhoto, validListing } from './support/factories';
import { createClient } from './support/http-client';
import { useLocalS3 } from './support/test-s3';
import type { TestServer } from './support/test-server';
import { messageAcross, redisUrlOfOwn, twoServerServices, useTwoServers } from './support/two-servers';

const { postgresUrl, redisUrl, postgresNote, redisNote } = await twoServerServices('two-servers');
const ready = Boolean(postgresUrl && redisUrl);

describe.skipIf(!ready)(`two app servers on one database, one Redis and one bucket${postgresNote || redisNote}`, () => {
  const s3 = useLocalS3();
  // Abuse limits at their real size: counters in a Redis database of this file's own, emptied first,
  // so an earlier run within the hour does not count.
  const ownRedisUrl = () => redisUrlOfOwn(redisUrl!, 9);
  beforeAll(async () => {
    const redis = new Redis(ownRedisUrl());
    await redis.flushdb();
    redis.disconnect();
  });
  const servers = useTwoServers(postgresUrl!, () => ({ ...s3().environment, REDIS_URL: ownRedisUrl(), RATE_LIMIT_MULTIPLIER: '1', JOB_POLL_SECONDS: '0.5', JOB_SCHEDULE_SECONDS: '2' }));
  const a = () => servers.a();
  const b = () => servers.b();
  const clientOf = (server: TestServer) => createClient(server.baseUrl);
  const bytesAt = async (server: TestServer, url: string) => Buffer.from(await (await fetch(`${server.baseUrl}${url}`)).arrayBuffer());

  it('keeps media in the one bucket: both servers use it', () => {
    expect([a().deps.storage.serving.from, b().deps.storage.serving.from]).toEqual(['bucket', 'bucket']);
  });

  it('serves a listing with a photo made through A in full from B at once: detail, browse and the photo bytes', async () => {
    const seller = await sellerMember(clientOf(a()), a().database.db, { tier: 'connector', postcode: '3000' });
    const word = `wombat${Date.now()}`;
    // B has read the browse page before the listing exists (its cache holds the empty page).
    expect((await clientOf(b()).get(`/api/listings?search=${word}`)).body).toEqual([]);

    const photo = (await uploadPhoto(a().baseUrl, seller.token, await makePhoto())).body as { url: string; thumbnailUrl: string };
    const created = await clientOf(a()).post('/api/listings', { ...validListing, title: `${word} lamp`, imageUrls: [photo.url] }, seller.token);
    expect(created.status).toBe(201);

    const detail = await clientOf(b()).get(`/api/listings/${created.body.id}`);
    expect([detail.status, detail.body.imageUrls]).toEqual([200, [photo.url]]);
    expect((await clientOf(b()).get(`/api/listings?search=${word}`)).body.map((item: { id: string }) => item.id)).toEqual([created.body.id]);
    for (const url of [photo.url, photo.thumbnailUrl, shareImageUrl(photo.url)]) {
      const fromB = await bytesAt(b(), url);
      expect(fromB.subarray(0, 2).toString('hex'), url).toBe('ffd8');
      expect(fromB.equals((await s3().bytesOf(url.slice(1)))!), url).toBe(true);
    }
  });

  it('takes a session made on A on B, and ends it on B the moment the member signs out on A', async () => {
    const member = await registerMember(clientOf(a()));
    const signedIn = await clientOf(a()).post('/api/auth/login', { email: member.email, password: member.password });
    const token = signedIn.body.token as string;
    expect((await clientOf(b()).get('/api/auth/me', token)).status).toBe(200);
    expect((await clientOf(b()).get('/api/auth/me', token)).status).toBe(200);

    expect((await clientOf(a()).post('/api/auth/logout', undefined, token)).status).toBeLessThan(300);
    expect((await clientOf(b()).get('/api/auth/me', token)).status).toBe(401);
    // The member's other session (from registering) goes on.
    expect((await clientOf(b()).get('/api/auth/me', member.token)).status).toBe(200);
  });

  it('counts abuse limits across both: 20 profile saves an hour, whichever server takes them', async () => {
    const member = await registerMember(clientOf(a()));
    const save = (server: TestServer) => clientOf(server).call('PUT', '/api/user/profile', { token: member.token, body: { postcode: '3068' } });
    const statuses = [];
    for (let attempt = 0; attempt < 20; attempt += 1) statuses.push((await save(attempt % 2 === 0 ? a() : b())).status);
    expect(statuses).toEqual(Array(20).fill(200));
    for (const server of [a(), b()]) {
      const over = await save(server);
      expect([over.status, over.body]).toEqual([429, { message: errorMessages.rateLimited, code: 'RATE_LIMITED' }]);
    }
  });

  it('never shows from a cache on B a listing deleted through A', async () => {
    const seller = await sellerMember(clientOf(a()), a().database.db, { tier: 'connector', postcode: '3000' });
    const word = `quokka${Date.now()}`;
    const created = await clientOf(a()).post('/api/listings', { ...validListing, title: `${word} chair` }, seller.token);
    // Read twice on B, so its detail and browse are served from its cache.
    for (let read = 0; read < 2; read += 1) {
      expect((await clientOf(b()).get(`/api/listings/${created.body.id}`)).status).toBe(200);
      expect((await clientOf(b()).get(`/api/listings?search=${word}`)).body).toHaveLength(1);
    }

    expect((await clientOf(a()).call('DELETE', `/api/listings/${created.body.id}`, { token: seller.token })).status).toBeLessThan(300);
    expect((await clientOf(b()).get(`/api/listings/${created.body.id}`)).status).toBe(410);
    expect((await clientOf(b()).get(`/api/listings?search=${word}`)).body).toEqual([]);
  });

  it('runs the scheduled photo clean-up once between them, removing each abandoned photo once from the bucket', async () => {
    const seller = await sellerMember(clientOf(a()), a().database.db, { tier: 'connector' });
    const photo = await makePhoto({ width: 200, height: 150 });
    const abandoned = [];
    for (const server of [a(), b()]) abandoned.push((await uploadPhoto(server.baseUrl, seller.token, photo)).body.url as string);
    // Untouched for two days: past the grace period.
    await a().database.executeSql(`update uploaded_images set touched_at = now() - interval '2 days' where url = any($1)`, [abandoned]);

    // Each server does what main.ts does: takes clean-up jobs and schedules the clean-up (every minute here).
    const runs: { server: string; result: PhotoCleanUpResult }[] = [];
    for (const [name, server] of [['A', a()], ['B', b()]] as const) {
      await server.deps.jobs.work('photo-cleanup', async () => {
        runs.push({ server: name, result: await cleanUpPhotos(server.deps, { graceMs: server.config.photoCleanupGraceMs }) });
      });
      await server.deps.jobs.schedule('photo-cleanup', '* * * * *');
    }
    // Each server looks at the schedules every JOB_SCHEDULE_SECONDS (2 s here).
    const deadline = Date.now() + 30_000;
    while (runs.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(runs.length).toBeGreaterThan(0);
    expect(await a().deps.jobs.settle(['photo-cleanup'])).toBe(true);

    // One job a minute however many servers schedule it. The schedule queues each minute once (pg-boss's
    // send-it job, one a minute by its singleton), and that job, polled every few seconds, sends the
    // minute's clean-up: read together, every minute sent has its job and no minute has two, whenever a
    // new minute begins (the minute a job was created in is not the minute it was queued for).
    const { rows } = await a().database.executeSql(
      `select (select count(*)::int from ${jobSchema}.job where name = '__pgboss__send-it' and singleton_key = 'photo-cleanup' and state = 'completed') as sent,
              (select count(*)::int from ${jobSchema}.job where name = '__pgboss__send-it' and singleton_key = 'photo-cleanup') as queued,
              (select count(*)::int from ${jobSchema}.job where name = 'photo-cleanup') as jobs,
              (select count(*)::int from ${jobSchema}.job where name = 'photo-cleanup' and state = 'completed') as ran`,
      [],
    );
    const jobs = rows[0] as { sent: number; queued: number; jobs: number; ran: number };
    expect(jobs.queued).toBeGreaterThan(0);
    expect(jobs.jobs).toBeGreaterThanOrEqual(jobs.sent);
    expect(jobs.jobs).toBeLessThanOrEqual(jobs.queued);
    // Both servers worked the queue; each job ran on one of them (one still running is not counted yet).
    expect(runs.length).toBeGreaterThanOrEqual(jobs.ran);
    expect(runs.length).toBeLessThanOrEqual(jobs.jobs);
    const count = async (sql: string) => ((await a().database.executeSql(sql, [])).rows[0] as { count: number }).count;
    expect(runs.reduce((sum, run) => sum + run.result.removed, 0)).toBe(abandoned.length);
    expect(runs.flatMap((run) => run.result.failedFiles)).toEqual([]);
    for (const url of abandoned) expect(await s3().keys(url.slice(1, -'.jpg'.length))).toEqual([]);
    expect(await count(`select count(*)::int as count from ${jobSchema}.schedule where name = 'photo-cleanup'`)).toBe(1);
  }, 45_000);

  it('brings a message sent through A to a stream held on B within a second', async () => {
    await messageAcross(a(), b());
  });
});
