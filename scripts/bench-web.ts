// npm run bench:web: builds the app, starts it as `npm start` does (the e2e tier's way: PGlite in a
// fresh data folder, here with the demo data), runs Lighthouse on the landing page, the browse page
// (as a signed-in demo member: browsing is for members), a demo listing, its seller's page and the membership plans,
// each page's budgets judged on the median of its runs, and writes the run to docs/benchmarks/runs/; each
// Lighthouse run's full report goes to test-results/lighthouse/.
// Then it load-tests the server's render of the same pages (autocannon, Brotli accepted).
// Options: --runs N (Lighthouse runs per page, at least 3, default 3), --no-build, --no-docs.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ListingView } from '../src/domain';
import { authTokenCookieName } from '../src/domain/session';
import { demoAdminEmail, demoPassword } from '../src/server/demo/seed-demo-data';
import { createApi } from '../tests/e2e/support/api';
import { startServer } from '../tests/e2e/support/server';
import { parseCliArgs, positiveIntegerArg } from './bench/cli-args';
import { publishRun } from './bench/run-files';
import { minimumRuns } from './bench/verdict';
import { measurePage } from './bench-web/lighthouse-run';
import { runLoad } from './bench/load';
import { type PageResult, type RenderLoadResult, missedWebBudgets, renderWebRun } from './bench-web/report';
import { formatKilobytes, measureFirstLoadScripts, totalGzipBytes } from './web-budget';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Each run's full Lighthouse report (JSON), for a closer look. */
const reportDir = path.join(projectRoot, 'test-results/lighthouse');
const renderConnections = 16;
const renderSeconds = 10;
/** Nothing listens on port 9 (discard): the map asks no outside tile server for anything. */
const unreachableTileUrl = 'http://127.0.0.1:9/{z}/{x}/{y}.png';

async function runBuild(): Promise<void> {
  console.log('Building (npm run build) ...');
  const code = await new Promise<number | null>((resolve) => {
    spawn('npm', ['run', '--silent', 'build'], { cwd: projectRoot, stdio: ['ignore', 'ignore', 'inherit'] }).once('exit', resolve);
  });
  if (code !== 0) throw new Error(`npm run build failed (exit code ${code}).`);
}

function describeMachine(): string {
  const cpuModel = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? os.cpus()[0]?.model ?? 'unknown';
  const lighthouseVersion = (JSON.parse(readFileSync(path.join(projectRoot, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }).version;
  return `${cpuModel}, ${os.cpus().length} cores; Node ${process.version}; Lighthouse ${lighthouseVersion}; load average ${os.loadavg()[0].toFixed(1)} when the run started`;
}

async function main(): Promise<void> {
  const args = parseCliArgs();
  const runs = positiveIntegerArg(args, 'runs', minimumRuns);
  if (runs < minimumRuns) throw new Error(`--runs must be at least ${minimumRuns}: each page's budgets are judged on at least ${minimumRuns} runs.`);
  if (!args.has('no-build')) await runBuild();

  const firstLoad = measureFirstLoadScripts(path.join(projectRoot, 'dist/web'));
  const startedAt = new Date();
  const machine = describeMachine();
  const server = await startServer({ env: { DEMO_DATA: 'true', MAP_TILE_URL: unreachableTileUrl } });
  const results: PageResult[] = [];
  const renderLoad: RenderLoadResult[] = [];
  await mkdir(reportDir, { recursive: true });
  try {
    const api = createApi(server.baseUrl);
    const { token } = await api.callApi<{ token: string }>('POST', '/api/auth/login', { body: { email: demoAdminEmail, password: demoPassword } });
    const listings = await api.callApi<ListingView[]>('GET', '/api/listings?limit=24');
    const listing = listings.find((candidate) => candidate.imageUrls.length > 0);
    if (!listing) throw new Error('The demo data has no listing with photos.');

    const anonymous = (pagePath: string) => pagePath.replace(listing.id, '{id}').replace(listing.sellerId, '{sellerId}');
    const pages = [
      { label: 'Landing', path: '/' },
      { label: 'Browse (signed in)', path: '/listings', token },
      { label: 'Listing', path: `/listing/${listing.id}` },
      { label: 'Seller', path: `/seller/${listing.sellerId}` },
      { label: 'Membership plans', path: '/membership-plans' },
    ];
    for (const page of pages) {
      for (let run = 1; run <= runs; run += 1) {
        // Lighthouse now and then loses a trace (NO_NAVSTART); the load is measured again once.
        const measure = () => measurePage({ url: `${server.baseUrl}${page.path}`, token: page.token });
        const { metrics, report } = await measure().catch((error: unknown) => {
          console.warn(`${page.label} #${run}: ${error instanceof Error ? error.message : String(error)}; measuring again`);
          return measure();
        });
        await writeFile(path.join(reportDir, `${page.label.toLowerCase().replace(/\W+/g, '-')}-${run}.json`), report);
        results.push({ label: page.label, path: anonymous(page.path), run, metrics });
        const missed = missedWebBudgets(metrics);
        console.log(
          `${page.label} #${run}: score ${metrics.score}, a11y/BP/SEO ${metrics.accessibility}/${metrics.bestPractices}/${metrics.seo}, LCP ${Math.round(metrics.lcpMs)} ms, CLS ${metrics.cls.toFixed(3)}, TBT ${Math.round(metrics.tbtMs)} ms, ` +
            `JS ${formatKilobytes(metrics.scriptTransferBytes)} ${missed.length === 0 ? '✓' : `✗ ${missed.join(', ')}`}\n  LCP element: ${metrics.lcpElement}`,
        );
      }
    }

    for (const page of pages) {
      const headers: Record<string, string> = { 'accept-encoding': 'br' };
      if (page.token) headers.cookie = `${authTokenCookieName}=${encodeURIComponent(page.token)}`;
      // As sent: the Brotli length (fetch hands back the decoded body).
      const sample = await fetch(`${server.baseUrl}${page.path}`, { headers });
      await sample.arrayBuffer();
      const htmlBytes = Number(sample.headers.get('content-length'));
      const shape = { method: 'GET' as const, path: page.path, headers };
      await runLoad(shape, { baseUrl: server.baseUrl, connections: renderConnections, durationSeconds: 3 });
      const load = await runLoad(shape, { baseUrl: server.baseUrl, connections: renderConnections, durationSeconds: renderSeconds });
      const single = await runLoad(shape, { baseUrl: server.baseUrl, connections: 1, durationSeconds: 3 });
      renderLoad.push({ label: page.label, path: anonymous(page.path), requestsPerSecond: load.requestsPerSecond, p50: load.p50, p99: load.p99, singleP50: single.p50, errors: load.errors, htmlBytes });
      console.log(`${page.label} rendered on the server: ${Math.round(load.requestsPerSecond)} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms (1 connection p50 ${single.p50} ms)`);
    }
  } finally {
    await server.stop();
  }

  const run = renderWebRun({
    machine,
    firstLoadGzipBytes: totalGzipBytes(firstLoad),
    firstLoadFiles: firstLoad.map((script) => `${path.basename(script.url)} ${formatKilobytes(script.gzipBytes)}`).join(', '),
    results,
    renderLoad,
    renderLoadSetup: `${renderConnections} connections for ${renderSeconds} s after a 3 s warm-up, the embedded database with the demo data, autocannon in the same process as the script`,
    notes: [
      'Lighthouse simulates a mid-range phone on a slow 4G network (150 ms round trips, 1.6 Mbps down, the CPU slowed 4×) from one real load; the CPU index is its measure of this machine during the run (other work on the machine lowers it, and the scores with it).',
      `The browse page is measured as the demo admin (${demoAdminEmail}, Connector), whose token is in localStorage (with the cookie copy the app keeps beside it, so the page is rendered on the server as for any returning member) before the load; the map's tile server is unreachable on purpose (no outside traffic).`,
      '"JS loaded (as sent)" is every script the page downloaded, compressed as the server sent it (Brotli); the first-load figure is gzip of the entry index.html names, the app it starts and their imports (from the build\'s manifest), as the budget counts it.',
    ],
  });
  publishRun({ script: 'bench:web', startedAt, title: `Lighthouse, ${runs} runs a page`, argv: process.argv.slice(2), body: run }, { write: !args.has('no-docs') });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
