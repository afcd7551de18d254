// The first page's JavaScript stays within its budget: the scripts every first page loads (the entry
// index.html names, the app it starts and their imports, from the build's manifest), gzipped. The e2e tier builds the app before it runs.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatKilobytes, measureFirstLoadScripts, totalGzipBytes, webBudgets } from '../../scripts/web-budget';

const webRoot = fileURLToPath(new URL('../../dist/web', import.meta.url));

function firstLoad() {
  if (!existsSync(`${webRoot}/index.html`)) throw new Error('dist/web is missing: run "npm run build" before the e2e tests.');
  return measureFirstLoadScripts(webRoot);
}

describe('the first load of the built web app', () => {
  it(`downloads at most ${formatKilobytes(webBudgets.firstLoadScriptGzipBytes)} of JavaScript, gzipped`, () => {
    const scripts = firstLoad();
    expect(scripts.length).toBeGreaterThan(0);
    const sizes = scripts.map((script) => `${script.url}: ${formatKilobytes(script.gzipBytes)}`).join(', ');
    expect(totalGzipBytes(scripts), `first-load scripts (gzip): ${sizes}`).toBeLessThanOrEqual(webBudgets.firstLoadScriptGzipBytes);
  });

  it('carries no request schemas: zod, the forms, the map and the payment code load with the pages that use them', () => {
    const sources = firstLoad().flatMap((script) => script.sources);
    const lazyOnly = ['node_modules/zod/', 'node_modules/react-hook-form/', 'node_modules/leaflet/', 'node_modules/@stripe/', 'src/web/features/admin/'];
    expect(sources.filter((source) => lazyOnly.some((part) => source.includes(part)))).toEqual([]);
  });
});
