// The web pages' tables: every Lighthouse run, then each page's budgets judged on the median of its
// runs (scripts/bench/verdict.ts). scripts/bench-web.ts writes the run to docs/benchmarks/runs/.
import { describeJudgements, formatRuns, judgeBudget, judgeRun, summariseRuns, type Judgement } from '../bench/verdict';
import { formatKilobytes, webBudgets } from '../web-budget';
import type { PageMetrics } from './lighthouse-run';

export type PageResult = { label: string; path: string; run: number; metrics: PageMetrics };

/** How fast the server renders a page: autocannon against it, Brotli accepted, as a browser asks. */
export type RenderLoadResult = { label: string; path: string; requestsPerSecond: number; p50: number; p99: number; singleP50: number; errors: number; htmlBytes: number };

export type WebRunReport = {
  machine: string;
  firstLoadGzipBytes: number;
  firstLoadFiles: string;
  results: PageResult[];
  renderLoad: RenderLoadResult[];
  renderLoadSetup: string;
  notes: string[];
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** What one Lighthouse run missed, printed as it happens: a reading, not a verdict. */
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

/** A page's budgets on the median of its runs; the noise is the runs' own spread (no separate control). */
export function judgePage(runs: PageMetrics[]): Judgement[] {
  const judge = (name: string, values: number[], rule: 'at least' | 'below', limit: number, unit: string) =>
    judgeBudget({ runs: values, budget: { name, rule, limit, unit }, controlSpread: 0 });
  return [
    judge('score', runs.map((run) => run.score), 'at least', webBudgets.performanceScore, ''),
    judge('LCP', runs.map((run) => run.lcpMs), 'below', webBudgets.largestContentfulPaintMs, 'ms'),
    judge('CLS', runs.map((run) => run.cls), 'below', webBudgets.cumulativeLayoutShift, ''),
    judge('accessibility', runs.map((run) => run.accessibility), 'at least', webBudgets.otherCategoryScore, ''),
    judge('best practices', runs.map((run) => run.bestPractices), 'at least', webBudgets.otherCategoryScore, ''),
    judge('SEO', runs.map((run) => run.seo), 'at least', webBudgets.otherCategoryScore, ''),
  ];
}

export function renderWebRun(report: WebRunReport): string {
  const firstLoadOk = report.firstLoadGzipBytes <= webBudgets.firstLoadScriptGzipBytes;
  const rows = report.results.map(({ label, path, run, metrics }) => {
    return `| ${label} (\`${path}\`) | ${run} | ${metrics.score} | ${metrics.accessibility} / ${metrics.bestPractices} / ${metrics.seo} | ${seconds(metrics.lcpMs)} | ${metrics.cls.toFixed(3)} | ${Math.round(metrics.tbtMs)} ms | ${seconds(metrics.fcpMs)} | ${formatKilobytes(metrics.scriptTransferBytes)} | ${metrics.benchmarkIndex.toFixed(0)} |`;
  });
  const pages = [...new Set(report.results.map((result) => result.label))].map((label) => {
    const results = report.results.filter((result) => result.label === label);
    return { label, path: results[0].path, runs: results.map((result) => result.metrics) };
  });
  const judged = pages.map((page) => ({ label: page.label, judgements: judgePage(page.runs) }));
  const runs = Math.min(...pages.map((page) => page.runs.length));
  const verdicts = pages.map((page, index) => {
    const of = (pick: (metrics: PageMetrics) => number, format?: (value: number) => string) => formatRuns(summariseRuns(page.runs.map(pick)), format);
    return `| ${page.label} (\`${page.path}\`) | ${of((run) => run.score)} | ${of((run) => run.lcpMs / 1000, (value) => value.toFixed(2))} | ${of((run) => run.cls, (value) => value.toFixed(3))} | ${describeJudgements(judged[index].judgements)} |`;
  });
  return [
    `- Machine: ${report.machine}`,
    // The bytes of a build do not move between runs: one measurement is the figure.
    `- First-load JavaScript (the entry, the app it starts and their imports, gzip): ${formatKilobytes(report.firstLoadGzipBytes)} ${firstLoadOk ? '✓' : '✗'} (budget ≤ ${formatKilobytes(webBudgets.firstLoadScriptGzipBytes)}; ${report.firstLoadFiles})`,
    `- **${judgeRun({ judged, leftOut: [], runs }).text}**`,
    '',
    '| Page | score min / median / max | LCP s min / median / max | CLS min / median / max | verdict (median of the runs) |',
    '|---|---:|---:|---:|---|',
    ...verdicts,
    '',
    'Every run:',
    '',
    '| Page | Run | Score | A11y / BP / SEO | LCP | CLS | TBT | FCP | JS loaded (as sent) | CPU index |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
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
