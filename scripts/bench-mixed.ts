// `npm run bench:mixed -- [--only KIND,KIND] [--cpu-prof DIR] [--rounds 3] [--duration 60] [--warmup 10] [--connections 50] [--readers 2000] [--database-url URL] [--no-build] [--no-docs]`
// A minute of traffic as members make it, against the built server on PostgreSQL: reads spread over
// signed-in members of every tier in a thousand and more postcodes and visitors around any postcode,
// hundreds of search phrases, deep pages, listing pages, the map and "who am I"; one request in ten
// writes (listings created and edited, contact forms, messages, sign-ins). Budgets: at least 3,000
// requests a second in all, reads p99 ≤ 30 ms, no errors, each judged on the median of `--rounds`
// measured runs (at least 3; scripts/bench/verdict.ts). It reports the read cache's hit rate from
// each answer's x-cache header, and writes the run to its own file in docs/benchmarks/runs/.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { conversationLimits } from '../src/domain/conversations';
import { listingCategories, nextCursorHeader } from '../src/domain/listing';
import { rulesForTier } from '../src/domain/tiers';
import type { Database } from '../src/server/db/open-database';
import { cacheOutcomeHeader } from '../src/server/http/read-cache';
import { rebuildPostcodeCounts } from '../src/server/map/postcode-counts';
import { runBuild, serve, startBenchApp } from './bench/app-server';
import { benchMemberEmail, benchPassword } from './bench/bench-accounts';
import { countData, ensureDatabaseExists, vacuumDeadRows } from './bench/bench-database';
import { cpuSplit } from './bench/cpu-pinning';
import { isPostgresUrl, parseCliArgs, positiveIntegerArg, positiveNumberArg, redactDatabaseUrl, stringArg } from './bench/cli-args';
import { runLoad, type RequestShape } from './bench/load';
import { describeStatuses, measureCpu, percentile } from './bench/load-phases';
import { createSignedInPosters, deletePosters } from './bench/posters';
import { scriptProcessPid } from './bench/processes';
import { describeMachineOf } from './bench/report';
import { publishRun } from './bench/run-files';
import { describeJudgements, formatRuns, judgeBudget, judgeNone, judgeRun, minimumRuns, summariseRuns } from './bench/verdict';
import { adjectives, categoryVocabulary } from './bench/seed-vocabulary';
import { createSessions, deleteSessions } from './bench/sessions';
import { startSmsSink } from './bench/sms-sink';
import { startSmtpSink } from './bench/smtp-sink';

const defaultDatabaseUrl = 'postgres://postgres@127.0.0.1:5432/bench';
const smtpPort = 2527;
const posterPrefix = 'mixed-poster';
const createsPerPoster = rulesForTier('connector').listingLimit ?? 8;

export const mixedBudgets = { minRequestsPerSecond: 3000, readP99Ms: 30 } as const;

/** Out of every 200 requests: 180 reads, 20 writes. */
const mix = [
  { kind: 'browse (member)', weight: 40, write: false },
  { kind: 'browse (visitor near a postcode)', weight: 20, write: false },
  { kind: 'search', weight: 36, write: false },
  { kind: 'deep page', weight: 16, write: false },
  { kind: 'listing detail', weight: 44, write: false },
  { kind: 'who am I', weight: 12, write: false },
  { kind: 'map counts', weight: 12, write: false },
  { kind: 'create listing', weight: 5, write: true },
  { kind: 'edit listing', weight: 4, write: true },
  { kind: 'contact form', weight: 4, write: true },
  { kind: 'message', weight: 6, write: true },
  { kind: 'sign-in', weight: 1, write: true },
] as const;
type Kind = (typeof mix)[number]['kind'];
const mixTotal = mix.reduce((sum, entry) => sum + entry.weight, 0);
const share = (kind: Kind) => mix.find((entry) => entry.kind === kind)!.weight / mixTotal;
const isWrite = (kind: Kind) => mix.find((entry) => entry.kind === kind)!.write;

/** A small seeded generator: every run draws the same sequence. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** The kinds in a shuffled order of one period, so the writes are spread rather than bunched. */
function kindSequence(random: () => number, entries: readonly (typeof mix)[number][]): Kind[] {
  const sequence: Kind[] = entries.flatMap((entry) => Array.from({ length: entry.weight }, () => entry.kind));
  for (let index = sequence.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [sequence[index], sequence[other]] = [sequence[other], sequence[index]];
  }
  return sequence;
}

/** Hundreds of distinct phrases members type: items, items with an adjective, and some with a typo. */
function searchPhrases(random: () => number): string[] {
  const items = Object.values(categoryVocabulary).flatMap((vocabulary) => vocabulary.items);
  const phrases = new Set<string>(items);
  for (const item of items) phrases.add(`${adjectives[Math.floor(random() * adjectives.length)]} ${item}`);
  for (const item of items.filter((_, index) => index % 4 === 0)) {
    const word = item.split(' ').at(-1)!;
    if (word.length < 5) continue;
    const at = 1 + Math.floor(random() * (word.length - 2));
    phrases.add(`${word.slice(0, at)}${word[at + 1]}${word[at]}${word.slice(at + 2)}`);
  }
  return [...phrases];
}

type KindStats = { count: number; errors: number; statuses: Record<string, number>; latencies: number[]; cache: Record<string, number> };

async function main(): Promise<void> {
  const args = parseCliArgs();
  const rounds = positiveIntegerArg(args, 'rounds', minimumRuns);
  if (rounds < minimumRuns) throw new Error(`--rounds must be at least ${minimumRuns}: the budgets are judged on at least ${minimumRuns} runs.`);
  const durationSeconds = positiveNumberArg(args, 'duration', 60);
  const warmupSeconds = positiveNumberArg(args, 'warmup', 10);
  const connections = positiveIntegerArg(args, 'connections', 50);
  const readerCount = positiveIntegerArg(args, 'readers', 2000);
  const databaseUrl = stringArg(args, 'database-url') ?? process.env.DATABASE_URL ?? defaultDatabaseUrl;
  if (!isPostgresUrl(databaseUrl)) throw new Error('The mixed benchmark needs PostgreSQL: set DATABASE_URL to a postgres:// URL.');
  const cpus = cpuSplit(!args.has('no-pin'));
  // `--only search,listing detail`: just those kinds, in their shares of the mix (what each costs alone).
  const onlyKinds = stringArg(args, 'only')?.split(',').map((kind) => kind.trim());
  const unknownKinds = onlyKinds?.filter((kind) => !mix.some((entry) => entry.kind === kind)) ?? [];
  if (unknownKinds.length > 0) throw new Error(`--only: no such request ${unknownKinds.join(', ')}; the requests are ${mix.map((entry) => entry.kind).join(', ')}.`);
  const activeMix = onlyKinds ? mix.filter((entry) => onlyKinds.includes(entry.kind)) : mix;
  // `--cpu-prof DIR`: the app writes a V8 CPU profile of the whole run there when it stops (open it in Chrome's DevTools).
  const cpuProfileDir = stringArg(args, 'cpu-prof');

  const startedAt = new Date();
  const runId = `mixed${startedAt.getTime().toString(36)}`;
  console.log(`Mixed traffic against ${redactDatabaseUrl(databaseUrl)}`);
  await ensureDatabaseExists(databaseUrl);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  const counts = await countData(pool);
  if (counts.benchMembers < 3 || counts.total < 10_000) throw new Error('The database has no benchmark data: run npm run bench (or npm run seed:scale) first.');
  await deletePosters(pool, posterPrefix);
  const vacuumed = await vacuumDeadRows(pool);
  if (vacuumed.length > 0) console.log(`Vacuumed the dead rows of earlier runs: ${vacuumed.join(', ')}`);
  const machine = await describeMachineOf(pool);

  if (!args.has('no-build')) await runBuild();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'marketplace-mixed-'));
  const smtp = await startSmtpSink(smtpPort);
  const sms = await startSmsSink();
  const nodeArgs = cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(cpuProfileDir)}`] : [];
  const app = await startBenchApp({ label: 'app server', databaseUrl, dataDir, smtpPort: smtp.port, smsUrl: sms.url, cpus, nodeArgs });
  const createdSids: string[] = [];
  try {
    const appPid = scriptProcessPid(app.child.pid!, serve.script);
    const random = randomFrom(20261125);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];

    // Readers: seeded members of every tier, each signed in.
    const { rows: readerRows } = await pool.query<{ id: string; postcode: string; tier: string }>(
      `select id, postcode, membership_tier as tier from users where email like 'member%@bench.local' and postcode is not null order by md5(id::text || $2) limit $1`,
      [readerCount, runId],
    );
    const readerTokens = [...(await createSessions(pool, readerRows.map((row) => row.id), createdSids)).values()];
    const readerPostcodes = new Set(readerRows.map((row) => row.postcode));
    const tiers = new Map<string, number>();
    for (const row of readerRows) tiers.set(row.tier, (tiers.get(row.tier) ?? 0) + 1);

    // Places with listings (visitors look around them; the map opens on them), listing ids, phrases.
    const { rows: places } = await pool.query<{ postcode: string; latitude: number; longitude: number }>(
      `select postcode, avg(latitude)::float8 as latitude, avg(longitude)::float8 as longitude from listings where is_active group by postcode`,
    );
    const { rows: detailRows } = await pool.query<{ id: string }>('select id from listings tablesample system (3) limit 20000');
    const detailIds = detailRows.map((row) => row.id);
    const phrases = searchPhrases(random);
    const categories = listingCategories.map((category) => category.value);
    const memberBrowsePaths = ['/api/listings', '/api/listings?sort=price-low', '/api/listings?sort=price-high', '/api/listings?sort=distance', ...categories.map((category) => `/api/listings?category=${category}`)];

    // Deep pages: pages 2 to 6 of many visitors' browses, reached through their cursors.
    const deepPaths: string[] = [];
    for (let start = 0; start < 40; start += 1) {
      const place = pick(places);
      let pagePath = `/api/listings?near=${place.postcode}${start % 2 === 0 ? `&category=${pick(categories)}` : ''}`;
      for (let hop = 0; hop < 5; hop += 1) {
        const response = await fetch(`${app.baseUrl}${pagePath}`);
        await response.arrayBuffer();
        const cursor = response.headers.get(nextCursorHeader);
        if (!response.ok || !cursor) break;
        const base = new URL(pagePath, 'http://bench.local');
        base.searchParams.set('cursor', cursor);
        pagePath = `${base.pathname}${base.search}`;
        deepPaths.push(pagePath);
      }
    }

    const { rows: contactRows } = await pool.query<{ id: string }>('select id from listings tablesample system (2) where is_active limit 20000');
    const contactListingIds = contactRows.map((row) => row.id);
    const signInEmails = (['starter', 'explorer', 'connector', 'lifetime'] as const).map(benchMemberEmail);

    console.log(
      `Started the app (${app.baseUrl}); ${counts.total.toLocaleString('en-AU')} listings; ${readerTokens.length} readers in ${readerPostcodes.size} postcodes; ` +
        `${phrases.length} search phrases; ${deepPaths.length} deep pages; ${detailIds.length} listing ids.`,
    );

    const runMix = async (durationSecondsOfRun: number, expectedPerSecond: number) => {
      const expected = expectedPerSecond * durationSecondsOfRun * 1.5;
      const posterCount =
        Math.ceil(Math.max((expected * (share('create listing') + share('edit listing'))) / createsPerPoster, (expected * share('contact form')) / conversationLimits.newPerHour)) + 20;
      const posterTokens = await createSignedInPosters(pool, { prefix: posterPrefix, runId, batch: Math.floor(random() * 1e9), count: posterCount });
      const sequence = kindSequence(random, activeMix);
      const byKind = new Map<Kind, KindStats>(mix.map((entry) => [entry.kind, { count: 0, errors: 0, statuses: {}, latencies: [], cache: {} }]));
      const ownListings: { id: string; token: string }[] = [];
      const conversations: { id: string; token: string }[] = [];
      let sent = 0;
      let creates = 0;
      let contacts = 0;
      let messages = 0;
      const headers = (token?: string) => ({ 'accept-encoding': 'gzip', 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) });
      const listingBody = (token: string) => {
        const category = categories[creates % categories.length];
        const item = pick(categoryVocabulary[category].items);
        creates += 1;
        return { token, body: { title: `Mixed ${item} ${creates}`, description: `A ${item} listed during the mixed benchmark, run ${runId}. Pickup only.`, price: `${(creates % 900) + 5}.00`, category, imageUrls: [] } };
      };
      const contactRequest = () => {
        const token = posterTokens[contacts % posterTokens.length];
        const listingId = contactListingIds[contacts % contactListingIds.length];
        contacts += 1;
        return { method: 'POST' as const, path: '/api/contact-seller', token, body: { listingId } };
      };
      const createRequest = () => {
        const { token, body } = listingBody(posterTokens[Math.floor(creates / createsPerPoster) % posterTokens.length]);
        return { method: 'POST' as const, path: '/api/listings', token, body };
      };

      const next = (kind: Kind): { method: 'GET' | 'POST' | 'PUT'; path: string; token?: string; body?: unknown; as: Kind } => {
        switch (kind) {
          case 'browse (member)':
            return { method: 'GET', path: pick(memberBrowsePaths), token: pick(readerTokens), as: kind };
          case 'browse (visitor near a postcode)':
            return { method: 'GET', path: `/api/listings?near=${pick(places).postcode}`, as: kind };
          case 'search': {
            const phrase = encodeURIComponent(pick(phrases));
            return random() < 0.5 ? { method: 'GET', path: `/api/listings?search=${phrase}`, token: pick(readerTokens), as: kind } : { method: 'GET', path: `/api/listings?search=${phrase}&near=${pick(places).postcode}`, as: kind };
          }
          case 'deep page':
            return { method: 'GET', path: pick(deepPaths), as: kind };
          case 'listing detail':
            return { method: 'GET', path: `/api/listings/${pick(detailIds)}`, as: kind };
          case 'who am I':
            return { method: 'GET', path: '/api/auth/me', token: pick(readerTokens), as: kind };
          case 'map counts': {
            const place = pick(places);
            const view = `south=${(place.latitude - 0.6).toFixed(3)}&west=${(place.longitude - 1.2).toFixed(3)}&north=${(place.latitude + 0.6).toFixed(3)}&east=${(place.longitude + 1.2).toFixed(3)}`;
            return { method: 'GET', path: `/api/map/listing-counts?${view}`, token: pick(readerTokens), as: kind };
          }
          case 'create listing':
            return { ...createRequest(), as: kind };
          case 'edit listing': {
            // A listing the run created, edited by its seller; none yet: one is created.
            const own = ownListings.length > 0 ? ownListings[Math.floor(random() * ownListings.length)] : null;
            if (!own) return { ...createRequest(), as: 'create listing' };
            const { body } = listingBody(own.token);
            return { method: 'PUT', path: `/api/listings/${own.id}`, token: own.token, body, as: kind };
          }
          case 'contact form':
            return { ...contactRequest(), as: kind };
          case 'message': {
            // A follow-up in a conversation a contact form started; none yet: a contact form.
            const conversation = conversations.length > 0 ? conversations[messages % conversations.length] : null;
            if (!conversation) return { ...contactRequest(), as: 'contact form' };
            messages += 1;
            return { method: 'POST', path: `/api/conversations/${conversation.id}/messages`, token: conversation.token, body: { body: `Still keen: could I pick it up on Saturday? (${messages})` }, as: kind };
          }
          case 'sign-in':
            return { method: 'POST', path: '/api/auth/login', body: { email: pick(signInEmails), password: benchPassword }, as: kind };
        }
      };

      const shape: RequestShape = {
        method: 'GET',
        path: '/api/listings',
        setupRequest: (request, context) => {
          const planned = next(sequence[sent % sequence.length]);
          sent += 1;
          context.kind = planned.as;
          context.token = planned.token;
          context.startedAt = performance.now();
          return {
            ...request,
            method: planned.method,
            path: planned.path,
            headers: headers(planned.token),
            body: planned.body === undefined ? undefined : JSON.stringify(planned.body),
          };
        },
        onResponse: (status, body, context, responseHeaders) => {
          const kind = context.kind as Kind;
          const stats = byKind.get(kind)!;
          stats.count += 1;
          stats.statuses[status] = (stats.statuses[status] ?? 0) + 1;
          if (status >= 400) stats.errors += 1;
          stats.latencies.push(performance.now() - (context.startedAt as number));
          const outcome = responseHeaders?.[cacheOutcomeHeader];
          if (typeof outcome === 'string') stats.cache[outcome] = (stats.cache[outcome] ?? 0) + 1;
          if (status >= 300) return;
          if (kind === 'create listing') {
            const id = (JSON.parse(body) as { id?: string }).id;
            if (id) ownListings.push({ id, token: context.token as string });
          } else if (kind === 'contact form') {
            const id = (JSON.parse(body) as { conversationId?: string }).conversationId;
            if (id) conversations.push({ id, token: context.token as string });
          }
        },
      };
      const measured = await measureCpu(appPid, () => runLoad(shape, { baseUrl: app.baseUrl, connections, durationSeconds: durationSecondsOfRun }));
      return { load: measured.result, cpu: measured.cpu, byKind };
    };

    console.log(`- Warm-up: ${warmupSeconds} s (not counted)`);
    const warmup = await runMix(warmupSeconds, 2000);
    console.log(`    ${Math.round(warmup.load.requestsPerSecond)} req/s, errors ${warmup.load.errors}`);
    const runs: Awaited<ReturnType<typeof runMix>>[] = [];
    for (let round = 1; round <= rounds; round += 1) {
      console.log(`- Measured, round ${round} of ${rounds}: ${durationSeconds} s at ${connections} connections`);
      runs.push(await runMix(durationSeconds, Math.max(1000, (runs.at(-1) ?? warmup).load.requestsPerSecond)));
      const last = runs.at(-1)!;
      console.log(`    ${Math.round(last.load.requestsPerSecond)} req/s, p99 ${last.load.p99} ms, errors ${last.load.errors}`);
    }
    const health = await fetch(`${app.baseUrl}/api/health`).then((response) => response.status, () => 0);

    // Each kind over every round, for the table; each round's own figures for the verdicts.
    const run = {
      byKind: new Map<Kind, KindStats>(
        mix.map((entry) => {
          const all = runs.map((one) => one.byKind.get(entry.kind)!);
          const merge = (records: Record<string, number>[]) => {
            const merged: Record<string, number> = {};
            for (const record of records) for (const [key, count] of Object.entries(record)) merged[key] = (merged[key] ?? 0) + count;
            return merged;
          };
          return [
            entry.kind,
            {
              count: all.reduce((sum, stats) => sum + stats.count, 0),
              errors: all.reduce((sum, stats) => sum + stats.errors, 0),
              statuses: merge(all.map((stats) => stats.statuses)),
              latencies: all.flatMap((stats) => stats.latencies),
              cache: merge(all.map((stats) => stats.cache)),
            },
          ];
        }),
      ),
      cpu: (['server', 'postgres', 'loadGenerator', 'other'] as const).reduce(
        (cpu, part) => ({ ...cpu, [part]: runs.reduce((sum, one) => sum + one.cpu[part], 0) / runs.length }),
        { server: 0, postgres: 0, loadGenerator: 0, other: 0 },
      ),
    };
    const readP99Of = (one: (typeof runs)[number]) => percentile([...one.byKind.entries()].filter(([kind]) => !isWrite(kind)).flatMap(([, stats]) => stats.latencies), 0.99);
    const cacheTotals: Record<string, number> = {};
    for (const [, stats] of run.byKind) for (const [outcome, count] of Object.entries(stats.cache)) cacheTotals[outcome] = (cacheTotals[outcome] ?? 0) + count;
    const cached = (cacheTotals.hit ?? 0) + (cacheTotals.shared ?? 0);
    const cacheable = cached + (cacheTotals.miss ?? 0);
    const hitRate = cacheable > 0 ? cached / cacheable : 0;
    // No separate control here: the noise is the rounds' own spread.
    const judgements = [
      judgeBudget({ runs: runs.map((one) => one.load.requestsPerSecond), budget: { name: 'throughput', rule: 'at least', limit: mixedBudgets.minRequestsPerSecond, unit: 'req/s' }, controlSpread: 0 }),
      judgeBudget({ runs: runs.map(readP99Of), budget: { name: 'reads p99', rule: 'at most', limit: mixedBudgets.readP99Ms, unit: 'ms' }, controlSpread: 0 }),
      judgeNone({ runs: runs.map((one) => one.load.errors), name: 'errors' }),
    ];
    const runVerdict = judgeRun({ judged: [{ label: 'mixed traffic', judgements }], leftOut: [], runs: rounds });
    const errorNotes = runs.map((one) => describeStatuses(one.load)).filter(Boolean);
    const verdicts = [
      `**${runVerdict.text}** ${describeJudgements(judgements)}`,
      `req/s by round min / median / max ${formatRuns(summariseRuns(runs.map((one) => one.load.requestsPerSecond)))}, reads p99 ${formatRuns(summariseRuns(runs.map(readP99Of)))} ms, errors ${runs.map((one) => one.load.errors).join(', ')}${errorNotes.length > 0 ? ` (${errorNotes.join('; ')})` : ''}`,
    ];
    const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
    const table = [...run.byKind.entries()].filter(([kind]) => activeMix.some((entry) => entry.kind === kind)).map(([kind, stats]) => {
      const outcomes = Object.values(stats.cache).reduce((sum, count) => sum + count, 0);
      const hits = (stats.cache.hit ?? 0) + (stats.cache.shared ?? 0);
      const failed = Object.entries(stats.statuses).filter(([code]) => !code.startsWith('2'));
      return `| ${kind} | ${percent(share(kind))} | ${stats.count.toLocaleString('en-AU')} | ${Math.round(stats.count / (durationSeconds * rounds)).toLocaleString('en-AU')} | ${percentile(stats.latencies, 0.5).toFixed(1)} | ${percentile(stats.latencies, 0.99).toFixed(1)} | ${outcomes > 0 ? percent(hits / outcomes) : '—'} | ${stats.errors}${failed.length > 0 ? ` (${failed.map(([code, count]) => `${code}×${count}`).join(', ')})` : ''} |`;
    });
    const tierText = [...tiers.entries()].map(([tier, count]) => `${count} ${tier}`).join(', ');
    const lines = [
      `- Result: ${verdicts.join('; ')}; p50 / p99 over every request by round: ${runs.map((one) => `${one.load.p50} / ${one.load.p99} ms`).join(', ')}; the read cache answered ${percent(hitRate)} of the reads it serves (x-cache: ${Object.entries(cacheTotals).map(([outcome, count]) => `${outcome} ${count.toLocaleString('en-AU')}`).join(', ')}); /api/health answered ${health} afterwards`,
      `- CPU (share of one core, mean of the measured rounds): app ${Math.round(run.cpu.server)}%, PostgreSQL ${Math.round(run.cpu.postgres)}%, load generator ${Math.round(run.cpu.loadGenerator)}%, other ${Math.round(run.cpu.other)}%`,
      `- Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB RAM; Node ${machine.node}; PostgreSQL ${machine.postgres} (${machine.postgresSettings}); load average ${machine.loadAverage} when the run started.`,
      `- Server: the built bundle as npm start runs it (\`${['node', ...serve.args].join(' ')}\`), NODE_ENV=production, the default read cache (READ_CACHE_MS) and pool of 10 connections, RATE_LIMIT_MULTIPLIER=10000 (every request comes from one address); autocannon in the benchmark's process${cpus ? ', the app on core 0 and the benchmark on core 1, PostgreSQL on either' : ''}. ${warmupSeconds} s of the same traffic ran first, not counted; then ${rounds} measured rounds of ${durationSeconds} s each (the table below is all rounds together).`,
      `- Readers: ${readerTokens.length.toLocaleString('en-AU')} seeded members signed in (${tierText}) living in ${readerPostcodes.size.toLocaleString('en-AU')} postcodes, each browse or search by a random one of them or by a visitor around a random one of ${places.length.toLocaleString('en-AU')} postcodes with listings; ${phrases.length} search phrases (items, items with an adjective, a few misspelt); ${deepPaths.length} deep pages (pages 2 to 6 of visitors' browses, by cursor); ${detailIds.length.toLocaleString('en-AU')} listing ids; the map opening on random places.`,
      `- Writers (${percent(mix.filter((entry) => entry.write).reduce((sum, entry) => sum + entry.weight, 0) / mixTotal)} of requests): fresh verified Connector sellers made for the run (each with its own session) create listings, edit the ones they created (PUT), send contact forms about random active listings (each starting a conversation), follow up with messages in those conversations; sign-ins go through the password check as one of the four bench accounts. They and everything they made are deleted afterwards.`,
      '',
      '| request | share | answers | per s | p50 ms | p99 ms | from the cache | errors |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
      ...table,
      '',
    ];
    const serverLog = app.output();
    if (serverLog) console.log(`The app logged (LOG_LEVEL=warn), last lines:\n${serverLog}`);
    publishRun(
      {
        script: 'bench:mixed',
        startedAt,
        title: `mixed traffic${onlyKinds ? ` (only ${onlyKinds.join(', ')})` : ''}: ${rounds} × ${durationSeconds} s, ${counts.total.toLocaleString('en-AU')} listings`,
        argv: process.argv.slice(2),
        body: lines.join('\n'),
      },
      { write: !args.has('no-docs') },
    );
  } finally {
    await app.stop().catch(() => {});
    await deleteSessions(pool, createdSids).catch(() => {});
    const removed = await deletePosters(pool, posterPrefix).catch(() => 0);
    // Deleting the posters' listings did not lower the map's per-postcode counts.
    await rebuildPostcodeCounts(drizzle({ client: pool }) as unknown as Database).catch((error: unknown) => console.error('rebuilding map counts failed:', error));
    await pool.query('vacuum (analyze) listings').catch(() => {});
    console.log(`Deleted ${removed} sellers the run made, with their listings and messages.`);
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
