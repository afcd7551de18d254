// The web pages' table, printed and added (newest first) to its own section of docs/benchmarks.md,
// below the API runs.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { formatKilobytes, webBudgets } from '../web-budget';
import type { PageMetrics } from './lighthouse-run';

export type PageResult = { label: string; path: string; run: number; metrics: PageMetrics };

/** How fast the server renders a page: autocannon against it, Brotli accepted, as a browser asks. */
export type RenderLoadResult = { label: string; path: string; requestsPerSecond: number; p50: number; p99: number; singleP50: number; errors: number; htmlBytes: number };

export type WebRunReport = {
  startedAt: Date;
  machine: string;
  firstLoadGzipBytes: number;
  firstLoadFiles: string;
  results: PageResult[];
  renderLoad: RenderLoadResult[];
  renderLoadSetup: string;
  notes: string[];
};

const marker = '<!-- newest web run first: npm run bench:web inserts each run below this line -->';
const sectionIntro = [
  '## Web pages (Lighthouse)',
  '',
  'Results of `npm run bench:web` (scripts/bench-web.ts): Lighthouse (mobile form factor, simulated throttling; performance,',
  "accessibility, best practices and SEO) in Debian's Chromium against the built app with the demo data, each run in a fresh",
  'browser with an empty cache.',
  `Budgets: performance ≥ ${webBudgets.performanceScore}, accessibility, best practices and SEO ${webBudgets.otherCategoryScore}, LCP < ${webBudgets.largestContentfulPaintMs / 1000} s, CLS < ${webBudgets.cumulativeLayoutShift} on every page; the`,
  `first page's JavaScript ≤ ${formatKilobytes(webBudgets.firstLoadScriptGzipBytes)} gzipped (also checked by the e2e tier on every build).`,
  '',
  marker,
].join('\n');

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The budgets a page run misses, by name; empty when it meets them all. */
export function missedWebBudgets(metrics: PageMetrics): string[] {
  const missed: string[] = [];
  if (metrics.score < webBudgets.performanceScore) missed.push(`score < ${webBudgets.performanceScore}`);
  if (!(metrics.lcpMs < webBudgets.largestContentfulPaintMs)) missed.push(`LCP ≥ ${webBudgets.largestContentfulPaintMs / 1000} s`);
  if (!(metrics.cls < webBudgets.cumulativeLayoutShift)) missed.push(`CLS ≥ ${webBudgets.cumulativeLayoutShift}`);
  for (const [name, value] of [['accessibility', metrics.accessibility], ['best practices', metrics.bestPractices], ['SEO', metrics.seo]] as const) {
    if (value < webBudgets.otherCategoryScore) missed.push(`${name} < ${webBudgets.otherCategoryScore}`);
  }
  if (metrics.failedAudits.length > 0) missed.push(`(${metrics.failedAudits.join(', ')})`);
  return missed;
}

export function renderWebRun(report: WebRunReport): string {
  const firstLoadOk = report.firstLoadGzipBytes <= webBudgets.firstLoadScriptGzipBytes;
  const rows = report.results.map(({ label, path, run, metrics }) => {
    const missed = missedWebBudgets(metrics);
    return `| ${label} (\`${path}\`) | ${run} | ${metrics.score} | ${metrics.accessibility} / ${metrics.bestPractices} / ${metrics.seo} | ${seconds(metrics.lcpMs)} | ${metrics.cls.toFixed(3)} | ${Math.round(metrics.tbtMs)} ms | ${seconds(metrics.fcpMs)} | ${formatKilobytes(metrics.scriptTransferBytes)} | ${metrics.benchmarkIndex.toFixed(0)} | ${missed.length === 0 ? '✓' : `✗ ${missed.join(', ')}`} |`;
  });
  return [
    `### ${report.startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `- Machine: ${report.machine}`,
    `- First-load JavaScript (the entry, the app it starts and their imports, gzip): ${formatKilobytes(report.firstLoadGzipBytes)} ${firstLoadOk ? '✓' : '✗'} (${report.firstLoadFiles})`,
    '',
    '| Page | Run | Score | A11y / BP / SEO | LCP | CLS | TBT | FCP | JS loaded (as sent) | CPU index | budgets |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rows,
    '',
    `Pages rendered on the server (${report.renderLoadSetup}):`,
    '',
    '| Page | req/s | p50 ms | p99 ms | 1 connection p50 ms | HTML (Brotli) | errors |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...report.renderLoad.map(
      (load) =>
        `| ${load.label} (\`${load.path}\`) | ${Math.round(load.requestsPerSecond).toLocaleString('en-AU')} | ${load.p50} | ${load.p99} | ${load.singleP50} | ${formatKilobytes(load.htmlBytes)} | ${load.errors} |`,
    ),
    '',
    ...report.notes.map((note) => `- ${note}`),
    '',
  ].join('\n');
}

/** Adds the run at the top of the web section, creating the section below the API runs the first time. */
export function insertWebRun(filePath: string, run: string): void {
  const existing = existsSync(filePath) ? readFileSync(filePath, 'utf8') : '# Benchmarks\n';
  const withSection = existing.includes(marker) ? existing : `${existing.trimEnd()}\n\n${sectionIntro}\n`;
  writeFileSync(filePath, withSection.replace(marker, `${marker}\n\n${run}`).replace(/\n{3,}/g, '\n\n'));
}
