// `npm run soak -- [--duration 60] [--connections 32] [--probe 10] [--database-url URL] [--no-build] [--no-docs]`
// A minute of mixed traffic against the built server on PostgreSQL: browsing, searching, listing
// details, who-am-I, listings created by fresh verified sellers and buyers contacting sellers,
// all at once. It first finds the most connections the machine serves without a single error
// (probes of --probe seconds, halving from --connections), soaks there for --duration seconds,
// and writes the run to its own file in docs/benchmarks/runs/.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { listingCategories } from '../src/domain/listing';
import { rulesForTier } from '../src/domain/tiers';
import type { Database } from '../src/server/db/open-database';
import { rebuildPostcodeCounts } from '../src/server/map/postcode-counts';
import { conversationLimits } from '../src/domain/conversations';
import { runBuild, serve, startBenchApp } from './bench/app-server';
import { countData, ensureDatabaseExists } from './bench/bench-database';
import { isPostgresUrl, parseCliArgs, positiveIntegerArg, positiveNumberArg, redactDatabaseUrl, stringArg } from './bench/cli-args';
import { runLoad, type LoadResult, type RequestShape } from './bench/load';
import { createSignedInPosters, deletePosters } from './bench/posters';
import { prepareReadTargets, type ReadTargets } from './bench/read-lines';
import { describeMachineOf } from './bench/report';
import { publishRun } from './bench/run-files';
import { categoryVocabulary } from './bench/seed-vocabulary';
import { startSmsSink } from './bench/sms-sink';
import { startSmtpSink } from './bench/smtp-sink';

const defaultDatabaseUrl = 'postgres://postgres@127.0.0.1:5432/bench';
const smtpPort = 2526;
const createsPerPoster = rulesForTier('connector').listingLimit ?? 8;
/** The soak's own members, apart from the benchmark's (which may be running). */
const posterPrefix = 'soak-poster';

/** Out of every 20 requests: what a busy evening on the marketplace looks like. */
const mix = [
  { kind: 'browse', weight: 4 },
  { kind: 'search', weight: 3 },
  { kind: 'detail', weight: 5 },
  { kind: 'me', weight: 3 },
  { kind: 'create listing', weight: 3 },
  { kind: 'contact seller', weight: 2 },
] as const;
type Kind = (typeof mix)[number]['kind'];
const mixTotal = mix.reduce((sum, entry) => sum + entry.weight, 0);
const kindSequence: Kind[] = mix.flatMap((entry) => Array.from({ length: entry.weight }, () => entry.kind));
const share = (kind: Kind) => mix.find((entry) => entry.kind === kind)!.weight / mixTotal;

type KindStats = { count: number; errors: number; statuses: Record<string, number>; latencies: number[] };

const browsePaths = ['/api/listings', '/api/listings?category=electronics&state=VIC', '/api/listings?postcode=3000', '/api/listings?sort=price-low', '/api/listings?category=home'];
const searchWords = ['bicycle', 'lamp', 'table', 'guitar', 'pram', 'drill', 'couch', 'kettle'];

function percentile(values: number[], fraction: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
}

/** One autocannon run of the whole mix; fresh posters (sellers and buyers) are made for it first. */
async function runMix(input: {
  pool: pg.Pool;
  baseUrl: string;
  targets: ReadTargets;
  contactListingIds: string[];
  runId: string;
  batch: number;
  connections: number;
  durationSeconds: number;
  expectedPerSecond: number;
}): Promise<{ load: LoadResult; byKind: Map<Kind, KindStats> }> {
  const expected = input.expectedPerSecond * input.durationSeconds * 1.3;
  const posterCount = Math.ceil(Math.max((expected * share('create listing')) / createsPerPoster, (expected * share('contact seller')) / conversationLimits.newPerHour)) + 20;
  const started = performance.now();
  const tokens = await createSignedInPosters(input.pool, { prefix: posterPrefix, runId: input.runId, batch: input.batch, count: posterCount });
  console.log(`    ${tokens.length} fresh verified sellers signed in (${((performance.now() - started) / 1000).toFixed(1)} s)`);

  const byKind = new Map<Kind, KindStats>(mix.map((entry) => [entry.kind, { count: 0, errors: 0, statuses: {}, latencies: [] }]));
  const categories = listingCategories.map((category) => category.value);
  let sent = 0;
  let creates = 0;
  let contacts = 0;
  const headers = (token?: string) => ({ 'accept-encoding': 'gzip', 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) });

  const shape: RequestShape = {
    method: 'GET',
    path: '/api/listings',
    setupRequest: (request, context) => {
      const kind = kindSequence[sent % kindSequence.length];
      sent += 1;
      context.kind = kind;
      context.startedAt = performance.now();
      switch (kind) {
        case 'browse':
          return { ...request, method: 'GET', path: browsePaths[sent % browsePaths.length], headers: headers(), body: undefined };
        case 'search':
          return { ...request, method: 'GET', path: `/api/listings?search=${searchWords[sent % searchWords.length]}`, headers: headers(), body: undefined };
        case 'detail':
          return { ...request, method: 'GET', path: `/api/listings/${input.targets.listingIds[sent % input.targets.listingIds.length]}`, headers: headers(), body: undefined };
        case 'me':
          return { ...request, method: 'GET', path: '/api/auth/me', headers: headers(tokens[sent % tokens.length]), body: undefined };
        case 'create listing': {
          const category = categories[creates % categories.length];
          const items = categoryVocabulary[category].items;
          const item = items[creates % items.length];
          const token = tokens[creates % tokens.length];
          creates += 1;
          return {
            ...request,
            method: 'POST',
            path: '/api/listings',
            headers: headers(token),
            body: JSON.stringify({ title: `Soak ${item} ${creates}`, description: `A ${item} listed by the soak test, run ${input.runId}. Pickup only.`, price: `${(creates % 900) + 5}`, category, imageUrls: [] }),
          };
        }
        case 'contact seller': {
          // Buyer n writes to listing n: every buyer stays under the hourly limit and never contacts twice.
          const token = tokens[contacts % tokens.length];
          const listingId = input.contactListingIds[contacts % input.contactListingIds.length];
          contacts += 1;
          return { ...request, method: 'POST', path: '/api/contact-seller', headers: headers(token), body: JSON.stringify({ listingId }) };
        }
      }
    },
    onResponse: (status, _body, context) => {
      const stats = byKind.get(context.kind as Kind)!;
      stats.count += 1;
      stats.statuses[status] = (stats.statuses[status] ?? 0) + 1;
      if (status >= 400) stats.errors += 1;
      stats.latencies.push(performance.now() - (context.startedAt as number));
    },
  };
  const load = await runLoad(shape, { baseUrl: input.baseUrl, connections: input.connections, durationSeconds: input.durationSeconds });
  return { load, byKind };
}

const describeErrors = (load: LoadResult) =>
  [
    ...Object.entries(load.statusCounts)
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, count]) => `${code}×${count}`),
    ...(load.timeouts > 0 ? [`timeouts×${load.timeouts}`] : []),
  ].join(', ') || 'none';

async function main(): Promise<void> {
  const args = parseCliArgs();
  const durationSeconds = positiveNumberArg(args, 'duration', 60);
  const probeSeconds = positiveNumberArg(args, 'probe', 10);
  const startConnections = positiveIntegerArg(args, 'connections', 32);
  const databaseUrl = stringArg(args, 'database-url') ?? process.env.DATABASE_URL ?? defaultDatabaseUrl;
  if (!isPostgresUrl(databaseUrl)) throw new Error('The soak needs PostgreSQL: set DATABASE_URL to a postgres:// URL.');

  const startedAt = new Date();
  const runId = `soak${startedAt.getTime().toString(36)}`;
  console.log(`Soak against ${redactDatabaseUrl(databaseUrl)}`);
  await ensureDatabaseExists(databaseUrl);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  const counts = await countData(pool);
  if (counts.benchMembers < 3 || counts.total < 1000) throw new Error('The database has no benchmark data: run npm run seed:scale first (see README "Benchmarks").');
  await deletePosters(pool, posterPrefix);
  const machine = await describeMachineOf(pool);

  if (!args.has('no-build')) await runBuild();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'marketplace-soak-'));
  const smtp = await startSmtpSink(smtpPort);
  const sms = await startSmsSink();
  const app = await startBenchApp({ label: 'app server', databaseUrl, dataDir, smtpPort: smtp.port, smsUrl: sms.url });
  try {
    const targets = await prepareReadTargets(app.baseUrl, pool);
    const { rows: contactRows } = await pool.query<{ id: string }>('select id from listings tablesample system (1) where is_active limit 5000');
    const contactListingIds = contactRows.map((row) => row.id);
    console.log(`Started the app (${app.baseUrl}); ${counts.total.toLocaleString('en-AU')} listings.`);

    // Find the most connections served with no error at all.
    let connections = startConnections;
    let batch = 0;
    let expectedPerSecond = 1500;
    const probes: { connections: number; load: LoadResult }[] = [];
    for (;;) {
      batch += 1;
      console.log(`- Probe: ${connections} connections for ${probeSeconds} s`);
      const { load } = await runMix({ pool, baseUrl: app.baseUrl, targets, contactListingIds, runId, batch, connections, durationSeconds: probeSeconds, expectedPerSecond });
      probes.push({ connections, load });
      console.log(`    ${Math.round(load.requestsPerSecond)} req/s, p99 ${load.p99} ms, errors ${load.errors} (${describeErrors(load)})`);
      expectedPerSecond = Math.max(200, load.requestsPerSecond);
      if (load.errors === 0 || connections === 1) break;
      connections = Math.max(1, Math.floor(connections / 2));
    }

    batch += 1;
    console.log(`- Soak: ${connections} connections for ${durationSeconds} s`);
    const soak = await runMix({ pool, baseUrl: app.baseUrl, targets, contactListingIds, runId, batch, connections, durationSeconds, expectedPerSecond });
    const health = await fetch(`${app.baseUrl}/api/health`).then((response) => response.status, () => 0);
    console.log(`    ${Math.round(soak.load.requestsPerSecond)} req/s, p50 ${soak.load.p50} ms, p99 ${soak.load.p99} ms, errors ${soak.load.errors} (${describeErrors(soak.load)}); health afterwards ${health}`);
    const serverLog = app.output();

    const rows = [...soak.byKind.entries()].map(
      ([kind, stats]) =>
        `| ${kind} | ${Math.round((share(kind) * 100))}% | ${stats.count.toLocaleString('en-AU')} | ${Math.round(stats.count / durationSeconds).toLocaleString('en-AU')} | ${percentile(stats.latencies, 0.5).toFixed(1)} | ${percentile(stats.latencies, 0.99).toFixed(1)} | ${stats.errors}${stats.errors > 0 ? ` (${Object.entries(stats.statuses).filter(([code]) => !code.startsWith('2')).map(([code, count]) => `${code}×${count}`).join(', ')})` : ''} |`,
    );
    const lines = [
      `- Result: **${Math.round(soak.load.requestsPerSecond).toLocaleString('en-AU')} req/s for ${durationSeconds} s at ${connections} connections, ${soak.load.errors} errors** (${describeErrors(soak.load)}); p50 ${soak.load.p50} ms, p99 ${soak.load.p99} ms; ${soak.load.total.toLocaleString('en-AU')} answers; /api/health answered ${health} afterwards`,
      `- How the rate was found: ${probes.map((probe) => `${probe.connections} connections → ${Math.round(probe.load.requestsPerSecond).toLocaleString('en-AU')} req/s, ${probe.load.errors} errors${probe.load.errors > 0 ? ` (${describeErrors(probe.load)})` : ''}`).join('; ')} (${probeSeconds} s probes, halving the connections until none failed)`,
      `- Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB RAM; Node ${machine.node}; PostgreSQL ${machine.postgres}; load average ${machine.loadAverage} when the run started.`,
      `- Server: the built bundle as npm start runs it (\`${['node', ...serve.args].join(' ')}\`), NODE_ENV=production, default read cache and pool of 10 connections, RATE_LIMIT_MULTIPLIER=10000 (every request comes from one address); autocannon runs in the same process as the script, on the same cores.`,
      `- Writers: ${share('create listing') * 100}% of requests create a listing as one of the run's fresh verified Connector sellers (made in SQL at seeded members' postcodes, each with its own session; at most ${createsPerPoster} listings each), ${share('contact seller') * 100}% contact the seller of a random active listing as one of them (at most ${conversationLimits.newPerHour} new conversations an hour each, the product's limit). They and everything they made are deleted afterwards.`,
      '',
      '| request | share | answers | per s | p50 ms | p99 ms | errors |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...rows,
      '',
      ...(serverLog ? ['<details><summary>What the server logged (LOG_LEVEL=warn), last lines</summary>', '', '```', serverLog, '```', '', '</details>', ''] : []),
    ];
    publishRun(
      { script: 'soak', startedAt, title: `soak: ${durationSeconds} s of mixed traffic, ${counts.total.toLocaleString('en-AU')} listings`, argv: process.argv.slice(2), body: lines.join('\n') },
      { write: !args.has('no-docs') },
    );
  } finally {
    await app.stop().catch(() => {});
    const removed = await deletePosters(pool, posterPrefix).catch(() => 0);
    // Deleting the posters' listings did not lower the map's per-postcode counts.
    await rebuildPostcodeCounts(drizzle({ client: pool }) as unknown as Database).catch((error: unknown) => console.error('rebuilding map counts failed:', error));
    await pool.query('vacuum (analyze) listings').catch(() => {});
    console.log(`Deleted ${removed} soak sellers with their listings and messages.`);
    await smtp.close();
    await sms.close();
    await pool.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
