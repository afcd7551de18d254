// npm run bench:metrics: what the Prometheus metrics cost (budget: under 3% of cached browse
// throughput). Two apps over the benchmark database in one process (scripts/bench/metrics-twin-server.ts,
// bundled as the server is), one with METRICS_TOKEN (the request hook records every answer) and one
// without (no hook at all), take the same cached browse load in turns, alternating which goes first
// each round. One process, because two processes of one build differ by themselves: 10 to 30% on
// this 2-core machine, either way round, with no metrics anywhere. The process is started afresh
// `--processes` times (at least 3) and the cost judged on the median (scripts/bench/verdict.ts). The
// no-change control is in every process too: its two turns of the app without metrics, which differ
// by noise alone; a cost within their spread is "not measurable". The process has one core and
// autocannon the other (taskset; `--no-pin` turns that off). `--control` sends both turns to the
// app without metrics, to show the spread of two like measurements (printed, not recorded).
//   npm run bench:metrics [-- --processes 3 --rounds 2 --seconds 5 --connections 50 --control --no-pin --no-docs]
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { startBenchApp } from './bench/app-server';
import { parseCliArgs, positiveIntegerArg } from './bench/cli-args';
import { runLoad, type LoadResult } from './bench/load';
import { cpuSplit, pinLoadGenerator } from './bench/cpu-pinning';
import { cpuSeconds, findFreePort, scriptProcessPid } from './bench/processes';
import { publishRun } from './bench/run-files';
import { describeJudgements, formatRuns, judgeBudget, minimumRuns, spreadOf, summariseRuns } from './bench/verdict';

const budgetShare = 0.03;
const metricsToken = 'bench-metrics-token-0123456789abcdef';
const browsePath = '/api/listings';
const projectRoot = path.join(path.dirname(new URL(import.meta.url).pathname), '..');

type Kind = 'with' | 'without';
type Measured = LoadResult & { cpuMicros: number };

const twinSource = path.join(projectRoot, 'scripts', 'bench', 'metrics-twin-server.ts');
const twinBundle = path.join(projectRoot, 'dist', 'bench', 'metrics-twin-server.js');

/** The twin server bundled as the production server is (npm run build:server's esbuild settings). */
function bundleTwinServer(): void {
  buildSync({ entryPoints: [twinSource], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile: twinBundle, logLevel: 'warning' });
}

/**
 * One process holding both apps, started afresh: warmed up, then `rounds` turns each, alternating
 * which goes first. The process's CPU during a turn is the loaded app's: the other is idle.
 */
async function measureProcess(
  run: number,
  options: { rounds: number; seconds: number; connections: number; control: boolean; cpus: ReturnType<typeof cpuSplit>; databaseUrl: string },
): Promise<Record<Kind, Measured[]>> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-metrics-'));
  const twinPort = await findFreePort();
  // Mail and text messages are never sent by a browse: their addresses need only be well formed.
  const server = await startBenchApp({
    databaseUrl: options.databaseUrl,
    dataDir,
    smtpPort: 9,
    smsUrl: 'http://127.0.0.1:9/sms',
    cpus: options.cpus,
    label: 'two apps, with and without metrics',
    script: twinBundle,
    extraEnv: { METRICS_TOKEN: metricsToken, TWIN_PORT: String(twinPort) },
  });
  // --control: both turns go to the app without metrics, to see the spread of two like measurements.
  const baseUrls: Record<Kind, string> = { with: options.control ? `http://127.0.0.1:${twinPort}` : server.baseUrl, without: `http://127.0.0.1:${twinPort}` };
  const order: Kind[] = run % 2 === 0 ? ['with', 'without'] : ['without', 'with'];
  try {
    const pid = scriptProcessPid(server.child.pid!, twinBundle);
    // Warm-up: the postcode directory, the pool, the cache's entry, the JIT.
    for (const kind of order) await runLoad({ method: 'GET', path: browsePath }, { baseUrl: baseUrls[kind], connections: options.connections, durationSeconds: 3 });
    const results: Record<Kind, Measured[]> = { with: [], without: [] };
    for (let round = 0; round < options.rounds; round += 1) {
      for (const kind of round % 2 === 0 ? order : [...order].reverse()) {
        const cpuBefore = cpuSeconds(pid);
        const result = await runLoad({ method: 'GET', path: browsePath }, { baseUrl: baseUrls[kind], connections: options.connections, durationSeconds: options.seconds });
        // The server's own CPU time per answer: what a neighbour's load on the machine disturbs least.
        const cpuMicros = ((cpuSeconds(pid) - cpuBefore) * 1e6) / result.total;
        if (result.errors > 0) throw new Error(`${kind} metrics: ${result.errors} errors (${JSON.stringify(result.statusCounts)})`);
        results[kind].push({ ...result, cpuMicros });
        console.log(`process ${run + 1} round ${round + 1} ${kind} metrics: ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99} ms, ${cpuMicros.toFixed(1)} µs CPU per answer`);
      }
    }
    // The hook did count: the scrape shows this load.
    const scrape = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
    const counted = (await scrape.text()).match(/^http_requests_total\{method="GET",route="\/api\/listings",status="200"\} (\d+)/m)?.[1];
    if (!counted && !options.control) throw new Error('The app with metrics did not count the browse requests.');
    return results;
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const args = parseCliArgs();
  const processes = positiveIntegerArg(args, 'processes', minimumRuns);
  const rounds = positiveIntegerArg(args, 'rounds', 2);
  if (processes < minimumRuns) throw new Error(`--processes must be at least ${minimumRuns}: the cost is judged on at least ${minimumRuns} processes.`);
  if (rounds < 2) throw new Error('--rounds must be at least 2: the two turns of the app without metrics are the no-change control.');
  const startedAt = new Date();
  const seconds = positiveIntegerArg(args, 'seconds', 5);
  const connections = positiveIntegerArg(args, 'connections', 50);
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
  const cpus = cpuSplit(!args.has('no-pin'));
  pinLoadGenerator(cpus);
  const loadBefore = os.loadavg();
  const kinds = ['with', 'without'] as const;
  const results: Record<Kind, Measured[]> = { with: [], without: [] };
  const processShares: number[] = [];
  /** The no-change control: in each process, the app without metrics in its last turn against its first. */
  const controlShares: number[] = [];
  bundleTwinServer();
  for (let run = 0; run < processes; run += 1) {
    const measured = await measureProcess(run, { rounds, seconds, connections, control: args.has('control'), cpus, databaseUrl });
    for (const kind of kinds) results[kind].push(...measured[kind]);
    const cpuOf = (kind: Kind) => measured[kind].reduce((sum, result) => sum + result.cpuMicros, 0);
    processShares.push((cpuOf('with') - cpuOf('without')) / cpuOf('without'));
    const without = measured.without.map((result) => result.cpuMicros);
    controlShares.push((without[without.length - 1] - without[0]) / without[0]);
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const rps = (kind: Kind) => mean(results[kind].map((result) => result.requestsPerSecond));
  const p99 = (kind: Kind) => mean(results[kind].map((result) => result.p99));
  const cpu = (kind: Kind) => mean(results[kind].map((result) => result.cpuMicros));
  const share = (rps('without') - rps('with')) / rps('without');
  const cpuShare = (cpu('with') - cpu('without')) / cpu('without');
  const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
  const judgement = judgeBudget({
    runs: processShares.map((value) => value * 100),
    budget: { name: 'extra server CPU per answer', rule: 'below', limit: budgetShare * 100, unit: '%' },
    controlSpread: spreadOf(controlShares.map((value) => value * 100)),
  });
  const loadAfter = os.loadavg();
  const lines = [
    `| server | req/s (mean of rounds) | p99 ms (mean) | server CPU µs per answer (mean) |`,
    `|---|---|---|---|`,
    `| without metrics (no hook) | ${Math.round(rps('without')).toLocaleString('en-AU')} | ${p99('without').toFixed(1)} | ${cpu('without').toFixed(1)} |`,
    `| with METRICS_TOKEN (hook on) | ${Math.round(rps('with')).toLocaleString('en-AU')} | ${p99('with').toFixed(1)} | ${cpu('with').toFixed(1)} |`,
    '',
    `**Verdict: ${describeJudgements([judgement])}.** Extra server CPU per answer by process, min / median / max: ${formatRuns(summariseRuns(processShares.map((value) => value * 100)))}% (${processShares.map(percent).join(', ')}); ` +
      `the no-change control (the app without metrics, its last turn against its first, in the same processes): ${controlShares.map(percent).join(', ')}, a spread of ${(spreadOf(controlShares) * 100).toFixed(1)} points.`,
    '',
    `Over all rounds ${percent(cpuShare)} more CPU per answer and ${percent(share)} less throughput. ` +
      `Load average (1/5/15 min) ${loadBefore.map((value) => value.toFixed(2)).join(' / ')} before, ${loadAfter.map((value) => value.toFixed(2)).join(' / ')} after; ${os.cpus().length} cores; ${cpus ? `the apps' process on core ${cpus.server}, autocannon on core ${cpus.loadGenerator}, PostgreSQL on any (taskset)` : 'no CPU pinning'}.`,
  ];
  const title = `cached browse, two apps in each of ${processes} fresh processes × ${rounds} rounds of ${seconds} s each, ${connections} connections${args.has('control') ? ' (control: both turns to the app without metrics)' : ''}`;
  publishRun({ script: 'bench:metrics', startedAt, title, argv: process.argv.slice(2), body: lines.join('\n') }, { write: !args.has('no-docs') && !args.has('control') });
  if (judgement.verdict === 'not met') process.exitCode = 1;
}

await main();
