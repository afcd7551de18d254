// npm run bench:admin-insights: the operator's dashboard at a million listings (decision 50; budget:
// p99 < 100 ms whatever range is asked). The built app starts over the bench database (its hourly
// rollup job makes every day once, at start-up), a bench member is made an admin for the run, and
// GET /api/admin/insights is loaded for 30 days, a year and three years, each in `--rounds` rounds
// beside the anchor (a bare Fastify + pg primary-key lookup) measured in the same rounds.
//   npm run bench:admin-insights [-- --rounds 3 --seconds 5 --connections 16 --no-build --no-docs --no-pin]
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { insightDayOf } from '../src/domain/insights';
import { runBuild, startBenchApp } from './bench/app-server';
import { benchMemberEmail, benchPassword } from './bench/bench-accounts';
import { parseCliArgs, positiveIntegerArg } from './bench/cli-args';
import { cpuSplit, onServerCore, pinLoadGenerator } from './bench/cpu-pinning';
import { runLoad } from './bench/load';
import { findFreePort, startChildServer } from './bench/processes';
import { publishRun } from './bench/run-files';
import { describeJudgements, formatRuns, judgeBudget, minimumRuns, spreadOf, summariseRuns } from './bench/verdict';

const projectRoot = path.join(path.dirname(new URL(import.meta.url).pathname), '..');
const tsxBin = path.join(projectRoot, 'node_modules', '.bin', 'tsx');
const budgetMs = 100;

const args = parseCliArgs();
const rounds = positiveIntegerArg(args, 'rounds', minimumRuns);
const seconds = positiveIntegerArg(args, 'seconds', 5);
const connections = positiveIntegerArg(args, 'connections', 16);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
const cpus = cpuSplit(!args.has('no-pin'));
pinLoadGenerator(cpus);
if (!args.has('no-build')) await runBuild();

const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
const adminEmail = benchMemberEmail('lifetime');
const [{ count }] = (await pool.query<{ count: string }>('select count(*) from listings')).rows;
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-admin-insights-'));
const startedAt = new Date();
const app = await startBenchApp({ label: 'app server', databaseUrl, dataDir, smtpPort: 9, smsUrl: 'http://127.0.0.1:9/sms', cpus, extraEnv: { ADMIN_EMAILS: adminEmail } });
const anchorPort = await findFreePort();
const anchor = await startChildServer({
  label: 'anchor',
  ...onServerCore(cpus, tsxBin, ['scripts/bench/anchor-server.ts']),
  env: { ...process.env, PORT: String(anchorPort), DATABASE_URL: databaseUrl, POOL_SIZE: '10', NODE_ENV: 'production' },
  port: anchorPort,
  readyPath: '/',
});
try {
  // The job makes every day once at start-up: wait for today's row.
  const today = insightDayOf(new Date());
  const waitStarted = Date.now();
  for (;;) {
    const { rows } = await pool.query<{ days: string }>("select count(*) as days from daily_stats where day = $1", [today]).catch(() => ({ rows: [{ days: '0' }] }));
    if (Number(rows[0].days) > 0) break;
    if (Date.now() - waitStarted > 20 * 60_000) throw new Error('The rollup job made no row for today in 20 minutes.');
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  const rollupSeconds = Math.round((Date.now() - waitStarted) / 1000);
  const { rows: dayRows } = await pool.query<{ days: string }>('select count(*) as days from daily_stats');
  // ADMIN_EMAILS makes the bench member an admin when they sign in with a proved address.
  const signIn = await fetch(`${app.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: adminEmail, password: benchPassword }) });
  const { token } = (await signIn.json()) as { token: string };
  const { rows: ids } = await pool.query<{ id: string }>('select id from listings order by id limit 1000');
  let next = 0;
  // Counted back from today in Sydney's calendar, as the call counts its range.
  const daysBack = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  const ranges = [
    { label: 'last 30 days', days: 30 },
    { label: 'last 12 months', days: 365 },
    { label: 'last 3 years', days: 3 * 366 },
  ];
  const headers = { authorization: `Bearer ${token}` };
  const probe = await fetch(`${app.baseUrl}/api/admin/insights?from=${daysBack(30)}&to=${today}`, { headers });
  if (probe.status !== 200) throw new Error(`GET /api/admin/insights answered ${probe.status}: ${await probe.text()}`);
  const results = new Map<string, { rps: number[]; p99: number[] }>();
  for (const label of [...ranges.map((range) => range.label), 'anchor']) results.set(label, { rps: [], p99: [] });
  for (let round = 0; round < rounds; round += 1) {
    const anchorRun = await runLoad(
      { method: 'GET', path: '/listing', setupRequest: (request) => ({ ...request, path: `/listing?id=${ids[next++ % ids.length].id}` }) },
      { baseUrl: `http://127.0.0.1:${anchorPort}`, connections, durationSeconds: seconds },
    );
    results.get('anchor')!.rps.push(anchorRun.requestsPerSecond);
    results.get('anchor')!.p99.push(anchorRun.p99);
    for (const range of ranges) {
      const run = await runLoad({ method: 'GET', path: `/api/admin/insights?from=${daysBack(range.days)}&to=${today}`, headers }, { baseUrl: app.baseUrl, connections, durationSeconds: seconds });
      if (run.errors > 0) throw new Error(`${range.label}: ${run.errors} errors (${JSON.stringify(run.statusCounts)})`);
      results.get(range.label)!.rps.push(run.requestsPerSecond);
      results.get(range.label)!.p99.push(run.p99);
      console.log(`round ${round + 1} ${range.label}: ${Math.round(run.requestsPerSecond)} req/s, p99 ${run.p99} ms (anchor ${Math.round(anchorRun.requestsPerSecond)} req/s)`);
    }
  }
  const anchorP99 = results.get('anchor')!.p99;
  const lines = ['| line | req/s by round | p99 ms by round | share of the anchor (req/s, median) | verdict |', '|---|---|---|---|---|'];
  const anchorRps = results.get('anchor')!.rps;
  for (const [label, result] of results) {
    const judgement =
      label === 'anchor' ? null : judgeBudget({ runs: result.p99, budget: { name: 'p99', rule: 'below', limit: budgetMs, unit: 'ms' }, controlSpread: spreadOf(anchorP99) });
    const shares = result.rps.map((rps, index) => (rps / anchorRps[index]) * 100);
    lines.push(
      `| ${label === 'anchor' ? 'anchor (bare Fastify + pg, one primary-key lookup)' : `GET /api/admin/insights, ${label}`} | ${result.rps.map((rps) => Math.round(rps).toLocaleString('en-AU')).join(', ')} | ${result.p99.join(', ')} | ${label === 'anchor' ? '100%' : `${formatRuns(summariseRuns(shares))}%`} | ${judgement ? describeJudgements([judgement]) : '—'} |`,
    );
  }
  lines.push('', `${Number(count).toLocaleString('en-AU')} listings; ${Number(dayRows[0].days).toLocaleString('en-AU')} days rolled up, the first time in ${rollupSeconds} s at start-up (while the server was otherwise idle). ${connections} connections, ${rounds} rounds of ${seconds} s; load average ${os.loadavg().map((value) => value.toFixed(2)).join(' / ')}.`);
  publishRun({ script: 'bench:admin-insights', startedAt, title: `the operator's dashboard at ${Number(count).toLocaleString('en-AU')} listings`, argv: process.argv.slice(2), body: lines.join('\n') }, { write: !args.has('no-docs') });
} finally {
  await app.stop();
  await anchor.stop();
  await pool.end();
  await rm(dataDir, { recursive: true, force: true });
}
