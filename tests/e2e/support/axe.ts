// axe-core run inside the page: its source is read once per worker and put into a page once, then
// each audit is one call. (@axe-core/playwright injects the source again on every audit and
// finishes each run in a blank page of its own, which took twice as long per audit here.)
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

export type Violation = AxeResults['violations'][number];

let axeSource: string | undefined;

function source(): string {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

/**
 * The WCAG 2 A and AA violations axe finds in the page as it is now, or in the part that matches
 * `include`. The web app draws no frames of its own, so frames are not entered.
 */
export async function auditPage(page: Page, options: { include?: string } = {}): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(source());
  const runOptions: RunOptions = { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, resultTypes: ['violations'], iframes: false };
  return page.evaluate(
    async ({ include, runOptions }) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const context = include ? { include: [include] } : document;
      return (await axe.run(context, runOptions)).violations;
    },
    { include: options.include, runOptions },
  );
}
