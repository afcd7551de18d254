// The pages anyone can open (landing, sign-in, plans, how it works, the four footer pages, 404), in a
// real Chromium against the built app: content, the Contact Us form, the web app manifest, an axe
// accessibility check, no sideways scrolling at 360 px, screenshots. The member pages get the same
// checks in member-pages.test.ts, which runs beside this file.
import { beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, errorMessages } from '../../src/domain';
import { expectVisible, toastTitled } from './support/browser';
import type { ApiMember } from './support/api';
import { useJourney } from './support/journey';
import { pageChecks } from './support/page-checks';

// The contact form mails the admins; the harness's server has none unless told.
const adminEmail = 'help@example.com';

const { api, baseUrl, newContext, listItem, verifiedSeller } = useJourney({ name: 'public-pages', env: { ADMIN_EMAILS: adminEmail } });

let member: ApiMember;

beforeAll(async () => {
  // A member with a verified email, a postcode and one listing: the footer as members see it.
  member = await verifiedSeller({ firstName: 'Nina', postcode: '3000' });
  await listItem(member, { title: 'Timber bookshelf', description: 'Five shelves, solid pine, a few marks on the side.', price: '40', category: 'home' });
});

const { openPage, visit, checkPage } = pageChecks({ newContext, baseUrl });

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
  { path: '/privacy', title: 'Privacy | Neighbourly', screenshot: 'public-privacy' },
  { path: '/no-such-page', title: '404 Page Not Found | Neighbourly', screenshot: 'public-not-found' },
];

describe('the landing page', () => {
  it('shows the without/with comparison, the plans and a static three-step verification preview', async () => {
    const { page } = await openPage();
    await visit(page, '/');

    await expectVisible(page.getByRole('heading', { level: 2, name: /without and with verified neighbours/ }));
    const without = page.getByRole('list', { name: 'Without verification' });
    for (const risk of ['Strangers', 'Scams', 'No-shows', 'Fake profiles']) await expectVisible(without.getByText(risk, { exact: true }));
    const withUs = page.getByRole('list', { name: 'With Neighbourly' });
    for (const benefit of ['Email and phone verified', 'Local pickup', 'Real names', 'Community moderation']) {
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

describe('with the keyboard alone', () => {
  it('skips to the content, follows a link with Enter, and lands on the new page’s heading, with focus shown', async () => {
    const { page } = await openPage();
    await visit(page, '/');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');

    // Tab on to the footer's Help Centre link (the page's order, no selector clicking), then Enter.
    let guard = 0;
    while ((await page.evaluate(() => document.activeElement?.textContent?.trim())) !== 'Help Centre' && guard++ < 80) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('footer') !== null)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/help');
    await expect
      .poll(() => page.evaluate(() => ({ tag: document.activeElement?.tagName, text: document.activeElement?.textContent?.trim() })))
      .toEqual({ tag: 'H1', text: 'How can we help?' });
    // The heading shows that it has focus (the focus ring), as every focused element does.
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).not.toBe('none');
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
      { name: 'Privacy', path: '/privacy', heading: 'Your details, looked after' },
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
});
