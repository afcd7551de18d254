// The pages anyone can open (landing, sign-in, plans, how it works, the four footer pages, 404) and
// the main member pages, in a real Chromium against the built app: content, the Contact Us form,
// the web app manifest, an axe accessibility check, no sideways scrolling at 360 px, screenshots.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, errorMessages } from '../../src/domain';
import { expectVisible, saveScreenshot, toastTitled, viewports } from './support/browser';
import type { ApiMember } from './support/api';
import { type Viewport, useJourney } from './support/journey';

// The contact form mails the admins; the harness's server has none unless told.
const adminEmail = 'help@example.com';

const { api, baseUrl, newContext, listItem, verifiedSeller, newMember } = useJourney({ name: 'public-pages', env: { ADMIN_EMAILS: adminEmail } });

type OpenedPage = { page: Page; externalRequests: string[] };

let member: ApiMember;
let newcomer: ApiMember;

beforeAll(async () => {
  // A member with a verified email, a postcode and one listing, so the member pages show real content.
  member = await verifiedSeller({ firstName: 'Nina', postcode: '3000' });
  await listItem(member, { title: 'Timber bookshelf', description: 'Five shelves, solid pine, a few marks on the side.', price: '40', category: 'home' });
  newcomer = await newMember({ firstName: 'Theo' });
});

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

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** axe with the WCAG 2 A and AA rules; only what it rates serious or critical. */
async function findSeriousViolations(page: Page): Promise<Violation[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
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

// The signed-out routes (spec 2, plus the footer pages) and the screenshot each one is saved as.
const publicRoutes = [
  { path: '/', title: 'Your friendly neighbourhood marketplace | Neighbourly', screenshot: 'public-home' },
  { path: '/auth', title: 'Sign in | Neighbourly', screenshot: 'public-auth' },
  { path: '/membership-plans', title: 'Membership Plans | Neighbourly', screenshot: 'public-membership-plans' },
  { path: '/how-it-works', title: 'How It Works | Neighbourly', screenshot: 'public-how-it-works' },
  { path: '/help', title: 'Help Centre | Neighbourly', screenshot: 'public-help' },
  { path: '/safety', title: 'Safety Tips | Neighbourly', screenshot: 'public-safety' },
  { path: '/contact', title: 'Contact Us | Neighbourly', screenshot: 'public-contact' },
  { path: '/guidelines', title: 'Community Guidelines | Neighbourly', screenshot: 'public-guidelines' },
  { path: '/no-such-page', title: '404 Page Not Found | Neighbourly', screenshot: 'public-not-found' },
];

// The main signed-in routes, for a member ready to trade and (where the page differs) one who just joined.
const memberRoutes: { path: string; who: 'verified member' | 'new member' }[] = [
  { path: '/dashboard', who: 'verified member' },
  { path: '/listings', who: 'verified member' },
  { path: '/create-listing', who: 'verified member' },
  { path: '/create-listing', who: 'new member' },
  { path: '/account', who: 'verified member' },
  { path: '/account', who: 'new member' },
  { path: '/verify-email', who: 'new member' },
  { path: '/verify-email', who: 'verified member' },
  { path: '/help', who: 'verified member' },
  { path: '/contact', who: 'verified member' },
];

describe('the landing page', () => {
  it('shows the without/with comparison, the plans and a static three-step verification preview', async () => {
    const { page } = await openPage();
    await visit(page, '/');

    await expectVisible(page.getByRole('heading', { level: 2, name: /without and with verified neighbours/ }));
    const without = page.getByRole('list', { name: 'Without verification' });
    for (const risk of ['Strangers', 'Scams', 'No-shows', 'Fake profiles']) await expectVisible(without.getByText(risk, { exact: true }));
    const withUs = page.getByRole('list', { name: 'With Neighbourly' });
    for (const benefit of ['Email, phone and card verified', 'Local pickup', 'Real names', 'Community moderation']) {
      await expectVisible(withUs.getByText(benefit, { exact: true }));
    }

    // Three plan cards; Explorer's button goes to /auth.
    await expectVisible(page.getByRole('heading', { level: 3, name: 'Starter', exact: true }));
    expect(await page.getByRole('link', { name: 'Choose Explorer' }).getAttribute('href')).toBe('/auth');

    // The three steps, in order, with labelled fields that are previews only.
    const steps = page.getByRole('heading', { level: 2, name: 'Three steps to a verified badge' });
    await expectVisible(steps);
    for (const title of ['Email magic link', 'SMS code', 'Card on file']) await expectVisible(page.getByRole('heading', { level: 3, name: title }));
    const previewNote = 'A preview of what you fill in after you join: nothing typed here is checked, sent or saved.';
    for (const label of ['Email address', 'Mobile number', 'Card number', 'Expiry (MM/YY)', 'CVC']) {
      const field = page.getByLabel(label, { exact: true });
      await expectVisible(field);
      expect(await field.getAttribute('readonly'), label).not.toBeNull();
      const describedBy = await field.getAttribute('aria-describedby');
      expect(await page.locator(`[id="${describedBy}"]`).textContent(), label).toBe(previewNote);
    }
    const countryCode = page.getByLabel('Country code', { exact: true });
    expect(await countryCode.locator('option').allTextContents()).toEqual(['+61']);
    expect(await countryCode.inputValue()).toBe('+61');
    await expectVisible(page.getByText('Your card is for verification only. It is not charged unless you upgrade your plan.'));
    // Nothing to submit: the preview is not a form.
    expect(await page.locator('section[aria-labelledby="verify-steps-heading"] form').count()).toBe(0);
  });

  it('has the description and theme colour, and an installable web app manifest with PNG icons', async () => {
    const { page } = await openPage();
    await visit(page, '/');
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#ec4d37');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/friendly neighbourhood marketplace/);
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestHref).toBe('/manifest.webmanifest');

    const response = await fetch(`${baseUrl()}${manifestHref}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json\b/);
    type ManifestIcon = { src: string; sizes: string; type: string; purpose: string };
    const manifest = (await response.json()) as { name: string; short_name: string; theme_color: string; icons: ManifestIcon[] };
    expect(manifest).toMatchObject({ id: '/', name: 'Neighbourly', short_name: 'Neighbourly', start_url: '/', scope: '/', display: 'standalone', theme_color: '#ec4d37', categories: ['shopping'] });
    // What browsers ask of an installable app: 192 and 512 pixel icons, and one a launcher may crop to its shape.
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons) {
      const image = await fetch(`${baseUrl()}${icon.src}`);
      expect(image.status, icon.src).toBe(200);
      expect(image.headers.get('content-type'), icon.src).toBe('image/png');
      const [width] = icon.sizes.split('x').map(Number);
      // A PNG's width sits in bytes 16-19 of its header.
      expect(Buffer.from(await image.arrayBuffer()).readUInt32BE(16), icon.src).toBe(width);
    }
  });
});

describe('the footer', () => {
  it('sends visitors to /auth to browse or sell, and links the four support pages', async () => {
    const { page } = await openPage();
    await visit(page, '/');
    const footer = page.getByRole('contentinfo');
    expect(await footer.getByRole('link', { name: 'Browse Listings' }).getAttribute('href')).toBe('/auth');
    expect(await footer.getByRole('link', { name: 'Sell Something' }).getAttribute('href')).toBe('/auth');
    expect(await footer.getByRole('link', { name: 'Membership Plans' }).getAttribute('href')).toBe('/membership-plans');
    expect(await footer.getByRole('link', { name: 'How It Works' }).getAttribute('href')).toBe('/how-it-works');

    const supportPages = [
      { name: 'Help Centre', path: '/help', heading: 'How can we help?' },
      { name: 'Safety Tips', path: '/safety', heading: 'Trade safely with your neighbours' },
      { name: 'Contact Us', path: '/contact', heading: 'Get in touch' },
      { name: 'Community Guidelines', path: '/guidelines', heading: 'Good neighbours, good trades' },
    ];
    for (const { name, path, heading } of supportPages) {
      await footer.getByRole('link', { name, exact: true }).click();
      await page.waitForURL(`**${path}`);
      await expectVisible(page.getByRole('heading', { level: 1, name: heading }));
      expect(await page.title()).toBe(`${name} | Neighbourly`);
    }
  });

  it('takes members straight to browsing and selling, and shows them the support pages too', async () => {
    const { page } = await openPage({ as: member });
    await visit(page, '/dashboard');
    const footer = page.getByRole('contentinfo');
    expect(await footer.getByRole('link', { name: 'Browse Listings' }).getAttribute('href')).toBe('/listings');
    expect(await footer.getByRole('link', { name: 'Sell Something' }).getAttribute('href')).toBe('/create-listing');
    await footer.getByRole('link', { name: 'Safety Tips', exact: true }).click();
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Trade safely with your neighbours' }));
    await expectVisible(page.getByText(/Scamwatch/));
  });
});

describe('the support pages', () => {
  it('the Help Centre answers questions on accounts, verification, listing, plans and pickup', async () => {
    const { page } = await openPage();
    await visit(page, '/help');
    for (const topic of ['Your account', 'Verification', 'Listing an item', 'Plans and tiers', 'Pickup and payment']) {
      await expectVisible(page.getByRole('heading', { level: 2, name: topic, exact: true }));
    }
    const question = page.getByText('Will my card be charged?', { exact: true });
    const answer = page.getByText('The card on file is for verification only', { exact: false });
    expect(await answer.isVisible()).toBe(false);
    await question.click();
    await expectVisible(answer);
  });

  it("a page whose code can't be downloaded says so, loads when asked again, and never leaves the screen blank", async () => {
    const { page } = await openPage();
    // The connection drops just as the Help Centre's code is fetched.
    await page.route('**/assets/help-centre-page-*.js', (route) => route.abort('internetdisconnected'));
    await page.goto('/help');
    await expectVisible(page.getByRole('heading', { level: 1, name: "This page didn't load" }));
    await expectVisible(page.getByRole('link', { name: 'Neighbourly' }).first());
    // The connection is back: loading the page again shows it.
    await page.unroute('**/assets/help-centre-page-*.js');
    await page.getByRole('button', { name: 'Load the page again' }).click();
    await expectVisible(page.getByRole('heading', { level: 2, name: 'Your account', exact: true }));
  });

  it('the Contact Us form checks its fields, reaches the admins and shows the hourly limit', async () => {
    const { page } = await openPage();
    await visit(page, '/contact');
    const send = page.getByRole('button', { name: 'Send Message' });

    await send.click();
    await expectVisible(page.getByText(contactMessages.nameRequired));
    await expectVisible(page.getByText('Please enter a valid email address'));
    await expectVisible(page.getByText(contactMessages.messageTooShort));

    const message = `The bookshelf listing in Fitzroy has the wrong suburb. (${Date.now()})`;
    await page.getByLabel('Your name').fill('Sam Taylor');
    await page.getByLabel('Email', { exact: true }).fill('sam.taylor@example.com');
    await page.getByLabel('Message').fill(message);
    await send.click();
    await expectVisible(toastTitled(page, 'Message Sent!'));
    await expectVisible(page.getByRole('region', { name: /Notifications/ }).getByText(contactMessages.sent));
    expect(await page.getByLabel('Message').inputValue()).toBe('');

    const [mail] = await api.readOutbox(adminEmail);
    expect(mail?.subject).toContain('Sam Taylor');
    expect(mail?.text).toContain(message);
    expect(mail?.text).toContain('sam.taylor@example.com');

    // spec: 5 an hour from one address. This page sent one; four more use up the hour.
    for (let count = 2; count <= 5; count += 1) {
      await api.callApi('POST', '/api/contact', { body: { name: 'Sam Taylor', email: 'sam.taylor@example.com', message: `Follow-up number ${count}.` } });
    }
    await page.getByLabel('Message').fill('One more thing about that bookshelf listing.');
    await send.click();
    await expectVisible(toastTitled(page, 'Failed to Send Message'));
    await expectVisible(page.getByRole('region', { name: /Notifications/ }).getByText(errorMessages.rateLimited));
  });
});

describe('accessibility and small screens', () => {
  it.each(publicRoutes)('signed out, $path passes axe, fits 360 px and fetches nothing from outside', async ({ path, title, screenshot }) => {
    const { page, externalRequests } = await openPage();
    await checkPage(page, path, screenshot);
    expect(await page.title()).toBe(title);
    expect(externalRequests).toEqual([]);
  });

  it.each(memberRoutes)('signed in as a $who, $path passes axe and fits 360 px', async ({ path, who }) => {
    const { page } = await openPage({ as: who === 'new member' ? newcomer : member });
    await checkPage(page, path);
  });
});
