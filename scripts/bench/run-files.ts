// Where every benchmark keeps what it measured: one file per run in docs/benchmarks/runs/, named
// <date>-<time>-<script>.md (UTC), written here and never edited by hand. docs/benchmarks.md is
// the short page people keep: the current figures against the budgets, read from these files.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isPostgresUrl, redactDatabaseUrl } from './cli-args';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const runsDirectory = path.join(projectRoot, 'docs', 'benchmarks', 'runs');

/** "2026-11-26-1743-bench.md": the run's start in UTC, then the npm script that made it. */
export function runFileName(startedAt: Date, script: string, withSeconds = false): string {
  const iso = startedAt.toISOString();
  const time = iso.slice(11, withSeconds ? 19 : 16).replaceAll(':', '');
  return `${iso.slice(0, 10)}-${time}-${script.replace(/[^a-z0-9-]+/gi, '-')}.md`;
}

/** "2026-11-26 17:43 UTC", as run headings say it. */
export function formatStartedAt(startedAt: Date): string {
  return `${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export type RunRecord = {
  /** The npm script without "npm run": "bench", "bench:conversations". */
  script: string;
  startedAt: Date;
  /** What was measured, after the date: "1,000,000 listings". */
  title: string;
  /** The command line as it was given, so the run can be repeated (a database URL's password is masked). */
  argv?: readonly string[];
  /** The run's report in Markdown, without a heading of its own. */
  body: string;
};

/** An argument as a shell needs it to come back the same: quoted when it holds a space or a quote. */
const shellWord = (word: string) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`);

export function renderRunRecord(record: RunRecord): string {
  const command = ['npm run', record.script, ...(record.argv && record.argv.length > 0 ? ['--', ...record.argv.map((word) => shellWord(isPostgresUrl(word) ? redactDatabaseUrl(word) : word))] : [])].join(' ');
  const heading = `# ${formatStartedAt(record.startedAt)} · ${record.title}`;
  const origin = `Written by \`${command}\` when the run ended; kept as measured.`;
  return `${[heading, '', origin, '', record.body.trim()].join('\n').replace(/\n{3,}/g, '\n\n')}\n`;
}

/** Writes the run to its own file (never over another run's) and returns the file's path. */
export function writeRunFile(record: RunRecord, directory = runsDirectory): string {
  mkdirSync(directory, { recursive: true });
  const script = record.script.replace(/:/g, '-');
  let file = path.join(directory, runFileName(record.startedAt, script));
  if (existsSync(file)) file = path.join(directory, runFileName(record.startedAt, script, true));
  for (let copy = 2; existsSync(file); copy += 1) file = path.join(directory, runFileName(record.startedAt, `${script}-${copy}`, true));
  writeFileSync(file, renderRunRecord(record));
  return file;
}

/** Prints the run and, unless asked not to (--no-docs), writes its file and says where. */
export function publishRun(record: RunRecord, options: { write: boolean }): string | null {
  console.log(`\n${renderRunRecord(record)}`);
  if (!options.write) return null;
  const file = writeRunFile(record);
  console.log(`Recorded this run in ${path.relative(projectRoot, file)}.`);
  return file;
}
