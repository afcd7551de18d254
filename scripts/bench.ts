// `npm run bench -- [--listings 1000000] [--users N] [--rounds 3] [--duration 10] [--warmup 3] [--probe 3]
//                   [--connections 50] [--database-url URL] [--reseed] [--explain-all] [--no-docs] [--no-pin]
//                   [--no-build] [--only TEXT]`  (--only: just the lines whose label contains TEXT, next to the ceilings and the anchor)
// Load-tests the API against a PostgreSQL database of realistic size (seeding it first when it
// holds fewer listings than asked): every line once in each of `--rounds` rounds (at least 3),
// judged on the median against its budget and against the noise of a no-change control
// (scripts/bench/verdict.ts). Prints the table and writes the run to its own file in
// docs/benchmarks/runs/ (scripts/bench/run-files.ts). Nothing is installed; autocannon is a devDependency.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { listingCategories, nextCursorHeader } from '../src/domain/listing';
import { browseListingsQuery } from '../src/domain/listing-schemas';
import { boundsOf } from '../src/domain/map';
import { mapCountsQuery } from '../src/domain/map-schemas';
import { rulesForTier } from '../src/domain/tiers';
import { findSessionUser } from '../src/server/auth/sessions';
import { loadConfig } from '../src/server/config';
import type { Database } from '../src/server/db/open-database';
import { users } from '../src/server/db/schema';
import { browseListings } from '../src/server/listings/browse-listings';
import { getListing } from '../src/server/listings/get-listing';
import { listListingCountsJson } from '../src/server/map/list-listing-counts';
import { rebuildPostcodeCounts } from '../src/server/map/postcode-counts';
import { benchMemberPostcode, benchPosterEmailPattern } from './bench/bench-accounts';
import { countData, ensureDatabaseExists, runSeed } from './bench/bench-database';
import { ceilingCall, type CeilingQuery } from './bench/ceiling-calls';
import { cpuSplit, describeSplit, onServerCore, pinLoadGenerator } from './bench/cpu-pinning';
import { isPostgresUrl, parseCliArgs, positiveIntegerArg, positiveNumberArg, redactDatabaseUrl, stringArg } from './bench/cli-args';
import { createRecordingDatabase, explainQueries, formatExplained, type ExplainedQuery, type RecordedQuery } from './bench/explain';
import { timeImageProcessing } from './bench/image-timing';
import { runLoad, type LoadResult, type RequestShape } from './bench/load';
import { describeStatuses, mapWithConcurrency, measureCpu, waitForIdle } from './bench/load-phases';
import {
  findFreePort,
  peakRssBytes,
  resetPeakRss,
  scriptProcessPid,
  startChildServer,
  type ChildServer,
} from './bench/processes';
import { apiTableLines } from './bench/api-lines';
import { budgets, describeMachineOf, linesTable, renderRunBody, type CacheOffBudget, type CpuShares, type LineRun, type LineRuns, type ScenarioKind } from './bench/report';
import { writeRunFile } from './bench/run-files';
import { categoryVocabulary } from './bench/seed-vocabulary';
import { startSmsSink } from './bench/sms-sink';
import { startSmtpSink } from './bench/smtp-sink';
import { runBuild, serve, startBenchApp } from './bench/app-server';
import { commonWord, commonWordSearchLines, get, getJson, login, mapOpeningQuery, prepareReadTargets, readLines, type ExplainAs } from './bench/read-lines';
import { combineVerdicts, describeJudgements, formatRuns, judgeBudget, judgeRun, median, minimumRuns, summariseRuns } from './bench/verdict';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsxBin = path.join(projectRoot, 'node_modules', '.bin', 'tsx');
const defaultDatabaseUrl = 'postgres://postgres@127.0.0.1:5432/bench';
const serverScript = serve.script;
const ceilingScript = 'scripts/bench/sql-ceiling.ts';
const anchorScript = 'scripts/bench/anchor-server.ts';
const smtpPort = 2525;
const loginConcurrency = 4;
/** Active listings a connector may hold: each bench poster can create this many. */
const postsPerPoster = rulesForTier('connector').listingLimit ?? 8;

type Scenario = {
  label: string;
  kind: ScenarioKind;
  /** uncached: the app server with READ_CACHE_MS=0. */
  target: 'hello' | 'app' | 'uncached';
  checkShareOfCeiling?: boolean;
  /** Asked when the line is judged (nearest first and the map are held to the cache-off browse line; null when that was left out). */
  cacheOffBudget?: () => CacheOffBudget | null;
  shape: RequestShape;
  /** Runs before the warm-up, the measured run and the probe (the POST line makes fresh posters here), given the last phase's rate. */
  beforePhase?: (phase: 'warmup' | 'measure' | 'probe', previousRps?: number) => Promise<void>;
  /** The SQL the server runs for this line, explained. */
  explain?: () => Promise<ExplainedQuery[]>;
  /** A cache-off line's replay: the same request to the bare Fastify + pg that runs the line's own statements. */
  replay?: { shape: RequestShape; statements: number };
};

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const elapsed = (since: number) => (performance.now() - since) / 1000;

/** One measured run as the table keeps it; when nothing answered, latency is at least the run's length. */
function lineRunOf(result: LoadResult, cpu: CpuShares, durationSeconds: number): LineRun {
  const noAnswers = result.total === 0;
  return {
    requestsPerSecond: result.requestsPerSecond,
    p50: noAnswers ? durationSeconds * 1000 : result.p50,
    p99: noAnswers ? durationSeconds * 1000 : result.p99,
    errors: result.errors + (noAnswers ? result.unfinished : 0),
    statusNote: [noAnswers ? `no response within ${durationSeconds} s: ${result.unfinished} unfinished` : '', describeStatuses(result)].filter(Boolean).join('; '),
    cpu,
  };
}

function describeRun(run: LineRun): string {
  return (
    `${Math.round(run.requestsPerSecond)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, errors ${run.errors}${run.statusNote ? ` (${run.statusNote})` : ''}; ` +
    `CPU % server ${Math.round(run.cpu.server)}, PostgreSQL ${Math.round(run.cpu.postgres)}, autocannon ${Math.round(run.cpu.loadGenerator)}, other ${Math.round(run.cpu.other)}`
  );
}

async function main(): Promise<void> {
  const args = parseCliArgs();
  const targetListings = positiveIntegerArg(args, 'listings', 1_000_000);
  const targetUsers = positiveIntegerArg(args, 'users', Math.max(1000, Math.round(targetListings / 10)));
  const rounds = positiveIntegerArg(args, 'rounds', minimumRuns);
  if (rounds < minimumRuns) throw new Error(`--rounds must be at least ${minimumRuns}: a budget is judged on at least ${minimumRuns} runs.`);
  const durationSeconds = positiveNumberArg(args, 'duration', 10);
  const warmupSeconds = positiveNumberArg(args, 'warmup', 3);
  const probeSeconds = args.get('probe') === '0' ? 0 : positiveNumberArg(args, 'probe', 3);
  const connections = positiveIntegerArg(args, 'connections', 50);
  const explainAll = args.has('explain-all');
  const writeDocs = !args.has('no-docs');
  const only = stringArg(args, 'only')?.toLowerCase();
  const cpus = cpuSplit(!args.has('no-pin'));
  pinLoadGenerator(cpus);
  const databaseUrl = stringArg(args, 'database-url') ?? process.env.DATABASE_URL ?? defaultDatabaseUrl;
  if (!isPostgresUrl(databaseUrl)) throw new Error('The benchmark needs PostgreSQL: set DATABASE_URL to a postgres:// URL.');

  const startedAt = new Date();
  console.log(`Benchmark against ${redactDatabaseUrl(databaseUrl)}`);
  await ensureDatabaseExists(databaseUrl);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });

  let seedSeconds: number | null = null;
  let counts = await countData(pool);
  if (args.has('reseed') || counts.total < targetListings || counts.benchMembers < 3) {
    console.log(`The database holds ${counts.total.toLocaleString('en-AU')} listings; ${targetListings.toLocaleString('en-AU')} are wanted.`);
    seedSeconds = await runSeed(databaseUrl, targetListings, targetUsers);
  }
  // Leftovers of an interrupted run would skew the counts and the POST line.
  await pool.query('delete from users where email like $1', [benchPosterEmailPattern]);
  counts = await countData(pool);
  console.log(`Data: ${counts.total.toLocaleString('en-AU')} listings (${counts.active.toLocaleString('en-AU')} active), ${counts.users.toLocaleString('en-AU')} members`);

  const machine = await describeMachineOf(pool);

  // The server as `npm start` runs it: the bundle in dist/server, built from this checkout
  // (--no-build: the bundle already there, when others are using dist/ at the same time).
  if (!args.has('no-build')) await runBuild();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'marketplace-bench-'));
  const smtp = await startSmtpSink(smtpPort);
  const sms = await startSmsSink();
  const servers: ChildServer[] = [];
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    const helloPort = await findFreePort();
    const hello = await startChildServer({
      label: 'hello-world ceiling',
      ...onServerCore(cpus, tsxBin, ['scripts/bench-hello.ts']),
      env: { ...process.env, PORT: String(helloPort) },
      port: helloPort,
      readyPath: '/',
    });
    servers.push(hello);

    const startApp = (label: string, extraEnv: Record<string, string>) =>
      startBenchApp({ label, databaseUrl, dataDir, smtpPort: smtp.port, smsUrl: sms.url, extraEnv, cpus });
    const app = await startApp('app server', {});
    servers.push(app);
    // The 1-connection probes go to a second app server with the read cache off: each request's own cost.
    const uncached = await startApp('app server without read cache', { READ_CACHE_MS: '0' });
    servers.push(uncached);
    console.log(`Started the reference (${hello.baseUrl}), the app (${app.baseUrl}) and the uncached app (${uncached.baseUrl}); SMTP sink on ${smtp.port}, SMS sink at ${sms.url}.`);

    // The first browse loads the postcode directory; that start-up peak is measured on its own.
    await getJson(app.baseUrl, '/api/listings?limit=1');
    const appPid = scriptProcessPid(app.child.pid!, serverScript);
    const helloPid = scriptProcessPid(hello.child.pid!, 'scripts/bench-hello.ts');
    const uncachedPid = scriptProcessPid(uncached.child.pid!, serverScript);
    const startupPeak = peakRssBytes(appPid) ?? 0;
    const measureRun = async (shape: RequestShape, baseUrl: string, pid: number): Promise<LineRun> => {
      const { result, cpu } = await measureCpu(pid, () => runLoad(shape, { baseUrl, connections, durationSeconds }));
      return lineRunOf(result, cpu, durationSeconds);
    };

    const targets = await prepareReadTargets(app.baseUrl, pool);
    const { connectorEmail, connectorToken, listingIds } = targets;
    const { rows: hashRows } = await pool.query<{ password: string }>('select password from users where email = $1', [connectorEmail]);
    const sharedPasswordHash = hashRows[0].password;

    // POST: every request is a real create by a verified connector with room under their limit.
    // Connectors may hold 8 active listings, so each phase gets fresh seller accounts (made in SQL
    // with seeded members' postcodes, signed in through the API) and the tokens rotate so no
    // account passes its limit. They and their listings are deleted at the end.
    const runId = startedAt.getTime().toString(36);
    let posterBatch = 0;
    let posterTokens: string[] = [];
    let nextPoster = 0;
    let postNumber = 0;
    const createPosters = async (count: number): Promise<string[]> => {
      posterBatch += 1;
      const started = performance.now();
      const { rows } = await pool.query<{ email: string }>(
        `insert into users (email, password, first_name, last_name, membership_tier, is_email_verified, postcode, state, suburb, location)
         select 'bench-poster-' || $1 || '-' || $2 || '-' || row_number() over () || '@bench.local', $3, 'Poster', 'Bench', 'connector', true,
                m.postcode, m.state, m.suburb, m.location
         from (select postcode, state, suburb, location from users where email like 'member%@bench.local' order by random() limit $4) m
         returning email`,
        [runId, posterBatch, sharedPasswordHash, count],
      );
      const tokens = await mapWithConcurrency(
        rows.map((row) => row.email),
        loginConcurrency,
        (email) => login(app.baseUrl, email),
      );
      console.log(`    ${tokens.length} poster accounts created and signed in (${elapsed(started).toFixed(1)} s)`);
      return tokens;
    };
    cleanups.push(async () => {
      const started = performance.now();
      const { rowCount } = await pool.query('delete from users where email like $1', [benchPosterEmailPattern]);
      // Creating listings raised the map's per-postcode counts; deleting the posters' listings did not lower them.
      await rebuildPostcodeCounts(drizzle({ client: pool }) as unknown as Database);
      // The posters' listings were the newest rows: vacuum so the next run does not step over them.
      await pool.query('vacuum (analyze) listings');
      await pool.query('vacuum (analyze) users');
      await pool.query('vacuum (analyze) sessions');
      console.log(`Deleted ${rowCount} poster accounts with their listings and vacuumed (${elapsed(started).toFixed(1)} s).`);
    });
    const categories = listingCategories.map((category) => category.value);
    const postShape: RequestShape = {
      method: 'POST',
      path: '/api/listings',
      headers: { 'content-type': 'application/json' },
      setupRequest: (request) => {
        const token = posterTokens[nextPoster % posterTokens.length];
        nextPoster += 1;
        postNumber += 1;
        const category = categories[postNumber % categories.length];
        const items = categoryVocabulary[category].items;
        const item = items[postNumber % items.length];
        return {
          ...request,
          method: 'POST',
          path: '/api/listings',
          headers: { ...request.headers, 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({
            title: `Bench ${item} ${postNumber}`,
            description: `A ${item} listed by the benchmark, run ${runId}. Pickup only.`,
            price: `${(postNumber % 900) + 5}.${String(postNumber % 100).padStart(2, '0')}`,
            category,
            imageUrls: [],
          }),
        };
      },
    };

    const explainBrowse = (pathname: string, viewer: { email: string; token: string } | null) => async () => {
      const recorder = createRecordingDatabase(pool);
      const [viewerRow] = viewer ? await recorder.db.select().from(users).where(eq(users.email, viewer.email)) : [null];
      recorder.take();
      if (viewer) await findSessionUser(recorder.db, viewer.token);
      const query = browseListingsQuery.parse(Object.fromEntries(new URL(pathname, 'http://bench.local').searchParams));
      await browseListings(recorder, { viewer: viewerRow ? { user: viewerRow } : { user: null }, query });
      return explainQueries(pool, recorder.take());
    };
    const connector = { email: connectorEmail, token: connectorToken };
    const explainLine = (explainAs: ExplainAs): Scenario['explain'] => {
      if (explainAs === null) return undefined;
      if (explainAs === 'detail')
        return async () => {
          const recorder = createRecordingDatabase(pool);
          await getListing(recorder, { listingId: listingIds[0] });
          return explainQueries(pool, recorder.take());
        };
      if (explainAs === 'session')
        return async () => {
          const recorder = createRecordingDatabase(pool);
          await findSessionUser(recorder.db, connectorToken);
          return explainQueries(pool, recorder.take());
        };
      return explainBrowse(explainAs.browse, explainAs.asConnector ? connector : null);
    };

    // The same reads with the read cache off, at full load: what members feel when most requests miss
    // (varied areas, words and pages). Nearest first and the map are held to the browse line.
    const lines = readLines(targets);
    const lineShape = (prefix: string) => lines.find((line) => line.label.startsWith(prefix))!.shape;
    const searchPhrases = ['guitar', 'bike', 'table'];
    let nextPhrase = 0;
    const searchShape: RequestShape = {
      ...get('/api/listings?search=guitar'),
      setupRequest: (request) => ({ ...request, path: `/api/listings?search=${searchPhrases[nextPhrase++ % searchPhrases.length]}` }),
    };
    // Set once every round is measured: nearest first and the map are judged against its medians.
    let cacheOffBrowseRuns: LineRun[] | null = null;
    const relativeToBrowse = (): CacheOffBudget | null => {
      const factor = budgets.cacheOff.relativeToBrowse;
      if (!cacheOffBrowseRuns) return null;
      return { minRps: median(cacheOffBrowseRuns.map((run) => run.requestsPerSecond)) / factor, maxP99Ms: median(cacheOffBrowseRuns.map((run) => run.p99)) * factor };
    };
    /** A search in any area at no less than this share of the browse line's rate (decision 40). */
    const searchShareOfBrowse = 0.6;
    const searchAgainstBrowse = (): CacheOffBudget | null => {
      if (!cacheOffBrowseRuns) return null;
      return { minRps: median(cacheOffBrowseRuns.map((run) => run.requestsPerSecond)) * searchShareOfBrowse, maxP99Ms: budgets.cacheOff.search.maxP99Ms };
    };
    const lineExplain = (prefix: string) => explainLine(lines.find((line) => line.label.startsWith(prefix))!.explainAs);

    // Each cache-off line's replay: a bare Fastify with the app's pool size running the statements
    // the app runs for that request (recorded through its own functions), nothing else. It shows
    // what Node and Fastify cost around the query, not whether the query is good.
    const record = async (run: (recorder: ReturnType<typeof createRecordingDatabase>) => Promise<unknown>): Promise<RecordedQuery[]> => {
      const recorder = createRecordingDatabase(pool);
      await run(recorder);
      return recorder.take();
    };
    const [connectorRow] = await drizzle({ client: pool }).select().from(users).where(eq(users.email, connectorEmail));
    const browseStatements = (pathname: string, viewer: 'visitor' | 'connector') =>
      record((recorder) =>
        browseListings(recorder, {
          viewer: viewer === 'connector' ? { user: connectorRow } : { user: null },
          query: browseListingsQuery.parse(Object.fromEntries(new URL(pathname, 'http://bench.local').searchParams)),
        }),
      );
    const mapQuery = mapCountsQuery.parse(Object.fromEntries(new URLSearchParams(mapOpeningQuery())));
    const recordedCalls = {
      browse: await browseStatements('/api/listings', 'visitor'),
      search: await browseStatements(`/api/listings?search=${searchPhrases[0]}`, 'visitor'),
      detail: await record((recorder) => getListing(recorder, { listingId: listingIds[0] })),
      nearest: await browseStatements('/api/listings?sort=distance', 'connector'),
      map: await record((recorder) => listListingCountsJson(recorder, { viewer: connectorRow, bounds: boundsOf(mapQuery) })),
    };
    // Named where the app names them (src/server/listings/browse-listings.ts: plansOnce; lookups by key).
    const ceilingQueries: CeilingQuery[] = [
      ...ceilingCall('browse', recordedCalls.browse, {}, () => true),
      ...ceilingCall('search', recordedCalls.search, { words: searchPhrases[0] }, () => false),
      ...ceilingCall('detail', recordedCalls.detail, { listing: listingIds[0] }, () => true),
      ...ceilingCall('nearest', recordedCalls.nearest, {}, (_query, index) => index === 0),
      ...ceilingCall('map', recordedCalls.map, {}, () => true),
    ];
    const ceilingFile = path.join(dataDir, 'ceiling-queries.json');
    await writeFile(ceilingFile, JSON.stringify(ceilingQueries, null, 2));
    const ceilingPort = await findFreePort();
    const sqlCeiling = await startChildServer({
      label: 'app statements replayed',
      ...onServerCore(cpus, tsxBin, [ceilingScript]),
      env: { ...process.env, PORT: String(ceilingPort), DATABASE_URL: databaseUrl, POOL_SIZE: '10', CEILING_QUERIES: ceilingFile, NODE_ENV: 'production' },
      port: ceilingPort,
      readyPath: '/',
    });
    servers.push(sqlCeiling);
    const sqlCeilingPid = scriptProcessPid(sqlCeiling.child.pid!, ceilingScript);
    let nextCeilingPhrase = 0;
    let nextCeilingId = 0;
    const ceilingShape = (name: keyof typeof recordedCalls, fill?: () => string): Scenario['replay'] => ({
      statements: recordedCalls[name].length,
      shape: { ...get(`/q/${name}`), ...(fill ? { setupRequest: (request) => ({ ...request, path: `/q/${name}?${fill()}` }) } : {}) },
    });

    const cacheOff = (label: string, shape: RequestShape, budget: () => CacheOffBudget | null, replay: Scenario['replay'], explain?: Scenario['explain']): Scenario => ({
      label: `Cache off: ${label}`,
      kind: 'cache-off',
      target: 'uncached',
      shape,
      cacheOffBudget: budget,
      explain,
      replay,
    });
    const cacheOffLines: Scenario[] = [
      cacheOff('browse first page (visitor)', lineShape('Browse first page'), () => budgets.cacheOff.browse, ceilingShape('browse'), lineExplain('Browse first page')),
      cacheOff(
        `search (${searchPhrases.map((phrase) => `"${phrase}"`).join(', ')} rotated)`,
        searchShape,
        () => budgets.cacheOff.search,
        ceilingShape('search', () => `words=${searchPhrases[nextCeilingPhrase++ % searchPhrases.length]}`),
        explainBrowse('/api/listings?search=guitar', null),
      ),
      // A common word newest first in each of the three areas (decisions 40 and 41), held to 60% of the browse line.
      ...commonWordSearchLines(targets).map((line) =>
        cacheOff(line.label.replace(/^Search/, 'search'), line.shape, searchAgainstBrowse, ceilingShape('search', () => `words=${commonWord}`)),
      ),
      cacheOff(
        'listing detail (ids rotated)',
        lineShape('Listing detail'),
        () => budgets.cacheOff.detail,
        ceilingShape('detail', () => `listing=${listingIds[nextCeilingId++ % listingIds.length]}`),
        lineExplain('Listing detail'),
      ),
      cacheOff('sort nearest first (connector, 3000)', lineShape('Sort nearest first'), relativeToBrowse, ceilingShape('nearest'), lineExplain('Sort nearest first')),
      cacheOff('map listing counts (connector, the map opening at 3000)', lineShape('Map listing counts (connector'), relativeToBrowse, ceilingShape('map')),
    ];

    const scenarios: Scenario[] = [
      { label: 'Ceiling: GET /api/health/live (the app, same hooks)', kind: 'ceiling', target: 'app', shape: get('/api/health/live') },
      { label: 'Reference: bare Fastify hello world (own process)', kind: 'reference', target: 'hello', shape: get('/') },
      ...lines.map(
        (line): Scenario => ({
          label: line.label,
          kind: 'read',
          target: 'app',
          shape: line.shape,
          checkShareOfCeiling: line.label.startsWith('Browse first page'),
          explain: explainLine(line.explainAs),
        }),
      ),
      ...cacheOffLines,
      {
        label: 'Map listing counts, whole country (zoomed out)',
        kind: 'info',
        target: 'app',
        shape: get('/api/map/listing-counts', connectorToken),
      },
      {
        label: 'POST /api/listings (fresh connector sellers)',
        kind: 'write',
        target: 'app',
        shape: postShape,
        // Sized from the previous phase's rate with room to spare; a shortfall would show as 403s.
        beforePhase: async (phase, previousRps) => {
          const expectedPerSecond = phase === 'warmup' ? 500 : phase === 'measure' ? Math.max(1000, 2 * (previousRps ?? 500)) : Math.max(100, previousRps ?? 100);
          const phaseSeconds = phase === 'warmup' ? warmupSeconds : phase === 'measure' ? durationSeconds : probeSeconds;
          posterTokens = await createPosters(Math.ceil((expectedPerSecond * phaseSeconds * 1.2) / postsPerPoster) + 10);
          nextPoster = 0;
        },
      },
    ];

    const chosen = scenarios.filter((scenario) => !only || scenario.kind === 'ceiling' || scenario.kind === 'reference' || scenario.label.toLowerCase().includes(only));
    const leftOut = scenarios.filter((scenario) => !chosen.includes(scenario)).map((scenario) => scenario.label);
    if (only && chosen.every((scenario) => scenario.kind === 'ceiling' || scenario.kind === 'reference')) {
      throw new Error(`--only "${only}" matches no line. The lines: ${scenarios.map((scenario) => scenario.label).join('; ')}.`);
    }

    // The anchor the cache-off budgets were written against, and the run's no-change control.
    const anchorPort = await findFreePort();
    const anchor = await startChildServer({
      label: 'anchor',
      ...onServerCore(cpus, tsxBin, [anchorScript]),
      env: { ...process.env, PORT: String(anchorPort), DATABASE_URL: databaseUrl, POOL_SIZE: '10', NODE_ENV: 'production' },
      port: anchorPort,
      readyPath: '/',
    });
    servers.push(anchor);
    const anchorPid = scriptProcessPid(anchor.child.pid!, anchorScript);
    let nextAnchorId = 0;
    const anchorShape: RequestShape = { ...get('/listing'), setupRequest: (request) => ({ ...request, path: `/listing?id=${listingIds[nextAnchorId++ % listingIds.length]}` }) };
    const measureAnchor = async (): Promise<LineRun> => {
      await runLoad(anchorShape, { baseUrl: anchor.baseUrl, connections, durationSeconds: warmupSeconds });
      const run = await measureRun(anchorShape, anchor.baseUrl, anchorPid);
      await waitForIdle(pool, `${anchor.baseUrl}/`);
      return run;
    };

    type Measured = { runs: LineRun[]; probe: LineRuns['probe']; replay: LineRun[]; anchor: LineRun[] };
    const measured = new Map<Scenario, Measured>(chosen.map((scenario) => [scenario, { runs: [], probe: null, replay: [], anchor: [] }]));
    const controlRuns: LineRun[] = [];
    const roundPeaks: number[] = [];
    for (let round = 1; round <= rounds; round += 1) {
      console.log(`Round ${round} of ${rounds}`);
      const peakWasReset = resetPeakRss(appPid);
      controlRuns.push(await measureAnchor());
      console.log(`  - no-change control, the anchor: ${describeRun(controlRuns.at(-1)!)}`);
      for (const scenario of chosen) {
        const record = measured.get(scenario)!;
        const server = scenario.target === 'hello' ? hello : scenario.target === 'uncached' ? uncached : app;
        const serverPid = scenario.target === 'hello' ? helloPid : scenario.target === 'uncached' ? uncachedPid : appPid;
        const settle = () => (scenario.target === 'hello' ? Promise.resolve() : waitForIdle(pool, `${server.baseUrl}/api/health`));
        console.log(`  - ${scenario.label}`);
        await scenario.beforePhase?.('warmup');
        const warmup = await runLoad(scenario.shape, { baseUrl: server.baseUrl, connections, durationSeconds: warmupSeconds });
        await settle();
        await scenario.beforePhase?.('measure', warmup.requestsPerSecond);
        const run = await measureRun(scenario.shape, server.baseUrl, serverPid);
        await settle();
        // The 1-connection probe, in the first round only; a cache-off line's own run already went to the uncached server.
        if (round === 1 && probeSeconds > 0 && scenario.kind !== 'cache-off') {
          await scenario.beforePhase?.('probe', run.requestsPerSecond);
          const probe = await runLoad(scenario.shape, { baseUrl: scenario.target === 'hello' ? hello.baseUrl : uncached.baseUrl, connections: 1, durationSeconds: probeSeconds });
          await settle();
          // Nothing answered within the probe: latency is at least its length.
          record.probe = probe.total === 0 ? { p50: probeSeconds * 1000, p99: probeSeconds * 1000 } : { p50: probe.p50, p99: probe.p99 };
          if (probe.errors > 0) {
            run.errors += probe.errors;
            run.statusNote = [run.statusNote, `1-conn probe: ${describeStatuses(probe)}`].filter(Boolean).join('; ');
          }
        }
        record.runs.push(run);
        console.log(`      ${describeRun(run)}${record.probe && round === 1 ? `; 1 connection: p50 ${record.probe.p50} ms, p99 ${record.probe.p99} ms` : ''}`);
        if (scenario.replay) {
          await runLoad(scenario.replay.shape, { baseUrl: sqlCeiling.baseUrl, connections, durationSeconds: warmupSeconds });
          record.replay.push(await measureRun(scenario.replay.shape, sqlCeiling.baseUrl, sqlCeilingPid));
          await settle();
          record.anchor.push(await measureAnchor());
          console.log(`      its statements replayed: ${describeRun(record.replay.at(-1)!)}`);
          console.log(`      the anchor: ${describeRun(record.anchor.at(-1)!)}`);
        }
      }
      const peak = peakRssBytes(appPid);
      // The server's peak up to and including this round (start-up counts against the budget too).
      if (peakWasReset && peak !== null) roundPeaks.push(Math.max(peak, startupPeak));
    }

    // The tsx launcher above the app, when there is one: its memory is not the server's, but shown.
    const launcherPeak = appPid !== app.child.pid ? peakRssBytes(app.child.pid!) : null;
    const serverWarnings = app.output();
    await app.stop();
    await hello.stop();
    if (serverWarnings) console.log(`The app logged (LOG_LEVEL=warn), last lines:\n${serverWarnings}`);

    console.log('Timing the image path (12-megapixel JPEG through processImage, 10 runs) ...');
    const image = await timeImageProcessing(10);

    // Verdicts (scripts/bench/api-lines.ts): each budget on the median of the rounds, against the
    // noise of the anchor measured in the same rounds. Nearest first and the map need the browse line's medians.
    cacheOffBrowseRuns = measured.get(cacheOffLines[0])?.runs ?? null;
    const tableLines = apiTableLines({
      control: controlRuns,
      ceilingRuns: measured.get(chosen.find((scenario) => scenario.kind === 'ceiling')!)!.runs,
      lines: chosen.map((scenario) => ({
        label: scenario.label,
        kind: scenario.kind,
        checkShareOfCeiling: scenario.checkShareOfCeiling,
        cacheOffBudget: scenario.cacheOffBudget?.(),
        replayStatements: scenario.replay?.statements,
        ...measured.get(scenario)!,
      })),
    });

    const rssJudgement =
      roundPeaks.length >= minimumRuns
        ? judgeBudget({ runs: roundPeaks.map((bytes) => bytes / 1024 / 1024), budget: { name: 'peak RSS', rule: 'below', limit: budgets.peakRssBytes / 1024 / 1024, unit: 'MB', statistic: 'max' }, controlSpread: 0 })
        : null;
    const imageJudgement = judgeBudget({ runs: image.runsMs, budget: { name: 'processing', rule: 'below', limit: budgets.imageMs, unit: 'ms', statistic: 'max' }, controlSpread: 0 });
    const explains: { title: string; text: string }[] = [];
    for (const line of tableLines) {
      const explain = line.lineIndex === undefined ? undefined : chosen[line.lineIndex].explain;
      if (!explain || (!explainAll && combineVerdicts(line.judgements.map((judgement) => judgement.verdict)) === 'met')) continue;
      const explained = await explain();
      explains.push({ title: line.label, text: formatExplained(line.label, explained) });
    }

    const table = linesTable(tableLines);
    const runVerdict = judgeRun({
      judged: [
        ...tableLines.map((line) => ({ label: line.label, judgements: line.judgements })),
        ...(rssJudgement ? [{ label: 'Server peak RSS', judgements: [rssJudgement] }] : []),
        { label: 'Image processing', judgements: [imageJudgement] },
      ],
      leftOut: [...leftOut, ...(rssJudgement ? [] : ['Server peak RSS (the peak could not be reset between rounds)'])],
      runs: rounds,
    });
    const summary = [
      `**${runVerdict.text}**`,
      `Server peak RSS (VmHWM of the node process running ${serverScript}) by round: ${roundPeaks.length > 0 ? roundPeaks.map(mb).join(', ') : 'not measured'}; ` +
        `${rssJudgement ? describeJudgements([rssJudgement]) : `not judged: the peak could not be reset between rounds (budget < ${mb(budgets.peakRssBytes)})`}; at start-up and the first browse ${mb(startupPeak)}` +
        (launcherPeak ? `; the tsx launcher process above it peaked at ${mb(launcherPeak)}` : ''),
      `Image processing, ${image.width}×${image.height} JPEG (${(image.inputBytes / 1024 / 1024).toFixed(1)} MB, gradients and noise) through processImage(), ` +
        `${image.runsMs.length} runs in-process: min / median / max ${formatRuns(summariseRuns(image.runsMs))} ms; ${describeJudgements([imageJudgement])}`,
    ];
    const autocannonVersion = (createRequire(import.meta.url)('autocannon/package.json') as { version: string }).version;
    const notes = [
      `Verdicts: every line is measured once in each of ${rounds} rounds; a budget is judged on the median of the rounds (peak memory and the image on the worst), shown as min / median / max. A figure closer to its limit than the noise is "not measurable", not met: the noise is the spread of the no-change control (the anchor, whose code no change to the app touches, measured in the same rounds; for a cache-off line the anchor measured beside it), carried over to the line's figure in proportion, or the line's own spread if that is wider. A run with --only leaves lines out, names them, and gives no overall verdict.`,
      'The ceiling is the app\'s own hello-world, GET /api/health/live: the same server, with the hooks every request passes (request id, security headers, session check) and no I/O. The reference line is a bare Fastify (scripts/bench-hello.ts, same version) in its own process, for comparison.',
      `Hot reads are served from the app's read cache (READ_CACHE_MS, default ${loadConfig({}).readCacheMs} ms; any write makes it stale at once), so the ${connections}-connection lines show mostly cached answers. The "1 conn, uncached" column (first round) is the same request on a second app server with READ_CACHE_MS=0: every request runs its queries, i.e. what the first reader after a write waits. The "Cache off" lines send the same reads to that server at ${connections} connections: what members feel when most requests miss the cache (thousands of postcodes, any words, deep pages); their budgets: browse ≥ ${budgets.cacheOff.browse.minRps.toLocaleString('en-AU')} req/s with p99 ≤ ${budgets.cacheOff.browse.maxP99Ms} ms, search ≥ ${budgets.cacheOff.search.minRps.toLocaleString('en-AU')} / ${budgets.cacheOff.search.maxP99Ms} ms, detail ≥ ${budgets.cacheOff.detail.minRps.toLocaleString('en-AU')} / ${budgets.cacheOff.detail.maxP99Ms} ms, nearest first and the map within ${budgets.cacheOff.relativeToBrowse}x of the browse line.`,
      `The anchor (scripts/bench/anchor-server.ts) is what the cache-off budgets were written against: a bare Fastify of the same version with a pool of 10, on the app's core, answering one primary-key lookup of a listing (ids rotated), its SQL written by hand so that no change to the app moves it. Each cache-off line is followed by its statements replayed and by the anchor, measured in the same round; "of the anchor" is the line's share of it.`,
      `"App statements replayed" (scripts/bench/sql-ceiling.ts) is the same bare Fastify + pg running exactly the statements the app runs for that request (recorded through the app's own functions, named where the app names them) with the same values, answering their rows as JSON: no session, validation, schema or compression. A line's share of its replay is what Node and Fastify cost around the query; it says nothing about whether the query is good (a slow query makes its replay slow too). The query is judged by the budgets, and against the anchor.`,
      `autocannon ${autocannonVersion} runs inside the bench process on the same machine: ${describeSplit(cpus)}. Compare runs on one machine rather than reading the numbers as capacity.`,
      `CPU columns: share of one core during the measured runs (mean over the rounds; ${machine.cores * 100}% = every core), from /proc: the server process, all postgres processes, the bench process running autocannon, and everything else on the machine (other work running at the same time makes a line slower).`,
      `p50/p99 are at ${connections} connections and include queueing once the server is saturated (latency ≈ connections ÷ throughput); the "1 conn" column is the same request with one connection, i.e. its own cost.`,
      `POST /api/listings: each phase gets fresh verified Connector sellers (limit ${postsPerPoster} active listings), created in SQL at seeded members' postcodes and signed in through POST /api/auth/login; requests rotate through their tokens so none reaches the limit. They and their listings are deleted afterwards.`,
      `The deep page is page ${targets.deepPage} of the unfiltered browse, reached by following ${nextCursorHeader}; listing detail rotates through ${listingIds.length.toLocaleString('en-AU')} random listing ids.`,
      `The map line is what the Items Near You map asks for when it opens at ${benchMemberPostcode} (${mapOpeningQuery()}): the postcodes around the view. Zoomed out, the map asks for the whole country (every postcode with listings, summed per state on the page); that answer is about 70 KB gzipped, so at ${connections} connections the load generator, not the server, is what runs out of CPU: it is measured for the record, outside the budgets.`,
    ];
    const settings = `${rounds} rounds; in each, every line gets a ${warmupSeconds} s warm-up and ${durationSeconds} s measured at ${connections} connections${
      probeSeconds > 0 ? `, and in the first round ${probeSeconds} s with 1 connection` : ''
    }; app started as npm start does (\`${['node', ...serve.args].join(' ')}\`${args.has('no-build') ? ', the bundle already in dist/, not rebuilt' : ''}) with NODE_ENV=production, LOG_LEVEL=warn, RATE_LIMIT_MULTIPLIER=10000 (the bench signs in hundreds of sellers from one address), its default pool of 10 PostgreSQL connections; ${describeSplit(cpus)}`;

    console.log(`\n${table}\n`);
    for (const line of summary) console.log(line);
    for (const explain of explains) console.log(`\nEXPLAIN (ANALYZE, BUFFERS): ${explain.title}\n${explain.text}`);

    const body = renderRunBody({
      machine,
      listings: { total: counts.total, active: counts.active, users: counts.users },
      seedSeconds,
      settings,
      table,
      summary,
      notes,
      explains,
    });
    const title = `${counts.total.toLocaleString('en-AU')} listings${leftOut.length > 0 ? ` · partial run (--only ${only})` : ''}`;
    const file = writeDocs ? writeRunFile({ script: 'bench', startedAt, title, argv: process.argv.slice(2), body }) : null;
    if (file) console.log(`\nRecorded this run in ${path.relative(projectRoot, file)}.`);
  } finally {
    for (const server of servers) await server.stop().catch(() => {});
    for (const cleanup of cleanups) await cleanup().catch((error: unknown) => console.error('cleanup failed:', error));
    // The bench members' own sessions from this run.
    await pool
      .query(`delete from sessions where user_id in (select id from users where email like 'bench-%@bench.local')`)
      .catch(() => {});
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
