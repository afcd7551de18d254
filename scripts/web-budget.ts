// The web app's performance budget: what the first page may download, and what Lighthouse (mobile,
// simulated throttling) must measure on the public pages. The e2e tier checks the download size of
// every build; `npm run bench:web` measures the rest.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const webBudgets = {
  /**
   * The scripts every first page loads (the entry, the app it starts, their imports), gzipped: 129.4 kB
   * on 2026-11-28 (138.0 kB before issue 39 item 4's last round), with 3 kB of room.
   */
  firstLoadScriptGzipBytes: 132_500,
  performanceScore: 95,
  largestContentfulPaintMs: 2000,
  cumulativeLayoutShift: 0.05,
  /** Lighthouse's SEO, best practices and accessibility categories, on every measured page. */
  otherCategoryScore: 100,
} as const;

export type FirstLoadScript = { url: string; bytes: number; gzipBytes: number; sources: string[] };

type ManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
type Manifest = Record<string, ManifestChunk>;

/**
 * What every first page downloads, read from the build's manifest (dist/web/.vite/manifest.json):
 * the entry index.html names, the app it starts (main.tsx) and everything those import statically.
 */
export function firstLoadScriptFiles(manifest: Manifest): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  // The entry (boot.ts) imports one thing on demand, the app, which every page starts.
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isEntry) continue;
    visit(key);
    for (const app of chunk.dynamicImports ?? []) visit(app);
  }
  return [...files].filter((file) => file.endsWith('.js'));
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
  const manifest = JSON.parse(readFileSync(path.join(webRoot, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  return firstLoadScriptFiles(manifest).map((name) => {
    const file = path.join(webRoot, name);
    const content = readFileSync(file);
    return { url: `/${name}`, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length, sources: readSources(file) };
  });
}

export function totalGzipBytes(scripts: FirstLoadScript[]): number {
  return scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
}

/** "123.4 kB" (1 kB = 1000 bytes, as the build reports sizes). */
export function formatKilobytes(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}
