// `npm run bench:growth -- [--sizes 10000,100000,1000000] [--rounds 3] [--duration 5] [--warmup 2] [--connections 50] [--only TEXT] [--no-docs] [--no-pin]`
// (--only: just the reads whose label contains TEXT)
// The cost of growth: the benchmark's reads measured with the read cache off (every request runs
// its queries) against databases of each size, so what grows with the data shows. Each size has
// its own database (`bench_<size>` on the local PostgreSQL; 1,000,000 uses `bench`, the one
// `npm run bench` uses), seeded by `npm run seed:scale` when it holds fewer listings.
// Every read is measured in each of `--rounds` rounds (at least 3) at every size, and "flat" is
// judged on the medians (scripts/bench/verdict.ts). A common word's search (in each of the three
// kinds of area) is held closer: its p99, with one connection and under load, grows less than 1.5×
// from the smallest size to the largest (decisions 40 and 41). Writes the table to its own file in
// docs/benchmarks/runs/.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { runBuild, startBenchApp } from './bench/app-server';
import { cpuSplit, describeSplit, pinLoadGenerator } from './bench/cpu-pinning';
import { countData, ensureDatabaseExists, runSeed, type DataCounts } from './bench/bench-database';
import { parseCliArgs, positiveIntegerArg, positiveNumberArg, stringArg } from './bench/cli-args';
import { runLoad } from './bench/load';
import { commonWordSearchLines, getJson, prepareReadTargets, readLines } from './bench/read-lines';
import { budgets, describeMachineOf } from './bench/report';
import { publishRun } from './bench/run-files';
import { describeJudgements, judgeBudget, judgeNone, judgeRun, median, minimumRuns } from './bench/verdict';
import { startSmsSink } from './bench/sms-sink';
import { startSmtpSink } from './bench/smtp-sink';

const postgresBase = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const databaseFor = (size: number) => `${postgresBase}/${size === 1_000_000 ? 'bench' : `bench_${size}`}`;

/** One read at one size, a value per round. */
type Measured = { oneP50: number[]; oneP99: number[]; manyRps: number[]; manyP99: number[]; errors: number[] };

/** A common word's search p99 grows less than this from the smallest size to the largest. */
const commonWordGrowth = 1.5;

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1).replace(/\.0$/, ''));

type SizeOptions = { only: string | null; rounds: number; durationSeconds: number; warmupSeconds: number; connections: number; smtpPort: number; smsUrl: string; dataDir: string; cpus: ReturnType<typeof cpuSplit> };

async function measureSize(size: number, options: SizeOptions) {
  const databaseUrl = databaseFor(size);
  await ensureDatabaseExists(databaseUrl);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    let counts: DataCounts = await countData(pool);
    if (counts.total < size || counts.benchMembers < 3) {
      await runSeed(databaseUrl, size, Math.max(1000, Math.round(size / 10)));
      counts = await countData(pool);
    }
    const app = await startBenchApp({
      label: `app server on ${size.toLocaleString('en-AU')} listings without read cache`,
      databaseUrl,
      dataDir: options.dataDir,
      smtpPort: options.smtpPort,
      smsUrl: options.smsUrl,
      extraEnv: { READ_CACHE_MS: '0' },
      cpus: options.cpus,
    });
    try {
      await getJson(app.baseUrl, '/api/listings?limit=1');
      const targets = await prepareReadTargets(app.baseUrl, pool);
      const lines = [...readLines(targets), ...commonWordSearchLines(targets)].filter((line) => !options.only || line.label.toLowerCase().includes(options.only));
      const results = new Map<string, Measured>(lines.map((line) => [line.label, { oneP50: [], oneP99: [], manyRps: [], manyP99: [], errors: [] }]));
      for (let round = 1; round <= options.rounds; round += 1) {
        for (const line of lines) {
          const base = { baseUrl: app.baseUrl };
          await runLoad(line.shape, { ...base, connections: options.connections, durationSeconds: options.warmupSeconds });
          const many = await runLoad(line.shape, { ...base, connections: options.connections, durationSeconds: options.durationSeconds });
          const one = await runLoad(line.shape, { ...base, connections: 1, durationSeconds: options.durationSeconds });
          const measured = results.get(line.label)!;
          measured.oneP50.push(one.p50);
          measured.oneP99.push(one.p99);
          measured.manyRps.push(many.requestsPerSecond);
          measured.manyP99.push(many.p99);
          measured.errors.push(one.errors + many.errors);
          console.log(
            `  round ${round}, ${line.label}: 1 conn p50 ${one.p50} ms, p99 ${one.p99} ms; ${options.connections} conn ${Math.round(many.requestsPerSecond)} req/s, p99 ${many.p99} ms; errors ${one.errors + many.errors}`,
          );
        }
      }
      return { size, counts, results };
    } finally {
      await app.stop();
    }
  } finally {
    await pool.end();
  }
}

async function main(): Promise<void> {
  const args = parseCliArgs();
  const sizesArg = args.get('sizes');
  const sizes = typeof sizesArg === 'string' ? sizesArg.split(',').map((value) => Number(value.replaceAll('_', ''))) : [10_000, 100_000, 1_000_000];
  if (sizes.some((size) => !Number.isInteger(size) || size < 1000)) throw new Error('--sizes takes listing counts of at least 1000, e.g. 10000,100000,1000000');
  const rounds = positiveIntegerArg(args, 'rounds', minimumRuns);
  if (rounds < minimumRuns) throw new Error(`--rounds must be at least ${minimumRuns}: "flat" is judged on at least ${minimumRuns} runs.`);
  const durationSeconds = positiveNumberArg(args, 'duration', 5);
  const warmupSeconds = positiveNumberArg(args, 'warmup', 2);
  const connections = positiveIntegerArg(args, 'connections', 50);
  const only = stringArg(args, 'only')?.toLowerCase() ?? null;
  const startedAt = new Date();
  const cpus = cpuSplit(!args.has('no-pin'));
  pinLoadGenerator(cpus);

  await runBuild();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'marketplace-growth-'));
  const smtp = await startSmtpSink(2526);
  const sms = await startSmsSink();
  const runs: Awaited<ReturnType<typeof measureSize>>[] = [];
  try {
    for (const size of sizes) {
      console.log(`${size.toLocaleString('en-AU')} listings (${databaseFor(size)})`);
      runs.push(await measureSize(size, { only, rounds, durationSeconds, warmupSeconds, connections, smtpPort: smtp.port, smsUrl: sms.url, dataDir, cpus }));
    }
  } finally {
    await smtp.close();
    await sms.close();
    await rm(dataDir, { recursive: true, force: true });
  }

  const first = runs[0];
  const last = runs[runs.length - 1];
  const sizeLabel = (size: number) => size.toLocaleString('en-AU');
  const header = [
    `| Read | ${runs.map((run) => `${sizeLabel(run.size)}: 1 conn p50 / p99 ms`).join(' | ')} | ${runs.map((run) => `${sizeLabel(run.size)}: ${connections} conn req/s · p99 ms`).join(' | ')} | flat? (verdict) |`,
    `|---|${runs.map(() => '---:').join('|')}|${runs.map(() => '---:').join('|')}|---|`,
  ];
  const commonWordLabels = new Set(commonWordSearchLines({ explorerToken: '', connectorToken: '' }).map((line) => line.label));
  const judged: { label: string; judgements: ReturnType<typeof judgeBudget>[] }[] = [];
  const lines = [...first.results.keys()].map((label) => {
    const cells = runs.map((run) => run.results.get(label)!);
    const small = first.results.get(label)!;
    const large = last.results.get(label)!;
    // Flat: the largest size's own cost stays within the read budget and within 2× (+2 ms) of the smallest size's; the noise is the rounds' own spread.
    const judgements = [
      judgeBudget({ runs: large.oneP99, budget: { name: 'largest size, 1 conn p99', rule: 'below', limit: budgets.readP99Ms, unit: 'ms' }, controlSpread: 0 }),
      judgeBudget({ runs: large.oneP99, budget: { name: 'largest size, 1 conn p99 within 2× (+2 ms) of the smallest', rule: 'at most', limit: median(small.oneP99) * 2 + 2, unit: 'ms' }, controlSpread: 0 }),
      judgeNone({ runs: cells.flatMap((cell) => cell.errors), name: 'errors' }),
      ...(commonWordLabels.has(label)
        ? [
            judgeBudget({ runs: large.oneP99, budget: { name: 'largest size, 1 conn p99 under 1.5× the smallest', rule: 'below', limit: median(small.oneP99) * commonWordGrowth, unit: 'ms' }, controlSpread: 0 }),
            judgeBudget({ runs: large.manyP99, budget: { name: `largest size, ${connections} conn p99 under 1.5× the smallest`, rule: 'below', limit: median(small.manyP99) * commonWordGrowth, unit: 'ms' }, controlSpread: 0 }),
          ]
        : []),
    ];
    judged.push({ label, judgements });
    const errorsOf = (cell: Measured) => cell.errors.reduce((sum, count) => sum + count, 0);
    return `| ${label} | ${cells.map((cell) => `${ms(median(cell.oneP50))} / ${ms(median(cell.oneP99))}`).join(' | ')} | ${cells
      .map((cell) => `${Math.round(median(cell.manyRps)).toLocaleString('en-AU')} · ${ms(median(cell.manyP99))}${errorsOf(cell) > 0 ? ` (${errorsOf(cell)} errors)` : ''}`)
      .join(' | ')} | ${describeJudgements(judgements)} |`;
  });
  const table = [...header, ...lines].join('\n');
  const machine = await (async () => {
    const pool = new pg.Pool({ connectionString: databaseFor(last.size), max: 1 });
    try {
      return await describeMachineOf(pool);
    } finally {
      await pool.end();
    }
  })();
  const flatCount = judged.filter((line) => line.judgements.every((judgement) => judgement.verdict === 'met')).length;
  const section = [
    `- Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB RAM; Node ${machine.node}; PostgreSQL ${machine.postgres} (${machine.postgresSettings})`,
    `- Data: ${runs.map((run) => `${sizeLabel(run.counts.total)} listings (${sizeLabel(run.counts.active)} active), ${sizeLabel(run.counts.users)} members`).join('; ')}`,
    `- Made by \`npm run bench:growth\`: the app as npm start runs it, with READ_CACHE_MS=0 so every request runs its queries; ${rounds} rounds, the cells are their medians; per read and round, ${warmupSeconds} s warm-up, ${durationSeconds} s at ${connections} connections, then ${durationSeconds} s with 1 connection (the request's own cost); ${describeSplit(cpus)}.`,
    '',
    table,
    '',
    `- **${judgeRun({ judged, leftOut: [], runs: rounds }).text}** ${flatCount} of ${judged.length} reads judged flat: at ${sizeLabel(last.size)} listings the 1-connection p99 stays under ${budgets.readP99Ms} ms and within 2× (+2 ms) of ${sizeLabel(first.size)}, on the median of ${rounds} rounds, beyond the rounds' own spread.`,
    '',
  ].join('\n');
  publishRun(
    { script: 'bench:growth', startedAt, title: `cost of growth (${runs.map((run) => sizeLabel(run.size)).join(' / ')} listings)`, argv: process.argv.slice(2), body: section },
    { write: !args.has('no-docs') },
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
