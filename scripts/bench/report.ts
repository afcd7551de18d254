// The benchmark's table, printed and appended (newest first) to docs/benchmarks.md.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';

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
 * only; info: a read measured for the record, outside the budgets (said why in the notes).
 */
export type ScenarioKind = 'ceiling' | 'reference' | 'info' | 'read' | 'write' | 'cache-off' | 'sql-ceiling';

/** A cache-off line's budget: at least this throughput, at most this p99. */
export type CacheOffBudget = { minRps: number; maxP99Ms: number };

export type ScenarioRow = {
  label: string;
  kind: ScenarioKind;
  /** The browse first page must reach a share of the ceiling. */
  checkShareOfCeiling?: boolean;
  cacheOffBudget?: CacheOffBudget;
  /** A cache-off line's own ceiling: the same statements in a bare Fastify + pg (the line below it). */
  sqlCeilingRps?: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  statusNote: string;
  probe: { p50: number; p99: number } | null;
  /** CPU used during the measured run, in % of one core: the server under test, PostgreSQL, autocannon. */
  cpu: { server: number; postgres: number; loadGenerator: number; other: number };
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

const mark = (ok: boolean) => (ok ? '✓' : '✗');
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1).replace(/\.0$/, ''));

/** The budgets a row misses, by name; empty when it meets them all. */
export function missedBudgets(row: ScenarioRow, ceilingRps: number): string[] {
  const missed: string[] = [];
  if (row.kind === 'read' && row.p99 >= budgets.readP99Ms) missed.push(`p99 ≥ ${budgets.readP99Ms} ms`);
  if ((row.kind === 'read' || row.kind === 'write' || row.kind === 'cache-off') && row.errors > 0) missed.push('errors');
  if (row.cacheOffBudget) {
    if (row.requestsPerSecond < row.cacheOffBudget.minRps) missed.push(`< ${Math.round(row.cacheOffBudget.minRps).toLocaleString('en-AU')} req/s`);
    if (row.p99 > row.cacheOffBudget.maxP99Ms) missed.push(`p99 > ${Math.round(row.cacheOffBudget.maxP99Ms)} ms`);
  }
  if (row.checkShareOfCeiling && row.requestsPerSecond < ceilingRps * budgets.browseShareOfCeiling) {
    missed.push(`< ${budgets.browseShareOfCeiling * 100}% of ceiling`);
  }
  return missed;
}

export function scenarioTable(rows: ScenarioRow[], ceilingRps: number): string {
  const header = [
    '| Scenario | req/s | p50 ms | p99 ms | errors | vs ceiling | 1 conn, uncached p50 / p99 ms | CPU % server / PG / autocannon / other | budgets |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  const lines = rows.map((row) => {
    const missed = missedBudgets(row, ceilingRps);
    const share =
      row.kind === 'ceiling'
        ? '100%'
        : row.kind === 'sql-ceiling'
          ? '—'
          : row.sqlCeilingRps
            ? `${Math.round((row.requestsPerSecond / row.sqlCeilingRps) * 100)}% of its SQL`
            : `${Math.round((row.requestsPerSecond / ceilingRps) * 100)}%`;
    const shareCell = row.checkShareOfCeiling ? `${share} ${mark(row.requestsPerSecond >= ceilingRps * budgets.browseShareOfCeiling)}` : share;
    const budgetCell = row.kind === 'ceiling' || row.kind === 'reference' || row.kind === 'info' || row.kind === 'sql-ceiling' ? '—' : missed.length === 0 ? '✓' : `✗ ${missed.join(', ')}`;
    const probe = row.probe ? `${ms(row.probe.p50)} / ${ms(row.probe.p99)}` : '—';
    const errors = row.errors === 0 ? '0' : `${row.errors} (${row.statusNote})`;
    const cpu = [row.cpu.server, row.cpu.postgres, row.cpu.loadGenerator, row.cpu.other].map((value) => Math.max(0, Math.round(value))).join(' / ');
    return `| ${row.label} | ${Math.round(row.requestsPerSecond).toLocaleString('en-AU')} | ${ms(row.p50)} | ${ms(row.p99)} | ${errors} | ${shareCell} | ${probe} | ${cpu} | ${budgetCell} |`;
  });
  return [...header, ...lines].join('\n');
}

export type RunReport = {
  startedAt: Date;
  machine: MachineInfo;
  listings: { total: number; active: number; users: number };
  seedSeconds: number | null;
  settings: string;
  table: string;
  summary: string[];
  notes: string[];
  explains: { title: string; text: string }[];
};

export function renderRun(report: RunReport): string {
  const { machine } = report;
  const lines = [
    `## ${report.startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC · ${report.listings.total.toLocaleString('en-AU')} listings`,
    '',
    `- Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB RAM; Node ${machine.node}; PostgreSQL ${machine.postgres} (${machine.postgresSettings}); load average ${machine.loadAverage} when the run started`,
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

const documentTitle = '# Benchmarks';
const newestMarker = '<!-- newest run first: npm run bench inserts each run below this line -->';

/** Adds the run at the top of the history, keeping every earlier run. */
export function prependRun(filePath: string, run: string): void {
  const intro = [
    documentTitle,
    '',
    'Results of `npm run bench` (scripts/bench.ts): the API under load with autocannon against a PostgreSQL',
    'database filled by `npm run seed:scale`. Budgets: every read p99 < 20 ms, no errors, the browse first page at',
    'least 40% of the hello-world ceiling, server peak RSS < 300 MB, a 12-megapixel photo processed in < 1000 ms.',
    '',
    newestMarker,
    '',
  ].join('\n');
  const existing = existsSync(filePath) ? readFileSync(filePath, 'utf8') : '';
  let next: string;
  if (existing.includes(newestMarker)) {
    next = existing.replace(newestMarker, `${newestMarker}\n\n${run}`);
  } else if (existing.trim()) {
    next = `${intro}\n${run}\n${existing.replace(documentTitle, '').trim()}\n`;
  } else {
    next = `${intro}\n${run}`;
  }
  writeFileSync(filePath, next.replace(/\n{3,}/g, '\n\n'));
}

/** A benchmark's own section of docs/benchmarks.md: its heading, the marker runs go under, and what it measures. */
export type BenchSection = { heading: string; marker: string; intro: string[] };

/** Adds the run at the top of its section (made, before the web pages' section, when missing). */
export function prependSectionRun(filePath: string, section: BenchSection, run: string): void {
  const existing = existsSync(filePath) ? readFileSync(filePath, 'utf8') : `${documentTitle}\n`;
  let next: string;
  if (existing.includes(section.marker)) {
    next = existing.replace(section.marker, `${section.marker}\n\n${run}`);
  } else {
    const text = [section.heading, '', ...section.intro, '', section.marker, '', run].join('\n');
    const webHeading = '## Web pages (Lighthouse)';
    next = existing.includes(webHeading) ? existing.replace(webHeading, `${text}\n${webHeading}`) : `${existing.trimEnd()}\n\n${text}`;
  }
  writeFileSync(filePath, next.replace(/\n{3,}/g, '\n\n'));
}

/** Prints a section's run and, unless the run was asked not to (--no-docs), adds it to the document. */
export function publishSectionRun(filePath: string, section: BenchSection, lines: string[], options: { writeDocs: boolean }): void {
  console.log(lines.join('\n'));
  if (!options.writeDocs) return;
  prependSectionRun(filePath, section, lines.join('\n'));
  console.log(`Added the run to ${filePath}.`);
}
