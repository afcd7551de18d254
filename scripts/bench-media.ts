// npm run bench:media: what keeping photos in a bucket costs an upload (decision 24; budget: p99 at
// most 30 ms over local disk). Two app servers in this process, one on local disk and one on an
// S3-compatible server (s3rver, its own process, on this computer), each take the same photo,
// one request at a time, turn about; the report compares their p50 and p99.
//   npm run bench:media [-- --uploads 200]
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makePhoto, sellerMember, uploadPhoto } from '../tests/api/support/factories';
import { createClient } from '../tests/api/support/http-client';
import { startTestServer, type TestServer } from '../tests/api/support/test-server';
import { processImage } from '../src/server/uploads/process-image';
import { makeNoisyPhoto } from './bench/image-timing';
import { findFreePort } from './bench/processes';

const budgetMs = 30;
const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const uploadsArg = process.argv.indexOf('--uploads');
const uploads = uploadsArg > 0 ? Number(process.argv[uploadsArg + 1]) : 200;

const percentile = (sorted: number[], fraction: number) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)];

async function startS3Process(): Promise<{ environment: Record<string, string>; stop: () => Promise<void> }> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'bench-s3-'));
  const port = await findFreePort();
  const bucket = 'bench-media';
  const child = spawn(process.execPath, [path.join(projectRoot, 'node_modules/s3rver/bin/s3rver.js'), '-d', directory, '-a', '127.0.0.1', '-p', String(port), '-s', '--configure-bucket', bucket], {
    stdio: 'ignore',
  });
  const endpoint = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries += 1) {
    if (await fetch(endpoint).then(() => true, () => false)) break;
    if (tries > 100) throw new Error('s3rver did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    environment: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true' },
    stop: async () => {
      child.kill('SIGTERM');
      await rm(directory, { recursive: true, force: true });
    },
  };
}

async function main(): Promise<void> {
  const load = os.loadavg()[0];
  const s3 = await startS3Process();
  const servers: Record<'disk' | 'bucket', TestServer> = {
    disk: await startTestServer({}),
    bucket: await startTestServer(s3.environment),
  };
  try {
    // A photo as the page sends it: already compressed to 1200 px (browser-image-compression), about 300 KB.
    const photo = await makeNoisyPhoto(1200, 900);
    const tokens = {
      disk: (await sellerMember(createClient(servers.disk.baseUrl), servers.disk.database.db, { tier: 'connector' })).token,
      bucket: (await sellerMember(createClient(servers.bucket.baseUrl), servers.bucket.database.db, { tier: 'connector' })).token,
    };
    const timings = { disk: [] as number[], bucket: [] as number[] };
    // Warm-up: sharp, the SDK's connections, the database.
    for (const kind of ['disk', 'bucket'] as const) for (let run = 0; run < 10; run += 1) await uploadPhoto(servers[kind].baseUrl, tokens[kind], await makePhoto());
    for (let run = 0; run < uploads; run += 1) {
      for (const kind of run % 2 === 0 ? (['disk', 'bucket'] as const) : (['bucket', 'disk'] as const)) {
        const started = performance.now();
        const answer = await uploadPhoto(servers[kind].baseUrl, tokens[kind], photo);
        timings[kind].push(performance.now() - started);
        if (answer.status !== 201) throw new Error(`${kind} upload answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      }
    }
    // The storage step alone, as uploadImage does it: the three files of one processed photo, at once.
    const processed = await processImage(photo);
    const storeTimings = { disk: [] as number[], bucket: [] as number[] };
    for (let run = 0; run < uploads; run += 1) {
      for (const kind of ['disk', 'bucket'] as const) {
        const base = `media/listings/be/${randomUUID()}`;
        const started = performance.now();
        await Promise.all([
          servers[kind].deps.storage.put(`${base}.jpg`, processed.display, 'image/jpeg'),
          servers[kind].deps.storage.put(`${base}-thumb.jpg`, processed.thumbnail, 'image/jpeg'),
          servers[kind].deps.storage.put(`${base}-share.jpg`, processed.share, 'image/jpeg'),
        ]);
        storeTimings[kind].push(performance.now() - started);
      }
    }
    const summarise = (runs: number[]) => {
      const sorted = [...runs].sort((left, right) => left - right);
      return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
    };
    const summary = (kind: 'disk' | 'bucket') => summarise(timings[kind]);
    const disk = summary('disk');
    const bucket = summary('bucket');
    const added = bucket.p99 - disk.p99;
    console.log(`Photo upload (${photo.length} bytes, 1200x900), ${uploads} each, one at a time; load average ${load.toFixed(2)} at the start, ${os.cpus().length} cores`);
    console.log(`  local disk: p50 ${disk.p50.toFixed(1)} ms, p99 ${disk.p99.toFixed(1)} ms`);
    console.log(`  S3 (s3rver on this computer): p50 ${bucket.p50.toFixed(1)} ms, p99 ${bucket.p99.toFixed(1)} ms`);
    console.log(`  S3 adds ${(bucket.p50 - disk.p50).toFixed(1)} ms at p50 and ${added.toFixed(1)} ms at p99: ${added < budgetMs ? 'within' : 'OVER'} the ${budgetMs} ms budget`);
    const storeDisk = summarise(storeTimings.disk);
    const storeBucket = summarise(storeTimings.bucket);
    console.log(
      `  the storage step alone (three files, ${processed.display.length + processed.thumbnail.length + processed.share.length} bytes): local disk p50 ${storeDisk.p50.toFixed(1)} ms, p99 ${storeDisk.p99.toFixed(1)} ms; S3 p50 ${storeBucket.p50.toFixed(1)} ms, p99 ${storeBucket.p99.toFixed(1)} ms`,
    );
    if (added >= budgetMs) process.exitCode = 1;
  } finally {
    for (const server of Object.values(servers)) await server.close();
    await s3.stop();
  }
}

await main();
