// Pricing one feature side by side (bench:metrics, bench:views): two apps over the benchmark
// database in one process (twin-server.ts), one with the feature and its twin without, take the
// same load in turns, alternating which goes first each round. The process is started afresh
// `processes` times (at least 3) and the cost judged on the median of the processes' extra server
// CPU per answer (verdict.ts). The no-change control is in every process: the twin's first and
// last turns, which differ by noise alone; a cost within their spread is "not measurable".
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { startBenchApp } from './app-server';
import { positiveIntegerArg, type parseCliArgs } from './cli-args';
import { cpuSplit } from './cpu-pinning';
import { pinLoadGenerator } from './cpu-pinning';
import { runLoad, type LoadResult, type RequestShape } from './load';
import { cpuSeconds, findFreePort, scriptProcessPid } from './processes';
import { publishRun } from './run-files';
import { describeJudgements, formatRuns, judgeBudget, minimumRuns, spreadOf, summariseRuns, type Judgement } from './verdict';

const projectRoot = path.join(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const twinSource = path.join(projectRoot, 'scripts', 'bench', 'twin-server.ts');
const twinBundle = path.join(projectRoot, 'dist', 'bench', 'twin-server.js');

export type TwinKind = 'with' | 'without';
type Measured = LoadResult & { cpuMicros: number };

export type TwinBench = {
  script: string;
  /** What the feature is, for the log and the table ("metrics", "view counting"). */
  feature: string;
  /** The settings of the app with the feature (its twin has `twinEnv` over them). */
  withEnv: Record<string, string>;
  twinEnv: Record<string, string>;
  shape: RequestShape;
  /** After a process's turns: throws unless the app with the feature did its work (it counted, it wrote). */
  check?: (baseUrl: string) => Promise<void>;
  /** The budget on extra server CPU per answer, as a share (0.03: 3%). */
  budgetShare: number;
  title: string;
};

export type TwinOptions = { processes: number; rounds: number; seconds: number; connections: number; control: boolean; cpus: ReturnType<typeof cpuSplit>; databaseUrl: string };

/** The options every twin benchmark takes: `--processes 3 --rounds 2 --seconds 5 --connections 50 --control --no-pin --no-docs`. */
export function twinOptionsFrom(args: ReturnType<typeof parseCliArgs>, databaseUrl: string): TwinOptions & { argv: string[]; write: boolean } {
  return {
    processes: positiveIntegerArg(args, 'processes', minimumRuns),
    rounds: positiveIntegerArg(args, 'rounds', 2),
    seconds: positiveIntegerArg(args, 'seconds', 5),
    connections: positiveIntegerArg(args, 'connections', 50),
    control: args.has('control'),
    cpus: cpuSplit(!args.has('no-pin')),
    databaseUrl,
    argv: process.argv.slice(2),
    write: !args.has('no-docs'),
  };
}

/** The twin server bundled as the production server is (npm run build:server's esbuild settings). */
function bundleTwinServer(): void {
  buildSync({ entryPoints: [twinSource], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile: twinBundle, logLevel: 'warning' });
}

/** One process holding both apps, started afresh: warmed up, then `rounds` turns each. The process's CPU during a turn is the loaded app's. */
async function measureProcess(bench: TwinBench, run: number, options: TwinOptions): Promise<Record<TwinKind, Measured[]>> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `${bench.script.replace(':', '-')}-`));
  const twinPort = await findFreePort();
  // Mail and text messages are never sent by these loads: their addresses need only be well formed.
  const server = await startBenchApp({
    databaseUrl: options.databaseUrl,
    dataDir,
    smtpPort: 9,
    smsUrl: 'http://127.0.0.1:9/sms',
    cpus: options.cpus,
    label: `two apps, with and without ${bench.feature}`,
    script: twinBundle,
    extraEnv: { ...bench.withEnv, TWIN_PORT: String(twinPort), TWIN_ENV: JSON.stringify(bench.twinEnv) },
  });
  // --control: both turns go to the app without the feature, to see the spread of two like measurements.
  const twinUrl = `http://127.0.0.1:${twinPort}`;
  const baseUrls: Record<TwinKind, string> = { with: options.control ? twinUrl : server.baseUrl, without: twinUrl };
  const order: TwinKind[] = run % 2 === 0 ? ['with', 'without'] : ['without', 'with'];
  try {
    const pid = scriptProcessPid(server.child.pid!, twinBundle);
    // Warm-up: the postcode directory, the pool, the cache's entries, the JIT.
    for (const kind of order) await runLoad(bench.shape, { baseUrl: baseUrls[kind], connections: options.connections, durationSeconds: 3 });
    const results: Record<TwinKind, Measured[]> = { with: [], without: [] };
    for (let round = 0; round < options.rounds; round += 1) {
      for (const kind of round % 2 === 0 ? order : [...order].reverse()) {
        const cpuBefore = cpuSeconds(pid);
        const result = await runLoad(bench.shape, { baseUrl: baseUrls[kind], connections: options.connections, durationSeconds: options.seconds });
        // The server's own CPU time per answer: what a neighbour's load on the machine disturbs least.
        const cpuMicros = ((cpuSeconds(pid) - cpuBefore) * 1e6) / result.total;
        if (result.errors > 0) throw new Error(`${kind} ${bench.feature}: ${result.errors} errors (${JSON.stringify(result.statusCounts)})`);
        results[kind].push({ ...result, cpuMicros });
        console.log(`process ${run + 1} round ${round + 1} ${kind} ${bench.feature}: ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99} ms, ${cpuMicros.toFixed(1)} µs CPU per answer`);
      }
    }
    if (!options.control) await bench.check?.(server.baseUrl);
    return results;
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Runs the processes, judges the extra CPU per answer against the budget and publishes the run. */
export async function runTwinBench(bench: TwinBench, options: TwinOptions & { argv: string[]; write: boolean }): Promise<Judgement> {
  if (options.processes < minimumRuns) throw new Error(`--processes must be at least ${minimumRuns}: the cost is judged on at least ${minimumRuns} processes.`);
  if (options.rounds < 2) throw new Error(`--rounds must be at least 2: the two turns of the app without ${bench.feature} are the no-change control.`);
  const startedAt = new Date();
  pinLoadGenerator(options.cpus);
  const loadBefore = os.loadavg();
  const results: Record<TwinKind, Measured[]> = { with: [], without: [] };
  const processShares: number[] = [];
  /** The no-change control: in each process, the app without the feature in its last turn against its first. */
  const controlShares: number[] = [];
  bundleTwinServer();
  for (let run = 0; run < options.processes; run += 1) {
    const measured = await measureProcess(bench, run, options);
    for (const kind of ['with', 'without'] as const) results[kind].push(...measured[kind]);
    const cpuOf = (kind: TwinKind) => measured[kind].reduce((sum, result) => sum + result.cpuMicros, 0);
    processShares.push((cpuOf('with') - cpuOf('without')) / cpuOf('without'));
    const without = measured.without.map((result) => result.cpuMicros);
    controlShares.push((without[without.length - 1] - without[0]) / without[0]);
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const rps = (kind: TwinKind) => mean(results[kind].map((result) => result.requestsPerSecond));
  const p99 = (kind: TwinKind) => mean(results[kind].map((result) => result.p99));
  const cpu = (kind: TwinKind) => mean(results[kind].map((result) => result.cpuMicros));
  const share = (rps('without') - rps('with')) / rps('without');
  const cpuShare = (cpu('with') - cpu('without')) / cpu('without');
  const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
  const judgement = judgeBudget({
    runs: processShares.map((value) => value * 100),
    budget: { name: 'extra server CPU per answer', rule: 'below', limit: bench.budgetShare * 100, unit: '%' },
    controlSpread: spreadOf(controlShares.map((value) => value * 100)),
  });
  const loadAfter = os.loadavg();
  const lines = [
    `| server | req/s (mean of rounds) | p99 ms (mean) | server CPU µs per answer (mean) |`,
    `|---|---|---|---|`,
    `| without ${bench.feature} | ${Math.round(rps('without')).toLocaleString('en-AU')} | ${p99('without').toFixed(1)} | ${cpu('without').toFixed(1)} |`,
    `| with ${bench.feature} | ${Math.round(rps('with')).toLocaleString('en-AU')} | ${p99('with').toFixed(1)} | ${cpu('with').toFixed(1)} |`,
    '',
    `**Verdict: ${describeJudgements([judgement])}.** Extra server CPU per answer by process, min / median / max: ${formatRuns(summariseRuns(processShares.map((value) => value * 100)))}% (${processShares.map(percent).join(', ')}); ` +
      `the no-change control (the app without ${bench.feature}, its last turn against its first, in the same processes): ${controlShares.map(percent).join(', ')}, a spread of ${(spreadOf(controlShares) * 100).toFixed(1)} points.`,
    '',
    `Over all rounds ${percent(cpuShare)} more CPU per answer and ${percent(share)} less throughput (${percent(1 - share)} of it kept). ` +
      `Load average (1/5/15 min) ${loadBefore.map((value) => value.toFixed(2)).join(' / ')} before, ${loadAfter.map((value) => value.toFixed(2)).join(' / ')} after; ${os.cpus().length} cores; ${options.cpus ? `the apps' process on core ${options.cpus.server}, autocannon on core ${options.cpus.loadGenerator}, PostgreSQL on any (taskset)` : 'no CPU pinning'}.`,
  ];
  const title = `${bench.title}, two apps in each of ${options.processes} fresh processes × ${options.rounds} rounds of ${options.seconds} s each, ${options.connections} connections${options.control ? ` (control: both turns to the app without ${bench.feature})` : ''}`;
  publishRun({ script: bench.script, startedAt, title, argv: options.argv, body: lines.join('\n') }, { write: options.write && !options.control });
  return judgement;
}
