// The web app's performance budget: what the first page may download, and what Lighthouse (mobile,
// simulated throttling) must measure on the public pages. The e2e tier checks the download size of
// every build; `npm run bench:web` measures the rest.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const webBudgets = {
  /** The scripts index.html loads at start, gzipped. */
  firstLoadScriptGzipBytes: 150_000,
  performanceScore: 95,
  largestContentfulPaintMs: 2000,
  cumulativeLayoutShift: 0.05,
} as const;

export type FirstLoadScript = { url: string; bytes: number; gzipBytes: number; sources: string[] };

function attribute(tag: string, name: string): string | null {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? null;
}

/** The module entry and the modulepreload links of the built index.html: what every first page downloads. */
export function firstLoadScriptUrls(indexHtml: string): string[] {
  const entries = [...indexHtml.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag).filter((tag) => attribute(tag, 'type') === 'module');
  const preloads = [...indexHtml.matchAll(/<link\b[^>]*>/g)].map(([tag]) => tag).filter((tag) => attribute(tag, 'rel') === 'modulepreload');
  return [...entries.map((tag) => attribute(tag, 'src')), ...preloads.map((tag) => attribute(tag, 'href'))].filter((url): url is string => Boolean(url));
}

function readSources(file: string): string[] {
  try {
    return (JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[] }).sources;
  } catch {
    return [];
  }
}

/** Each first-load script of the built app in `webRoot` (dist/web), its size, gzip size and source files. */
export function measureFirstLoadScripts(webRoot: string): FirstLoadScript[] {
  const indexHtml = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  return firstLoadScriptUrls(indexHtml).map((url) => {
    const file = path.join(webRoot, url.replace(/^\//, ''));
    const content = readFileSync(file);
    return { url, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length, sources: readSources(file) };
  });
}

export function totalGzipBytes(scripts: FirstLoadScript[]): number {
  return scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
}

/** "123.4 kB" (1 kB = 1000 bytes, as the build reports sizes). */
export function formatKilobytes(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}
