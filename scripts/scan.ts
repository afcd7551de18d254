// `npm run scan -- [--no-build] [--level 1] [--risk 1]`
// SQL injection scan with sqlmap (installed from Debian when missing) against the built server
// with the demo data: the browse and search query parameters, the ids in listing and seller
// paths, and requests made signed in. The findings replace the scan section of docs/security.md.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { nextCursorHeader } from '../src/domain/listing';
import { runBuild, serve } from './bench/app-server';
import { parseCliArgs, positiveIntegerArg } from './bench/cli-args';
import { findFreePort, startChildServer } from './bench/processes';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const securityDoc = path.join(projectRoot, 'docs', 'security.md');
const startMarker = '<!-- npm run scan writes below this line -->';
const endMarker = '<!-- npm run scan writes above this line -->';
const demoMember = { email: 'mia@demo.neighbourly.au', password: 'neighbour123' };

function sqlmapVersion(): string | null {
  const found = spawnSync('sqlmap', ['--version'], { encoding: 'utf8' });
  // The first line is the version; Debian's build adds a warning that it is outdated after it.
  return found.status === 0 ? (found.stdout.trim().split('\n').find((line) => /^\d+\.\d+/.test(line.trim()))?.trim() ?? null) : null;
}

/** sqlmap from Debian's archive, as `apt-get install -y sqlmap` puts it on the path. */
function ensureSqlmap(): string {
  const present = sqlmapVersion();
  if (present) return present;
  console.log('sqlmap is missing: installing it from Debian (apt-get install -y sqlmap) ...');
  const install = () => spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'sqlmap'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (install().status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    if (install().status !== 0) throw new Error('Could not install sqlmap with apt-get (run as root, or install it yourself: apt-get install sqlmap).');
  }
  const installed = sqlmapVersion();
  if (!installed) throw new Error('sqlmap was installed but does not run.');
  return installed;
}

type Target = { label: string; args: string[] };
type Finding = { label: string; verdict: string; injectable: boolean; httpErrors: string[]; seconds: number };

function runSqlmap(target: Target, common: string[]): Promise<Finding> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn('sqlmap', [...target.args, ...common], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', () => {
      const injectable = /identified the following injection point|is vulnerable|appears to be '.*' injectable/i.test(output) && !/do not appear to be injectable/i.test(output.split('\n').slice(-15).join('\n'));
      const notInjectable = /all tested parameters do not appear to be injectable|does not seem to be injectable/i.test(output);
      const httpErrors = [...output.matchAll(/HTTP error codes detected during run:\s*(.+)/gi)].map((match) => match[1].trim());
      const criticalLine = output.split('\n').find((line) => /\[CRITICAL\]/.test(line))?.replace(/^\[[\d:]+\]\s*/, '');
      const verdict = injectable ? 'INJECTABLE' : notInjectable ? 'not injectable' : (criticalLine ?? 'no verdict (see the sqlmap output)');
      if (!injectable && !notInjectable) console.log(output.split('\n').slice(-30).join('\n'));
      resolve({ label: target.label, verdict, injectable, httpErrors, seconds: (performance.now() - started) / 1000 });
    });
  });
}

function writeFindings(section: string): void {
  const existing = existsSync(securityDoc) ? readFileSync(securityDoc, 'utf8') : `# Security\n\n## SQL injection scan (npm run scan)\n\n${startMarker}\n${endMarker}\n`;
  if (!existing.includes(startMarker) || !existing.includes(endMarker)) throw new Error(`${path.relative(projectRoot, securityDoc)} has lost its scan markers (${startMarker}).`);
  const before = existing.slice(0, existing.indexOf(startMarker) + startMarker.length);
  const after = existing.slice(existing.indexOf(endMarker));
  writeFileSync(securityDoc, `${before}\n\n${section.trim()}\n\n${after}`);
}

async function main(): Promise<void> {
  const args = parseCliArgs();
  const level = positiveIntegerArg(args, 'level', 2);
  const risk = positiveIntegerArg(args, 'risk', 1);
  const version = ensureSqlmap();
  if (!args.has('no-build')) await runBuild();

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'marketplace-scan-'));
  const outputDir = await mkdtemp(path.join(os.tmpdir(), 'marketplace-sqlmap-'));
  const port = await findFreePort();
  const startedAt = new Date();
  // The built server as npm start runs it, with the demo data in its own embedded database.
  const app = await startChildServer({
    label: 'app server',
    command: serve.command,
    args: serve.args,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: 'true', NODE_ENV: 'test', LOG_LEVEL: 'warn', RATE_LIMIT_MULTIPLIER: '10000' },
    port,
    readyPath: '/api/health',
    timeoutMs: 120_000,
  });
  try {
    const base = app.baseUrl;
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(demoMember) });
    const { token } = (await login.json()) as { token: string };
    if (!token) throw new Error(`Could not sign in as ${demoMember.email}.`);
    const firstPage = await fetch(`${base}/api/listings?state=VIC`);
    const listings = (await firstPage.json()) as { id: string; sellerId: string }[];
    const cursor = firstPage.headers.get(nextCursorHeader) ?? '';
    if (listings.length === 0) throw new Error('The demo data has no listings to scan.');
    const [{ id: listingId, sellerId }] = listings;
    const signedIn = ['--headers', `Authorization: Bearer ${token}`];
    const browse = (query: string) => `${base}/api/listings?${query}`;

    const targets: Target[] = [
      { label: 'GET /api/listings: search, category, state, sort', args: ['-u', browse('search=bike&category=sports&state=VIC&sort=newest'), '-p', 'search,category,state,sort'] },
      { label: 'GET /api/listings: postcode and cursor', args: ['-u', browse(`postcode=3000&cursor=${encodeURIComponent(cursor)}`), '-p', 'postcode,cursor'] },
      { label: 'GET /api/listings/{id}', args: ['-u', `${base}/api/listings/${listingId}*`] },
      { label: 'GET /api/seller-listings/{id}', args: ['-u', `${base}/api/seller-listings/${sellerId}*`] },
      { label: 'GET /api/listings signed in: search and sort=distance (the viewer’s area and distances)', args: ['-u', browse('search=lamp&sort=distance'), '-p', 'search,sort', ...signedIn] },
    ];
    const common = ['--batch', '--dbms=PostgreSQL', `--level=${level}`, `--risk=${risk}`, '--threads=4', '--flush-session', `--output-dir=${outputDir}`, '--disable-coloring', '--timeout=15', '--retries=1'];
    const findings: Finding[] = [];
    for (const target of targets) {
      console.log(`- sqlmap: ${target.label}`);
      const finding = await runSqlmap(target, common);
      findings.push(finding);
      console.log(`    ${finding.verdict}; ${finding.httpErrors.join('; ') || 'no HTTP error codes'} (${finding.seconds.toFixed(0)} s)`);
    }
    const health = await fetch(`${base}/api/health`).then((response) => response.status, () => 0);

    const injectable = findings.filter((finding) => finding.injectable);
    const serverErrors = findings.filter((finding) => finding.httpErrors.some((line) => /\b5\d\d\b/.test(line)));
    const section = [
      `Last run ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC with ${version} (Debian package), \`--level=${level} --risk=${risk} --dbms=PostgreSQL --batch\`, against the built server (\`${['node', ...serve.args].join(' ')}\`) with the demo data in embedded PGlite (PostgreSQL 17 in WebAssembly: the same SQL as production).`,
      '',
      '| target | verdict | seconds | HTTP error codes sqlmap saw |',
      '|---|---|---:|---|',
      ...findings.map((finding) => `| ${finding.label} | ${finding.injectable ? '**INJECTABLE**' : finding.verdict} | ${finding.seconds.toFixed(0)} | ${finding.httpErrors.join('; ') || 'none'} |`),
      '',
      `Result: ${injectable.length === 0 ? 'no injectable parameter found' : `${injectable.length} injectable: ${injectable.map((finding) => finding.label).join(', ')}`}; ${serverErrors.length === 0 ? 'no 5xx answer to any payload' : `5xx answers in ${serverErrors.map((finding) => finding.label).join(', ')}`}; /api/health answered ${health} after the scan.`,
    ].join('\n');
    console.log(`\n${section}\n`);
    writeFindings(section);
    console.log(`Wrote the findings to ${path.relative(projectRoot, securityDoc)}.`);
    if (injectable.length > 0 || serverErrors.length > 0) process.exitCode = 1;
  } finally {
    await app.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(outputDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
