// `npm run bench:pages -- [--database-url URL] [--rounds 3] [--duration 10] [--connections 16] [--no-build] [--no-docs]`
// Visitors' pages rendered once per change (server-render.ts): on a database filled by `npm run
// seed:scale`, the built app answers a visitor's listing page (as a shared link or a search engine
// asks: no session, Brotli) next to its anchor measured in the same round, the cached API answer
// of the same listing. Budget: the page at >= 50% of the anchor's rate. Beside them, for the
// record: the same page rendered afresh (a new address each time, as every page was before), and
// the landing page. Each line runs once in each of `--rounds` rounds (at least 3), judged on the
// median round; the run is written to its own file in docs/benchmarks/runs/.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { runBuild, startBenchApp } from './bench/app-server';
import { countData, ensureDatabaseExists } from './bench/bench-database';
import { isPostgresUrl, parseCliArgs, positiveIntegerArg, redactDatabaseUrl, stringArg } from './bench/cli-args';
import { runLoad, type LoadResult, type RequestShape } from './bench/load';
import { describeMachineOf } from './bench/report';
import { publishRun } from './bench/run-files';
import { startSmsSink } from './bench/sms-sink';
import { startSmtpSink } from './bench/smtp-sink';
import { describeJudgements, formatRuns, judgeBudget, judgeRun, median, minimumRuns, summariseRuns } from './bench/verdict';

const budgetShare = 50;

const count = (value: number) => Math.round(value).toLocaleString('en-AU');

/** GETs that take the next of `paths` on every request, as a browser or crawler asks (Brotli). */
function rotating(paths: readonly string[]): RequestShape {
  let next = 0;
  return {
    method: 'GET',
    path: paths[0],
    headers: { 'accept-encoding': 'br, gzip' },
    setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }),
  };
}

async function main(): Promise<void> {
  const args = parseCliArgs();
  const databaseUrl = stringArg(args, 'database-url') ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
  if (!isPostgresUrl(databaseUrl)) throw new Error('The benchmark needs PostgreSQL: set DATABASE_URL to a postgres:// URL.');
  const rounds = positiveIntegerArg(args, 'rounds', minimumRuns);
  if (rounds < minimumRuns) throw new Error(`--rounds must be at least ${minimumRuns}: the budgets are judged on at least ${minimumRuns} rounds.`);
  const durationSeconds = positiveIntegerArg(args, 'duration', 10);
  const connections = positiveIntegerArg(args, 'connections', 16);
  const startedAt = new Date();
  console.log(`Visitor pages benchmark against ${redactDatabaseUrl(databaseUrl)}`);
  await ensureDatabaseExists(databaseUrl);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const counts = await countData(pool);
  if (counts.total < 100_000) throw new Error(`The database holds ${counts.total} listings: fill it first with npm run seed:scale.`);
  // Listings a shared link would name: active ones, spread over the catalogue.
  const { rows } = await pool.query<{ id: string }>('select id from listings where is_active order by md5(id::text) limit 200');
  const ids = rows.map((row) => row.id);
  const machine = await describeMachineOf(pool);
  await pool.end();
  if (!args.has('no-build')) await runBuild();

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-pages-'));
  const smtp = await startSmtpSink(2525);
  const sms = await startSmsSink();
  const app = await startBenchApp({ label: 'app server', databaseUrl, dataDir, smtpPort: smtp.port, smsUrl: sms.url });
  try {
    let fresh = 0;
    const lines: { label: string; shape: () => RequestShape; anchor?: true; judged?: true }[] = [
      { label: 'anchor: cached API answer of the listing (GET /api/listings/:id)', shape: () => rotating(ids.map((id) => `/api/listings/${id}`)), anchor: true },
      { label: "a visitor's listing page (GET /listing/:id), kept", shape: () => rotating(ids.map((id) => `/listing/${id}`)), judged: true },
      { label: 'the same page rendered afresh (a new address each request)', shape: () => ({ ...rotating([`/listing/${ids[0]}`]), setupRequest: (request) => ({ ...request, path: `/listing/${ids[fresh % ids.length]}?from=${fresh++}` }) }) },
      { label: "a visitor's landing page (GET /), kept", shape: () => rotating(['/']) },
    ];
    // Every page seen once, so the first round does not measure the first renders.
    for (const id of ids) await (await fetch(`${app.baseUrl}/listing/${id}`)).arrayBuffer();
    const results: LoadResult[][] = lines.map(() => []);
    for (let round = 1; round <= rounds; round += 1) {
      for (const [index, line] of lines.entries()) {
        console.log(`Round ${round} of ${rounds}: ${line.label} ...`);
        await runLoad(line.shape(), { baseUrl: app.baseUrl, connections, durationSeconds: 2 });
        const result = await runLoad(line.shape(), { baseUrl: app.baseUrl, connections, durationSeconds });
        if (result.errors > 0) throw new Error(`${line.label}: ${result.errors} failed answers (${JSON.stringify(result.statusCounts)})`);
        results[index].push(result);
      }
    }
    const anchorIndex = lines.findIndex((line) => line.anchor);
    const shares = (index: number) => results[index].map((result, round) => (result.requestsPerSecond / results[anchorIndex][round].requestsPerSecond) * 100);
    const judged = lines
      .map((line, index) => ({ line, index }))
      .filter(({ line }) => line.judged)
      .map(({ line, index }) => ({
        label: line.label,
        judgements: [judgeBudget({ runs: shares(index), budget: { name: 'share of the anchor', rule: 'at least', limit: budgetShare, unit: '%' }, controlSpread: 0 })],
      }));
    const table = lines.map((line, index) => {
      const runs = results[index];
      const judgement = judged.find((entry) => entry.label === line.label);
      return `| ${line.label} | ${formatRuns(summariseRuns(runs.map((run) => run.requestsPerSecond)), count)} | ${median(runs.map((run) => run.p50)).toFixed(1)} | ${median(runs.map((run) => run.p99)).toFixed(1)} | ${line.anchor ? '100%' : `${Math.round(median(shares(index)))}%`} | ${judgement ? describeJudgements(judgement.judgements) : '—'} |`;
    });
    const body = [
      `- Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB RAM; Node ${machine.node}; PostgreSQL ${machine.postgres} (${machine.postgresSettings}); load average ${machine.loadAverage} when the run started (other work on the machine)`,
      `- Data: ${count(counts.total)} listings (${count(counts.active)} active), ${count(counts.users)} members; ${ids.length} listings asked in turn; ${connections} connections, ${durationSeconds} s a line after 2 s of warm-up, Brotli accepted`,
      `- **${judgeRun({ judged, leftOut: [], runs: rounds }).text}**`,
      '',
      `| line (${rounds} rounds) | requests/s min / median / max | p50 ms (median) | p99 ms (median) | share of the anchor (median of the rounds' shares) | verdict |`,
      '|---|---:|---:|---:|---:|---|',
      ...table,
      '',
      `- Budget: a visitor's listing page at >= ${budgetShare}% of the cached API answer of the same listing, each round's share taken against that round's anchor.`,
      '',
    ];
    publishRun({ script: 'bench:pages', startedAt, title: `${count(counts.total)} listings`, argv: process.argv.slice(2), body: body.join('\n') }, { write: !args.has('no-docs') });
  } finally {
    await app.stop();
    await smtp.close();
    await sms.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
