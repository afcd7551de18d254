// `npm run bench:sitemap -- [--database-url URL] [--parallel 4] [--rounds 3] [--no-build] [--no-docs]`
// The sitemap at scale (decision 22), on a database filled by `npm run seed:scale` (1,000,000
// listings, 100,000 members): the built app fetches /sitemap.xml, then every file it names, one
// after another as a crawler does (plain and gzipped), then `--parallel` files at once. Budget:
// >= 50,000 URLs a second, and the server's memory (RSS) rises by < 50 MB while they stream. Next
// to it, the ceiling: a bare Fastify + pg reading the same parts with the app's own statements
// (scripts/bench/sitemap-ceiling.ts). Every pass is made in each of `--rounds` rounds (at least 3) and
// judged on the median round (scripts/bench/verdict.ts); the run is written to its own file in
// docs/benchmarks/runs/.
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import { runBuild, serve, startBenchApp } from './bench/app-server';
import { countData, ensureDatabaseExists } from './bench/bench-database';
import { isPostgresUrl, parseCliArgs, positiveIntegerArg, redactDatabaseUrl, stringArg } from './bench/cli-args';
import { mapWithConcurrency } from './bench/load-phases';
import { currentRssBytes, findFreePort, peakRssBytes, resetPeakRss, scriptProcessPid, startChildServer, type ChildServer } from './bench/processes';
import { describeMachineOf } from './bench/report';
import { publishRun } from './bench/run-files';
import { describeJudgements, formatRuns, judgeBudget, judgeRun, median, minimumRuns, summariseRuns, type Judgement } from './bench/verdict';
import { startSmsSink } from './bench/sms-sink';
import { startSmtpSink } from './bench/smtp-sink';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsxBin = path.join(projectRoot, 'node_modules', '.bin', 'tsx');
const ceilingScript = 'scripts/bench/sitemap-ceiling.ts';
const budgets = { urlsPerSecond: 50_000, rssRiseBytes: 50 * 1024 * 1024 };


type Download = { status: number; encoding: string | undefined; urls: number; bytes: number };

/** GETs a file and counts its URLs as it arrives (lines of bare ids from the ceiling, <url> elements from the app). */
function download(url: string, options: { gzip: boolean; countLines?: boolean }): Promise<Download> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': options.gzip ? 'gzip' : 'identity' } }, (response) => {
        let bytes = 0;
        let urls = 0;
        let carried = '';
        response.on('data', (chunk: Buffer) => void (bytes += chunk.length));
        const body = response.headers['content-encoding'] === 'gzip' ? response.pipe(createGunzip()) : response;
        body.setEncoding('utf8');
        body.on('data', (text: string) => {
          if (options.countLines) {
            urls += text.split('\n').length - 1;
            return;
          }
          // An element cut between two chunks is counted once, with the end of the chunk before it.
          const joined = carried + text;
          urls += joined.split('<url>').length - 1;
          carried = joined.slice(-4);
        });
        body.on('end', () => resolve({ status: response.statusCode ?? 0, encoding: response.headers['content-encoding'], urls, bytes }));
        body.on('error', reject);
      })
      .on('error', reject);
  });
}

type Pass = { label: string; urls: number; seconds: number; bytes: number; rssRise: number | null; encodings: Set<string> };

/** Fetches each address (`parallel` at a time), timing the whole and watching the server's peak RSS. */
async function runPass(label: string, addresses: string[], options: { gzip: boolean; parallel: number; pid: number; countLines?: boolean }): Promise<Pass> {
  const before = currentRssBytes(options.pid);
  resetPeakRss(options.pid);
  const started = performance.now();
  const results = await mapWithConcurrency(addresses, options.parallel, (address) => download(address, options));
  const seconds = (performance.now() - started) / 1000;
  const peak = peakRssBytes(options.pid);
  const failed = results.find((result) => result.status !== 200);
  if (failed) throw new Error(`${label}: a file answered ${failed.status}`);
  return {
    label,
    urls: results.reduce((sum, result) => sum + result.urls, 0),
    seconds,
    bytes: results.reduce((sum, result) => sum + result.bytes, 0),
    rssRise: before !== null && peak !== null ? peak - before : null,
    encodings: new Set(results.map((result) => result.encoding ?? 'identity')),
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const count = (value: number) => Math.round(value).toLocaleString('en-AU');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(): Promise<void> {
  const args = parseCliArgs();
  const databaseUrl = stringArg(args, 'database-url') ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
  if (!isPostgresUrl(databaseUrl)) throw new Error('The benchmark needs PostgreSQL: set DATABASE_URL to a postgres:// URL.');
  const parallel = positiveIntegerArg(args, 'parallel', 4);
  const rounds = positiveIntegerArg(args, 'rounds', minimumRuns);
  if (rounds < minimumRuns) throw new Error(`--rounds must be at least ${minimumRuns}: the budgets are judged on at least ${minimumRuns} rounds.`);
  const startedAt = new Date();
  console.log(`Sitemap benchmark against ${redactDatabaseUrl(databaseUrl)}`);
  await ensureDatabaseExists(databaseUrl);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const counts = await countData(pool);
  if (counts.total < 100_000) throw new Error(`The database holds ${counts.total} listings: fill it first with npm run seed:scale.`);
  const { rows: sellerRows } = await pool.query<{ sellers: string }>('select count(distinct seller_id) as sellers from listings where is_active');
  const machine = await describeMachineOf(pool);
  await pool.end();
  if (!args.has('no-build')) await runBuild();

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-sitemap-'));
  const smtp = await startSmtpSink(2525);
  const sms = await startSmsSink();
  const servers: ChildServer[] = [];
  try {
    const app = await startBenchApp({ label: 'app server', databaseUrl, dataDir, smtpPort: smtp.port, smsUrl: sms.url, extraEnv: { PUBLIC_URL: 'https://neighbourly.example' } });
    servers.push(app);
    const appPid = scriptProcessPid(app.child.pid!, serve.script);
    const ceilingPort = await findFreePort();
    const ceiling = await startChildServer({
      label: 'sitemap ceiling',
      command: tsxBin,
      args: [ceilingScript],
      env: { ...process.env, PORT: String(ceilingPort), DATABASE_URL: databaseUrl, POOL_SIZE: '10', NODE_ENV: 'production' },
      port: ceilingPort,
      readyPath: '/',
    });
    servers.push(ceiling);
    const ceilingPid = scriptProcessPid(ceiling.child.pid!, ceilingScript);

    // The index, timed: it is what a crawler asks for first and most often.
    const indexTimes: number[] = [];
    let indexText = '';
    for (let index = 0; index < 21; index += 1) {
      const started = performance.now();
      const response = await fetch(`${app.baseUrl}/sitemap.xml`);
      indexText = await response.text();
      if (index > 0) indexTimes.push(performance.now() - started);
    }
    indexTimes.sort((a, b) => a - b);
    const files = [...indexText.matchAll(/<loc>https:\/\/neighbourly\.example(\/sitemaps\/[^<]+)<\/loc>/g)].map((match) => match[1]);
    const parts = files.filter((file) => /(listings|sellers)-/.test(file));
    const ceilingAddress = (file: string) => {
      const [, kind, part, of] = /(listings|sellers)-(\d+)-of-(\d+)/.exec(file)!;
      return `${ceiling.baseUrl}/${kind}/${part}/${of}`;
    };
    console.log(`/sitemap.xml names ${files.length} files; index p50 ${percentile(indexTimes, 50).toFixed(1)} ms`);

    // A first pass through the ceiling, untimed, so every timed pass finds the same warm caches.
    console.log('Warming the caches (one untimed pass) ...');
    await runPass('warm-up', parts.map(ceilingAddress), { gzip: false, parallel: 1, pid: ceilingPid, countLines: true });
    const passKinds = [
      ['app, one file at a time, gzip (as crawlers ask)', { gzip: true, parallel: 1 }],
      ['app, one file at a time, plain', { gzip: false, parallel: 1 }],
      [`app, ${parallel} files at once, gzip`, { gzip: true, parallel }],
    ] as const;
    const passes: Pass[][] = passKinds.map(() => []);
    const ceilingPasses: Pass[] = [];
    for (let round = 1; round <= rounds; round += 1) {
      for (const [index, [label, options]] of passKinds.entries()) {
        console.log(`Round ${round} of ${rounds}: ${label} ...`);
        passes[index].push(await runPass(label, parts.map((file) => `${app.baseUrl}${file}`), { ...options, pid: appPid }));
      }
      console.log(`Round ${round} of ${rounds}: the statements replayed ...`);
      ceilingPasses.push(await runPass('app statements replayed: the same statements, bare ids, one file at a time', parts.map(ceilingAddress), { gzip: false, parallel: 1, pid: ceilingPid, countLines: true }));
    }
    const rate = (pass: Pass) => pass.urls / pass.seconds;
    const ceilingRate = median(ceilingPasses.map(rate));
    // No separate control here: the noise is the rounds' own spread. Memory is held to its worst round.
    const judgePass = (runs: Pass[]): Judgement[] => [
      judgeBudget({ runs: runs.map(rate), budget: { name: 'URLs/s', rule: 'at least', limit: budgets.urlsPerSecond, unit: '' }, controlSpread: 0 }),
      ...(runs.every((pass) => pass.rssRise !== null)
        ? [judgeBudget({ runs: runs.map((pass) => pass.rssRise! / 1024 / 1024), budget: { name: 'RSS rise', rule: 'below', limit: budgets.rssRiseBytes / 1024 / 1024, unit: 'MB', statistic: 'max' }, controlSpread: 0 })]
        : []),
    ];
    const judged = passes.map((runs) => ({ label: runs[0].label, judgements: judgePass(runs) }));
    const of = (runs: Pass[], pick: (pass: Pass) => number, format: (value: number) => string) => formatRuns(summariseRuns(runs.map(pick)), format);
    const row = (runs: Pass[], judgements: Judgement[] | null) =>
      `| ${runs[0].label} | ${count(runs[0].urls)} | ${of(runs, (pass) => pass.seconds, (value) => value.toFixed(1))} | ${of(runs, rate, count)} | ${mb(runs[0].bytes)} | ` +
      `${runs.every((pass) => pass.rssRise !== null) ? of(runs, (pass) => pass.rssRise!, mb) : '—'} | ${judgements ? `${Math.round((median(runs.map(rate)) / ceilingRate) * 100)}%` : '—'} | ${judgements ? describeJudgements(judgements) : '—'} |`;
    const plain = passes[1];
    const expected = counts.active + Number(sellerRows[0].sellers);
    const lines = [
      `- Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB RAM; Node ${machine.node}; PostgreSQL ${machine.postgres} (${machine.postgresSettings}); load average ${machine.loadAverage} when the run started (other work on the machine)`,
      `- Data: ${count(counts.active)} active listings, ${count(Number(sellerRows[0].sellers))} members with one: ${count(expected)} URLs in ${parts.length} files (${files.filter((file) => file.includes('listings-')).length} of listings, ${files.filter((file) => file.includes('sellers-')).length} of sellers) plus pages.xml`,
      `- /sitemap.xml (the index, from the planner's row estimates): p50 ${percentile(indexTimes, 50).toFixed(1)} ms, max ${(indexTimes.at(-1) ?? 0).toFixed(1)} ms over 20 requests`,
      `- **${judgeRun({ judged, leftOut: [], runs: rounds }).text}**`,
      '',
      `| pass (${rounds} rounds) | URLs | seconds min / median / max | URLs/s min / median / max | bytes sent | server RSS rise min / median / max | share of the replay (medians) | verdict |`,
      '|---|---:|---:|---:|---:|---:|---:|---|',
      ...passes.map((runs, index) => row(runs, judged[index].judgements)),
      row(ceilingPasses, null),
      '',
      `- Budgets: >= ${count(budgets.urlsPerSecond)} URLs/s, RSS rise < ${mb(budgets.rssRiseBytes)} (peak VmHWM during the pass minus VmRSS before it). Every file answered 200; encodings seen: ${passes.map((runs) => [...runs[0].encodings].join('/')).join(', ')}; URLs in each app pass ${passes.flat().every((pass) => pass.urls === expected) ? 'equal' : 'differ from'} the active listings and sellers counted in SQL${ceilingPasses.every((pass) => pass.urls === expected) ? ', as in the replay' : ''}.`,
      `- The plain pass against the statements replayed (like for like, no gzip; what Node, Fastify and the XML cost around the queries): ${Math.round((median(plain.map(rate)) / ceilingRate) * 100)}%.`,
      '',
    ];
    publishRun(
      { script: 'bench:sitemap', startedAt, title: `${count(counts.total)} listings, ${count(counts.users)} members`, argv: process.argv.slice(2), body: lines.join('\n') },
      { write: !args.has('no-docs') },
    );
  } finally {
    for (const server of servers.reverse()) await server.stop();
    await smtp.close();
    await sms.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
