// Debian's Chromium driven by playwright-core, plus small helpers that read like what a user sees.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type Locator, type Page, chromium } from 'playwright-core';
import { inject } from 'vitest';

export const screenshotDir = fileURLToPath(new URL('../../../test-results/screenshots', import.meta.url));

export const viewports = {
  phone: { width: 360, height: 740 },
  desktop: { width: 1280, height: 800 },
} as const;

/**
 * Debian's Chromium headless shell, which `npm run test:e2e` installs (scripts/ensure-chromium.mjs):
 * the same engine as the desktop browser at about half the CPU per page. The full browser when
 * only it is installed, or CHROMIUM_PATH.
 */
function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium';
}

export const chromiumOptions = {
  executablePath: chromiumPath(),
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
};

/**
 * The run's one Chromium (started by global-setup.ts; each journey works in contexts of its own,
 * closed after each test), or a Chromium of its own when the file runs outside the e2e project.
 */
export function launchBrowser(): Promise<Browser> {
  let endpoint: string | undefined;
  try {
    endpoint = inject('chromiumEndpoint');
  } catch {
    // Not in a Vitest worker.
  }
  return endpoint ? chromium.connect(endpoint) : chromium.launch(chromiumOptions);
}

/** Waits until the element is visible; fails with the locator in the message otherwise. */
export async function expectVisible(locator: Locator, timeout = 10_000): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout });
}

export async function expectHidden(locator: Locator, timeout = 10_000): Promise<void> {
  await locator.waitFor({ state: 'hidden', timeout });
}

/** A toast with this exact title, inside the toast area (Radix labels it "Notifications (F8)"). */
export function toastTitled(page: Page, title: string): Locator {
  return page.getByRole('region', { name: /Notifications/ }).getByText(title, { exact: true });
}

/**
 * Pictures of the pages for people to look at (test-results/screenshots), taken when
 * E2E_SCREENSHOTS=true: about a hundred full-page pictures cost a run a minute, and no test
 * reads them. What the pictures are for, the tests check themselves (no sideways scrolling at 360 px).
 */
export const takesScreenshots = process.env.E2E_SCREENSHOTS === 'true';

export async function saveScreenshot(page: Page, name: string): Promise<void> {
  if (takesScreenshots) await saveFailureScreenshot(page, name);
}

/** The page as it was when a step failed: kept on every run. */
export async function saveFailureScreenshot(page: Page, name: string): Promise<void> {
  await mkdir(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

export async function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}
