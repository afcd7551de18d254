// `npm run bench:growth -- [--sizes 10000,100000,1000000] [--duration 5] [--warmup 2] [--connections 50] [--no-docs] [--no-pin]`
// The cost of growth: the benchmark's reads measured with the read cache off (every request runs
// its queries) against databases of each size, so what grows with the data shows. Each size has
// its own database (`bench_<size>` on the local PostgreSQL; 1,000,000 uses `bench`, the one
// `npm run bench` uses), seeded by `npm run seed:scale` when it holds fewer listings.
// Adds a table to docs/benchmarks.md.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { runBuild, startBenchApp } from './bench/app-server';
import { cpuSplit, describeSplit, pinLoadGenerator } from './bench/cpu-pinning';
import { countData, ensureDatabaseExists, runSeed, type DataCounts } from './bench/bench-database';
import { parseCliArgs, positiveIntegerArg, positiveNumberArg } from './bench/cli-args';
import { runLoad } from './bench/load';
import { getJson, prepareReadTargets, readLines } from './bench/read-lines';
import { budgets, describeMachineOf, prependRun } from './bench/report';
import { startSmsSink } from './bench/sms-sink';
import { startSmtpSink } from './bench/smtp-sink';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const postgresBase = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const databaseFor = (size: number) => `${postgresBase}/${size === 1_000_000 ? 'bench' : `bench_${size}`}`;

type Measured = { oneP50: number; oneP99: number; manyRps: number; manyP99: number; errors: number };

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1).replace(/\.0$/, ''));

type SizeOptions = { durationSeconds: number; warmupSeconds: number; connections: number; smtpPort: number; smsUrl: string; dataDir: string; cpus: ReturnType<typeof cpuSplit> };

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
      const results = new Map<string, Measured>();
      for (const line of readLines(targets)) {
        const base = { baseUrl: app.baseUrl };
        await runLoad(line.shape, { ...base, connections: options.connections, durationSeconds: options.warmupSeconds });
        const many = await runLoad(line.shape, { ...base, connections: options.connections, durationSeconds: options.durationSeconds });
        const one = await runLoad(line.shape, { ...base, connections: 1, durationSeconds: options.durationSeconds });
        const measured = { oneP50: one.p50, oneP99: one.p99, manyRps: many.requestsPerSecond, manyP99: many.p99, errors: one.errors + many.errors };
        results.set(line.label, measured);
        console.log(
          `  ${line.label}: 1 conn p50 ${measured.oneP50} ms, p99 ${measured.oneP99} ms; ${options.connections} conn ${Math.round(measured.manyRps)} req/s, p99 ${measured.manyP99} ms; errors ${measured.errors}`,
        );
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
  const durationSeconds = positiveNumberArg(args, 'duration', 5);
  const warmupSeconds = positiveNumberArg(args, 'warmup', 2);
  const connections = positiveIntegerArg(args, 'connections', 50);
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
      runs.push(await measureSize(size, { durationSeconds, warmupSeconds, connections, smtpPort: smtp.port, smsUrl: sms.url, dataDir, cpus }));
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
    `| Read | ${runs.map((run) => `${sizeLabel(run.size)}: 1 conn p50 / p99 ms`).join(' | ')} | ${runs.map((run) => `${sizeLabel(run.size)}: ${connections} conn req/s · p99 ms`).join(' | ')} | flat? |`,
    `|---|${runs.map(() => '---:').join('|')}|${runs.map(() => '---:').join('|')}|---|`,
  ];
  const verdicts: boolean[] = [];
  const lines = [...first.results.keys()].map((label) => {
    const cells = runs.map((run) => run.results.get(label)!);
    const small = first.results.get(label)!;
    const large = last.results.get(label)!;
    // Flat: the largest size's own cost stays within the read budget and within 2× (+2 ms) of the smallest size's.
    const flat = large.oneP99 < budgets.readP99Ms && large.oneP99 <= small.oneP99 * 2 + 2 && cells.every((cell) => cell.errors === 0);
    verdicts.push(flat);
    return `| ${label} | ${cells.map((cell) => `${ms(cell.oneP50)} / ${ms(cell.oneP99)}`).join(' | ')} | ${cells
      .map((cell) => `${Math.round(cell.manyRps).toLocaleString('en-AU')} · ${ms(cell.manyP99)}${cell.errors > 0 ? ` (${cell.errors} errors)` : ''}`)
      .join(' | ')} | ${flat ? '✓' : '✗'} |`;
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
  const flatCount = verdicts.filter(Boolean).length;
  const section = [
    `## ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC · cost of growth (${runs.map((run) => sizeLabel(run.size)).join(' / ')} listings)`,
    '',
    `- Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB RAM; Node ${machine.node}; PostgreSQL ${machine.postgres} (${machine.postgresSettings})`,
    `- Data: ${runs.map((run) => `${sizeLabel(run.counts.total)} listings (${sizeLabel(run.counts.active)} active), ${sizeLabel(run.counts.users)} members`).join('; ')}`,
    `- Made by \`npm run bench:growth\`: the app as npm start runs it, with READ_CACHE_MS=0 so every request runs its queries; per read, ${warmupSeconds} s warm-up, ${durationSeconds} s at ${connections} connections, then ${durationSeconds} s with 1 connection (the request's own cost); ${describeSplit(cpus)}.`,
    '',
    table,
    '',
    `- ${flatCount} of ${verdicts.length} reads flat: at ${sizeLabel(last.size)} listings the 1-connection p99 stays under ${budgets.readP99Ms} ms and within 2× (+2 ms) of ${sizeLabel(first.size)}.`,
    '',
  ].join('\n');
  console.log(`\n${section}`);
  if (!args.has('no-docs')) {
    const docsPath = path.join(projectRoot, 'docs', 'benchmarks.md');
    prependRun(docsPath, section);
    console.log(`Added the table to ${path.relative(projectRoot, docsPath)}.`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
