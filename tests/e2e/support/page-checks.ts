// What the page checks of the public and member pages share: a tab that refuses every other
// origin, a visit that waits for the page's data, and the accessibility and small-screen check.
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { ApiMember } from './api';
import { auditPage, type Violation } from './axe';
import { expectVisible, saveScreenshot, viewports } from './browser';
import type { Viewport } from './journey';

export type OpenedPage = { page: Page; externalRequests: string[] };

type PageChecks = { newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>; baseUrl: () => string };

export function pageChecks({ newContext, baseUrl }: PageChecks) {
  /**
   * A fresh browser tab, signed in when a member is given. Calls to any other origin are refused and
   * recorded: the public pages must work without fetching anything from outside.
   */
  async function openPage(options: { as?: ApiMember; viewport?: Viewport } = {}): Promise<OpenedPage> {
    const context = await newContext({
      viewport: options.viewport ?? viewports.desktop,
      // Keeps the hero video still, so screenshots and the accessibility scan see a settled page.
      reducedMotion: 'reduce',
    });
    const externalRequests: string[] = [];
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(baseUrl()) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
      externalRequests.push(url);
      return route.abort();
    });
    if (options.as) await context.addInitScript((token) => window.localStorage.setItem('authToken', token), options.as.token);
    return { page: await context.newPage(), externalRequests };
  }

  /** Opens a path and waits until its heading is up and its data has arrived. */
  async function visit(page: Page, path: string): Promise<void> {
    await page.goto(path);
    await expectVisible(page.locator('main h1').first(), 20_000);
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  }

  /** axe with the WCAG 2 A and AA rules; only what it rates serious or critical. */
  async function findSeriousViolations(page: Page): Promise<Violation[]> {
    return (await auditPage(page)).filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  }

  function describeViolations(path: string, width: number, violations: Violation[]): string {
    return violations
      .map((violation) => {
        const nodes = violation.nodes
          .map((node) => `    - ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').replaceAll('\n', '\n      ')}`)
          .join('\n');
        return `${path} at ${width} px: [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}`;
      })
      .join('\n\n');
  }

  /** Sideways scrolling at the current size: the whole document, and the main region on its own. */
  async function measureWidths(page: Page): Promise<{ document: number; main: number; viewport: number }> {
    // Let the layout settle after a resize.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    return page.evaluate(() => ({
      document: document.documentElement.scrollWidth,
      main: document.querySelector('main')?.scrollWidth ?? 0,
      viewport: window.innerWidth,
    }));
  }

  /**
   * Checks a page at 1280 and at 360 px: no serious or critical axe violation at either size and no
   * sideways scrolling on the phone. Saves full-page screenshots when given a name.
   */
  async function checkPage(page: Page, path: string, screenshotName?: string): Promise<void> {
    const problems: string[] = [];

    await page.setViewportSize(viewports.desktop);
    await visit(page, path);
    const desktopViolations = await findSeriousViolations(page);
    if (desktopViolations.length > 0) problems.push(describeViolations(path, viewports.desktop.width, desktopViolations));
    if (screenshotName) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(page, `${screenshotName}-${viewports.desktop.width}`);
    }

    await page.setViewportSize(viewports.phone);
    const widths = await measureWidths(page);
    if (widths.document > widths.viewport || widths.main > widths.viewport) {
      problems.push(`${path} scrolls sideways at ${viewports.phone.width} px: ${JSON.stringify(widths)}`);
    }
    const phoneViolations = await findSeriousViolations(page);
    if (phoneViolations.length > 0) problems.push(describeViolations(path, viewports.phone.width, phoneViolations));
    if (screenshotName) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(page, `${screenshotName}-${viewports.phone.width}`);
    }

    if (problems.length > 0) console.error(problems.join('\n\n'));
    expect(problems, problems.join('\n\n')).toEqual([]);
  }

  return { openPage, visit, checkPage };
}
