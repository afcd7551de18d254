// npm run bench:media: what keeping photos in a bucket costs an upload (decision 24; budget: p99 at
// most 30 ms over local disk). Two app servers in this process, one on local disk and one on an
// S3-compatible server (s3rver, its own process, on this computer), each take the same photo,
// one request at a time, turn about; the report compares their p50 and p99. That is done in
// `--rounds` rounds (at least 3) and the budget judged on the median round (scripts/bench/verdict.ts);
// the run is written to its own file in docs/benchmarks/runs/.
//   npm run bench:media [-- --uploads 200 --rounds 3 --no-docs]
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
import { parseCliArgs, positiveIntegerArg } from './bench/cli-args';
import { makeNoisyPhoto } from './bench/image-timing';
import { findFreePort } from './bench/processes';
import { publishRun } from './bench/run-files';
import { describeJudgements, formatRuns, judgeBudget, judgeRun, minimumRuns, summariseRuns } from './bench/verdict';

const budgetMs = 30;
const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const args = parseCliArgs();
const uploads = positiveIntegerArg(args, 'uploads', 200);
const rounds = positiveIntegerArg(args, 'rounds', minimumRuns);

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
  if (rounds < minimumRuns) throw new Error(`--rounds must be at least ${minimumRuns}: the budget is judged on at least ${minimumRuns} rounds.`);
  const startedAt = new Date();
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
    // Warm-up: sharp, the SDK's connections, the database.
    for (const kind of ['disk', 'bucket'] as const) for (let run = 0; run < 10; run += 1) await uploadPhoto(servers[kind].baseUrl, tokens[kind], await makePhoto());
    const processed = await processImage(photo);
    const summarise = (runs: number[]) => {
      const sorted = [...runs].sort((left, right) => left - right);
      return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
    };
    type Round = { disk: { p50: number; p99: number }; bucket: { p50: number; p99: number }; storeDisk: { p50: number; p99: number }; storeBucket: { p50: number; p99: number } };
    const measured: Round[] = [];
    for (let round = 1; round <= rounds; round += 1) {
      const timings = { disk: [] as number[], bucket: [] as number[] };
      for (let run = 0; run < uploads; run += 1) {
        for (const kind of run % 2 === 0 ? (['disk', 'bucket'] as const) : (['bucket', 'disk'] as const)) {
          const started = performance.now();
          const answer = await uploadPhoto(servers[kind].baseUrl, tokens[kind], photo);
          timings[kind].push(performance.now() - started);
          if (answer.status !== 201) throw new Error(`${kind} upload answered ${answer.status}: ${JSON.stringify(answer.body)}`);
        }
      }
      // The storage step alone, as uploadImage does it: the three files of one processed photo, at once.
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
      const result: Round = { disk: summarise(timings.disk), bucket: summarise(timings.bucket), storeDisk: summarise(storeTimings.disk), storeBucket: summarise(storeTimings.bucket) };
      measured.push(result);
      console.log(
        `Round ${round} of ${rounds}: upload p50 / p99 disk ${result.disk.p50.toFixed(1)} / ${result.disk.p99.toFixed(1)} ms, S3 ${result.bucket.p50.toFixed(1)} / ${result.bucket.p99.toFixed(1)} ms; ` +
          `storage step alone disk ${result.storeDisk.p50.toFixed(1)} / ${result.storeDisk.p99.toFixed(1)} ms, S3 ${result.storeBucket.p50.toFixed(1)} / ${result.storeBucket.p99.toFixed(1)} ms`,
      );
    }
    // No separate control: the noise is the rounds' own spread of what S3 adds.
    const addedP99 = measured.map((round) => round.bucket.p99 - round.disk.p99);
    const judgement = judgeBudget({ runs: addedP99, budget: { name: 'S3 adds at p99', rule: 'below', limit: budgetMs, unit: 'ms' }, controlSpread: 0 });
    const fixed = (value: number) => value.toFixed(1);
    const of = (pick: (round: Round) => number) => formatRuns(summariseRuns(measured.map(pick)), fixed);
    const lines = [
      `- Photo upload (${photo.length} bytes, 1200x900, as the page sends it after compressing), ${uploads} each per round, one at a time, turn about, after 10 warm-up uploads; ${rounds} rounds; load average ${load.toFixed(2)} at the start, ${os.cpus().length} cores`,
      `- **${judgeRun({ judged: [{ label: 'photo upload', judgements: [judgement] }], leftOut: [], runs: rounds }).text}** ${describeJudgements([judgement])}`,
      '',
      '| by round, min / median / max | p50 ms | p99 ms |',
      '|---|---:|---:|',
      `| upload, local disk | ${of((round) => round.disk.p50)} | ${of((round) => round.disk.p99)} |`,
      `| upload, S3 (s3rver on this computer) | ${of((round) => round.bucket.p50)} | ${of((round) => round.bucket.p99)} |`,
      `| S3 adds | ${of((round) => round.bucket.p50 - round.disk.p50)} | ${of((round) => round.bucket.p99 - round.disk.p99)} |`,
      `| the storage step alone (three files, ${processed.display.length + processed.thumbnail.length + processed.share.length} bytes), disk | ${of((round) => round.storeDisk.p50)} | ${of((round) => round.storeDisk.p99)} |`,
      `| the storage step alone, S3 | ${of((round) => round.storeBucket.p50)} | ${of((round) => round.storeBucket.p99)} |`,
    ];
    publishRun({ script: 'bench:media', startedAt, title: `photo uploads, local disk and S3, ${rounds} × ${uploads} each`, argv: process.argv.slice(2), body: lines.join('\n') }, { write: !args.has('no-docs') });
    if (judgement.verdict === 'not met') process.exitCode = 1;
  } finally {
    for (const server of Object.values(servers)) await server.close();
    await s3.stop();
  }
}

await main();
