// One Lighthouse run (mobile, simulated throttling; performance, accessibility, best practices and SEO)
// in a fresh Debian Chromium: its headless shell, the browser the e2e tests drive. The full browser's
// headless mode (Chromium 156) keeps a renderer of its own window's WebUI busy at about half a core
// through the load, on this two-core machine, and every page's blocking time doubled with it
// (docs/benchmarks.md, 2026-11-28 18:34 and 19:00). CHROMIUM_PATH picks another.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { authTokenCookieName, sessionLifetimeDays } from '../../src/domain/session';

export const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';
export const chromeFlags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

export type PageMetrics = {
  score: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** The audits that cost the other categories points, by id (empty when all three are 100). */
  failedAudits: string[];
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  /** Bytes of JavaScript the page downloaded, as sent (compressed). */
  scriptTransferBytes: number;
  lcpElement: string;
  /** Lighthouse's own CPU benchmark of the machine during the run (higher is faster). */
  benchmarkIndex: number;
};

type NetworkRequest = { resourceType?: string; transferSize?: number };

/**
 * A browser profile whose localStorage already holds the member's token (spec 3: authToken), with
 * the cookie copy the app keeps beside it (so the page is rendered on the server, as for any
 * returning member), set on a same-origin JSON page so that no app file lands in the cache before
 * the measured load.
 */
async function signInProfile(profileDir: string, baseUrl: string, token: string): Promise<void> {
  const context = await chromium.launchPersistentContext(profileDir, { executablePath: chromePath, args: chromeFlags });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${baseUrl}/api/health`);
    await page.evaluate((value) => window.localStorage.setItem('authToken', value), token);
    // With an expiry, as the app writes it: a session cookie would not outlive this browser.
    const expires = Math.floor(Date.now() / 1000) + sessionLifetimeDays * 86_400;
    await context.addCookies([{ name: authTokenCookieName, value: encodeURIComponent(token), url: baseUrl, expires }]);
  } finally {
    await context.close();
  }
}

function readMetrics(lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']): PageMetrics {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ?? []).filter(
    (request) => request.resourceType === 'Script',
  );
  const lcpItems = (lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined)?.items;
  const categoryScore = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const failedAudits = ['accessibility', 'best-practices', 'seo'].flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id),
  );
  return {
    score: categoryScore('performance'),
    accessibility: categoryScore('accessibility'),
    bestPractices: categoryScore('best-practices'),
    seo: categoryScore('seo'),
    failedAudits,
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    fcpMs: numeric('first-contentful-paint'),
    scriptTransferBytes: requests.reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
    lcpElement: lcpItems?.[0]?.items?.[0]?.node?.snippet ?? '',
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

export type PageMeasurement = { metrics: PageMetrics; /** The whole Lighthouse report, as JSON. */ report: string };

/** Measures `url` with a cold cache; with `token`, as that signed-in member. */
export async function measurePage({ url, token }: { url: string; token?: string }): Promise<PageMeasurement> {
  const profileDir = await mkdtemp(path.join(tmpdir(), 'neighbourly-lighthouse-'));
  try {
    if (token) await signInProfile(profileDir, new URL(url).origin, token);
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags, userDataDir: profileDir, logLevel: 'silent' });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        formFactor: 'mobile',
        throttlingMethod: 'simulate',
        // Keeps the member's token; the profile is new, so the cache is still empty.
        disableStorageReset: Boolean(token),
      });
      if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
      if (result.lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${result.lhr.runtimeError.message}`);
      return { metrics: readMetrics(result.lhr), report: JSON.stringify(result.lhr) };
    } finally {
      chrome.kill();
    }
  } finally {
    await rm(profileDir, { recursive: true, force: true });
  }
}
