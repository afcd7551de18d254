// npm run bench:metrics: what the Prometheus metrics cost (budget: under 3% of cached browse
// throughput). Two built app servers (dist/server, as npm start runs them) on the benchmark
// database, one with METRICS_TOKEN (the request hook records every answer) and one without (no
// hook at all), take the same cached browse load in turns, alternating which goes first each
// round so a neighbour's load on the machine falls on both alike; the report compares their totals.
//   npm run build:server && npm run bench:metrics [-- --rounds 6 --seconds 8 --connections 50 --no-docs]
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { serve, startBenchApp } from './bench/app-server';
import { parseCliArgs, positiveIntegerArg } from './bench/cli-args';
import { runLoad, type LoadResult } from './bench/load';
import { cpuSeconds, scriptProcessPid } from './bench/processes';
import { publishSectionRun } from './bench/report';

const budgetShare = 0.03;
const metricsToken = 'bench-metrics-token-0123456789abcdef';
const browsePath = '/api/listings';
const docsFile = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'docs', 'benchmarks.md');

const section = {
  heading: '## Metrics (`npm run bench:metrics`)',
  marker: '<!-- newest metrics run first: npm run bench:metrics inserts each run below this line -->',
  intro: [
    'What the request hook behind `/metrics` costs: cached browse (`GET /api/listings`, a visitor) on two built app servers over the',
    'benchmark database, one with METRICS_TOKEN and one without (no hook), in alternating turns. Budget: under 3% of throughput.',
  ],
};

async function main(): Promise<void> {
  const args = parseCliArgs();
  const rounds = positiveIntegerArg(args, 'rounds', 6);
  const seconds = positiveIntegerArg(args, 'seconds', 8);
  const connections = positiveIntegerArg(args, 'connections', 50);
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
  const loadBefore = os.loadavg();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-metrics-'));
  // Mail and text messages are never sent by a browse: their addresses need only be well formed.
  const common = { databaseUrl, dataDir, smtpPort: 9, smsUrl: 'http://127.0.0.1:9/sms' };
  const servers = {
    // --control: both without metrics, to see the difference two like servers show on this machine.
    with: await startBenchApp({ ...common, label: 'app with metrics', extraEnv: args.has('control') ? {} : { METRICS_TOKEN: metricsToken } }),
    without: await startBenchApp({ ...common, label: 'app without metrics' }),
  };
  try {
    const kinds = ['with', 'without'] as const;
    const pids = { with: scriptProcessPid(servers.with.child.pid!, serve.script), without: scriptProcessPid(servers.without.child.pid!, serve.script) };
    // Warm-up: the postcode directory, the pool, the cache's entry, the JIT.
    for (const kind of kinds) await runLoad({ method: 'GET', path: browsePath }, { baseUrl: servers[kind].baseUrl, connections, durationSeconds: 3 });
    const results: Record<(typeof kinds)[number], (LoadResult & { cpuMicros: number })[]> = { with: [], without: [] };
    for (let round = 0; round < rounds; round += 1) {
      for (const kind of round % 2 === 0 ? (['with', 'without'] as const) : (['without', 'with'] as const)) {
        const cpuBefore = cpuSeconds(pids[kind]);
        const result = await runLoad({ method: 'GET', path: browsePath }, { baseUrl: servers[kind].baseUrl, connections, durationSeconds: seconds });
        // The server's own CPU time per answer: what a neighbour's load on the machine disturbs least.
        const cpuMicros = ((cpuSeconds(pids[kind]) - cpuBefore) * 1e6) / result.total;
        if (result.errors > 0) throw new Error(`${kind} metrics: ${result.errors} errors (${JSON.stringify(result.statusCounts)})`);
        results[kind].push({ ...result, cpuMicros });
        console.log(`round ${round + 1} ${kind} metrics: ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99} ms, ${cpuMicros.toFixed(1)} µs CPU per answer`);
      }
    }
    // The hook did count: the scrape shows this load.
    const scrape = await fetch(`${servers.with.baseUrl}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
    const counted = (await scrape.text()).match(/^http_requests_total\{method="GET",route="\/api\/listings",status="200"\} (\d+)/m)?.[1];
    if (!counted && !args.has('control')) throw new Error('The metrics server did not count the browse requests.');

    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const rps = (kind: (typeof kinds)[number]) => mean(results[kind].map((result) => result.requestsPerSecond));
    const p99 = (kind: (typeof kinds)[number]) => mean(results[kind].map((result) => result.p99));
    const cpu = (kind: (typeof kinds)[number]) => mean(results[kind].map((result) => result.cpuMicros));
    const share = (rps('without') - rps('with')) / rps('without');
    const cpuShare = (cpu('with') - cpu('without')) / cpu('without');
    // Each round's own pair, so a burst of neighbouring load shows as spread rather than as a cost.
    const roundShares = results.with.map((result, index) => (results.without[index].requestsPerSecond - result.requestsPerSecond) / results.without[index].requestsPerSecond);
    const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
    const loadAfter = os.loadavg();
    const lines = [
      `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · cached browse, ${rounds} rounds of ${seconds} s each, ${connections} connections`,
      '',
      `| server | req/s (mean of rounds) | p99 ms (mean) | server CPU µs per answer (mean) |`,
      `|---|---|---|---|`,
      `| without metrics (no hook) | ${Math.round(rps('without')).toLocaleString('en-AU')} | ${p99('without').toFixed(1)} | ${cpu('without').toFixed(1)} |`,
      `| with METRICS_TOKEN (hook on) | ${Math.round(rps('with')).toLocaleString('en-AU')} | ${p99('with').toFixed(1)} | ${cpu('with').toFixed(1)} |`,
      '',
      `Cost: ${percent(share)} of throughput, ${percent(cpuShare)} more server CPU per answer (${cpuShare < budgetShare ? 'within' : 'OVER'} the ${percent(budgetShare)} budget, judged on CPU per answer: the throughput of single rounds moves more than that with the neighbours' load); throughput per round ${roundShares.map(percent).join(', ')}. ` +
        `Load average (1/5/15 min) ${loadBefore.map((value) => value.toFixed(2)).join(' / ')} before, ${loadAfter.map((value) => value.toFixed(2)).join(' / ')} after; ${os.cpus().length} cores shared with other work, load generator on the same machine.`,
    ];
    publishSectionRun(docsFile, section, lines, { writeDocs: !args.has('no-docs') });
    if (cpuShare >= budgetShare) process.exitCode = 1;
  } finally {
    await servers.with.stop();
    await servers.without.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
