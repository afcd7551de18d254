// What `npm run bench` holds the API to, and its table: every line measured in several rounds,
// shown as min / median / max with each budget's verdict (scripts/bench/verdict.ts). The run is
// written to its own file in docs/benchmarks/runs/ (scripts/bench/run-files.ts).
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { describeJudgements, formatRuns, summariseRuns, type Judgement } from './verdict';

export const budgets = {
  readP99Ms: 20,
  /** With the read cache off (every request runs its queries), 50 connections. */
  cacheOff: {
    browse: { minRps: 2000, maxP99Ms: 50 },
    search: { minRps: 1000, maxP99Ms: 100 },
    detail: { minRps: 4000, maxP99Ms: 25 },
    /** Nearest first and the map: within this factor of the browse first page (throughput and p99). */
    relativeToBrowse: 2,
  },
  browseShareOfCeiling: 0.4,
  peakRssBytes: 300 * 1024 * 1024,
  imageMs: 1000,
} as const;

/**
 * ceiling: the app's cheapest route; reference: a bare Fastify in its own process, for comparison
 * only; anchor: a bare Fastify + pg answering a primary-key lookup (the run's no-change control,
 * and again beside each cache-off line); replay: a cache-off line's own statements in a bare
 * Fastify + pg (what Node and Fastify cost around the query); info: a read measured for the
 * record, outside the budgets (said why in the notes).
 */
export type ScenarioKind = 'ceiling' | 'reference' | 'anchor' | 'info' | 'read' | 'write' | 'cache-off' | 'replay';

/** CPU used during a measured run, in % of one core: the server under test, PostgreSQL, autocannon, the rest of the machine. */
export type CpuShares = { server: number; postgres: number; loadGenerator: number; other: number };

/** A cache-off line's budget: at least this throughput, at most this p99. */
export type CacheOffBudget = { minRps: number; maxP99Ms: number };

/** One measured load run of a line. */
export type LineRun = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  statusNote: string;
  cpu: CpuShares;
};

/** A line of the table: its runs (one a round), the 1-connection probe, what it is compared with, its verdicts. */
export type LineRuns = {
  label: string;
  kind: ScenarioKind;
  runs: LineRun[];
  probe: { p50: number; p99: number } | null;
  /** The "compared with" cell: its share of the ceiling, or of its replay and the anchor. */
  comparison: string;
  judgements: Judgement[];
};

export type MachineInfo = {
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  node: string;
  postgres: string;
  postgresSettings: string;
  /** 1-minute load average when the run started: other work on the machine skews the numbers. */
  loadAverage: number;
};

/** The machine and the PostgreSQL server behind `pool` (its version and memory settings). */
export async function describeMachineOf(pool: { query: <R extends object>(text: string) => Promise<{ rows: R[] }> }): Promise<MachineInfo> {
  const { rows } = await pool.query<{ version: string; shared_buffers: string; work_mem: string }>(
    `select current_setting('server_version') as version, current_setting('shared_buffers') as shared_buffers, current_setting('work_mem') as work_mem`,
  );
  return describeMachine(rows[0].version, `shared_buffers ${rows[0].shared_buffers}, work_mem ${rows[0].work_mem}`);
}

export function describeMachine(postgresVersion: string, postgresSettings: string): MachineInfo {
  let cpuModel = os.cpus()[0]?.model ?? 'unknown';
  try {
    cpuModel = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpuModel;
  } catch {
    // not Linux: os.cpus() is fine
  }
  return {
    cpuModel,
    cores: os.cpus().length,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    postgres: postgresVersion,
    postgresSettings,
    loadAverage: Math.round(os.loadavg()[0] * 10) / 10,
  };
}

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1).replace(/\.0$/, ''));
const rps = (value: number) => Math.round(value).toLocaleString('en-AU');
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** The table of a run: req/s and p99 as min / median / max over the rounds, then each line's verdict. */
export function linesTable(lines: LineRuns[]): string {
  const header = [
    '| Line | req/s min / median / max | p99 ms min / median / max | p50 ms (median) | errors | compared with | 1 conn, uncached p50 / p99 ms | CPU % server / PG / autocannon / other | verdict |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  const rows = lines.map((line) => {
    const throughput = summariseRuns(line.runs.map((run) => run.requestsPerSecond));
    const p99 = summariseRuns(line.runs.map((run) => run.p99));
    const p50 = summariseRuns(line.runs.map((run) => run.p50));
    const errorCount = line.runs.reduce((sum, run) => sum + run.errors, 0);
    const notes = [...new Set(line.runs.map((run) => run.statusNote).filter(Boolean))].join('; ');
    const errors = errorCount === 0 ? '0' : `${errorCount} (${notes})`;
    const probe = line.probe ? `${ms(line.probe.p50)} / ${ms(line.probe.p99)}` : '—';
    const cpu = (['server', 'postgres', 'loadGenerator', 'other'] as const).map((part) => Math.max(0, Math.round(mean(line.runs.map((run) => run.cpu[part]))))).join(' / ');
    return `| ${line.label} | ${formatRuns(throughput, rps)} | ${formatRuns(p99, ms)} | ${ms(p50.median)} | ${errors} | ${line.comparison} | ${probe} | ${cpu} | ${describeJudgements(line.judgements)} |`;
  });
  return [...header, ...rows].join('\n');
}

export function describeMachineLine(machine: MachineInfo): string {
  return `${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB RAM; Node ${machine.node}; PostgreSQL ${machine.postgres} (${machine.postgresSettings}); load average ${machine.loadAverage} when the run started`;
}

export type RunReport = {
  machine: MachineInfo;
  listings: { total: number; active: number; users: number };
  seedSeconds: number | null;
  settings: string;
  table: string;
  /** The run's verdict first, then the budgets outside the table. */
  summary: string[];
  notes: string[];
  explains: { title: string; text: string }[];
};

/** The body of a run's file: machine, data, settings, the table, the verdicts, the notes and the plans. */
export function renderRunBody(report: RunReport): string {
  const lines = [
    `- Machine: ${describeMachineLine(report.machine)}`,
    `- Data: ${report.listings.total.toLocaleString('en-AU')} listings (${report.listings.active.toLocaleString('en-AU')} active), ${report.listings.users.toLocaleString('en-AU')} members${
      report.seedSeconds === null ? '' : `; seeded by this run in ${report.seedSeconds.toFixed(0)} s (npm run seed:scale)`
    }`,
    `- Load: ${report.settings}`,
    '',
    report.table,
    '',
    ...report.summary.map((line) => `- ${line}`),
    '',
    ...report.notes.map((line) => `- ${line}`),
  ];
  for (const explain of report.explains) {
    lines.push('', `<details><summary>EXPLAIN (ANALYZE, BUFFERS): ${explain.title}</summary>`, '', '```', explain.text, '```', '', '</details>');
  }
  return `${lines.join('\n')}\n`;
}
