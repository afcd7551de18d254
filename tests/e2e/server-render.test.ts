// Pages come from the server already rendered: a shared listing link is a finished page before any
// script runs (and without JavaScript at all), a returning member's browse page holds their own
// search, the browser hydrates what it was sent without rendering it again, and the cookie that lets
// the server know the member follows the stored token in and out.
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { authTokenCookieName } from '../../src/domain/session';
import type { ApiMember } from './support/api';
import { expectHidden, expectVisible, saveScreenshot, toastTitled, viewports } from './support/browser';
import { useJourney } from './support/journey';

const listingTitle = 'Teak outdoor setting, seats six';
const listingPrice = '$340';
/** Ends the JSON block the page data travels in, were the server to write it unescaped. */
const hostileTitle = '</script><script>window.__pwned=1</script> Cane chair';

const { api, baseUrl, newContext: newJourneyContext, listItem, verifiedSeller } = useJourney({ name: 'server-render' });

let seller: ApiMember;
let listingId: string;
let hostileListingId: string;

beforeAll(async () => {
  seller = await verifiedSeller({ firstName: 'Hamish', postcode: '2040' });
  const create = (title: string, price: string) =>
    listItem(seller, { title, description: 'Solid teak, weathered to silver grey. Pickup from Leichhardt.', price, category: 'home' });
  listingId = await create(listingTitle, '340');
  hostileListingId = await create(hostileTitle, '15');
});

async function newContext(options: { javaScriptEnabled?: boolean; token?: string } = {}): Promise<BrowserContext> {
  const context = await newJourneyContext({ viewport: viewports.phone, javaScriptEnabled: options.javaScriptEnabled ?? true });
  if (options.token) {
    await context.addInitScript((token) => window.localStorage.setItem('authToken', token), options.token);
  }
  return context;
}

function pageRequest(path: string, cookieToken?: string): Promise<Response> {
  return fetch(`${baseUrl()}${path}`, { headers: cookieToken ? { cookie: `${authTokenCookieName}=${encodeURIComponent(cookieToken)}` } : {} });
}

/** The schema.org blocks of a page's head, parsed as a search engine would. */
function readStructuredData(html: string): Array<Record<string, any>> {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]) as Record<string, any>);
}

/** The content of a <meta property="og:…"> or <meta name="…"> in the page's head. */
function metaContent(html: string, key: string): string | undefined {
  const found = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1];
  return found?.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** The page data the server wrote for the browser to hydrate with. */
function readPageState(html: string): { signedIn: boolean } | null {
  const json = /<script id="app-state" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1];
  return json ? (JSON.parse(json) as { signedIn: boolean }) : null;
}

function collectHydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|Minified React error/i.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

describe('pages rendered on the server', () => {
  it('sends a listing link as a finished page: its title, price and description, its name in the tab; 404 for one that is gone', async () => {
    const response = await pageRequest(`/listing/${listingId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toMatch(new RegExp(`<h1[^>]*>${listingTitle}</h1>`));
    expect(html).toContain(listingPrice);
    expect(html).toContain('Solid teak, weathered to silver grey.');
    expect(html).toContain(`<title>${listingTitle} - ${listingPrice} in Leichhardt NSW | Neighbourly</title>`);
    expect(readPageState(html)).toMatchObject({ signedIn: false });

    const gone = await pageRequest('/listing/00000000-0000-4000-8000-000000000000');
    expect(gone.status).toBe(404);
    const unknown = await pageRequest('/no-such-page');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('404 Page Not Found');
  });

  it("answers a listing or seller that is missing, or an address that cannot be one, with its not-found screen and a 404, never 'Loading'", async () => {
    const missingId = '00000000-0000-4000-8000-000000000000';
    for (const path of [`/listing/${missingId}`, '/listing/not-a-listing', `/listing/${'a'.repeat(120)}`]) {
      const response = await pageRequest(path);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html, path).toMatch(/<h1[^>]*>Listing not found<\/h1>/);
      expect(html, path).toMatch(/<a[^>]*href="\/listings"[^>]*>Back to listings<\/a>/);
      expect(html, path).toContain('<title>Listing not found | Neighbourly</title>');
      expect(html, path).not.toContain('Loading');
    }
    for (const path of [`/seller/${missingId}`, '/seller/not-a-member']) {
      const response = await pageRequest(path);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html, path).toMatch(/<h1[^>]*>Seller not found<\/h1>/);
      expect(html, path).not.toContain('Loading');
    }
  });

  it('hydrates the not-found screen of a missing listing in place: no loading flash, no second ask, no error toast', async () => {
    const missingId = '00000000-0000-4000-8000-0000000000aa';
    const page = await (await newContext()).newPage();
    const hydrationErrors = collectHydrationErrors(page);
    const listingCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/listings/')) listingCalls.push(request.url());
    });
    // Anything that says "Loading" on screen at any moment, from the first byte on.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { loadingSeen: string[] }).loadingSeen = seen;
      new MutationObserver(() => {
        const text = document.getElementById('root')?.textContent ?? '';
        if (text.includes('Loading')) seen.push(text);
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    let releaseApp = () => {};
    const appHeld = new Promise<void>((resolve) => {
      releaseApp = resolve;
    });
    await page.route('**/assets/app-*.js', async (route) => {
      await appHeld;
      await route.continue();
    });

    const response = await page.goto(`/listing/${missingId}`, { waitUntil: 'domcontentloaded' });
    expect(response?.status()).toBe(404);
    const heading = page.getByRole('heading', { level: 1, name: 'Listing not found' });
    await expectVisible(heading);
    await heading.evaluate((element) => element.setAttribute('data-server-element', 'kept'));
    releaseApp();
    await page.waitForLoadState('networkidle');

    // Hydrated: the app now handles the menu, and the server's heading is the one still on screen.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expectVisible(page.getByRole('navigation', { name: 'Mobile' }));
    expect(await heading.getAttribute('data-server-element')).toBe('kept');
    expect(await page.evaluate(() => (window as unknown as { loadingSeen: string[] }).loadingSeen)).toEqual([]);
    expect(listingCalls).toEqual([]);
    await expectHidden(toastTitled(page, 'Failed to fetch listing'), 1000);
    expect(hydrationErrors).toEqual([]);
    await saveScreenshot(page, 'server-render-listing-not-found-phone');
  });

  it('writes the page data so that nothing in a listing can end its block or run', async () => {
    const html = await (await pageRequest(`/listing/${hostileListingId}`)).text();
    expect(html.match(/<script\b/g)).toHaveLength(3); // the app's entry, the schema.org data and the page data
    expect(html).not.toContain('<script>window.__pwned');
    expect(readStructuredData(html)[0]).toMatchObject({ '@type': 'Product', name: hostileTitle });
    expect(html).toContain(`<meta property="og:title" content="&lt;/script&gt;&lt;script&gt;window.__pwned=1&lt;/script&gt; Cane chair - $15 in Leichhardt NSW" />`);
    expect(readPageState(html)).toMatchObject({ signedIn: false });
  });

  it("sends the build's scripts without a page's headers, and the page with them", async () => {
    const page = await pageRequest(`/listing/${listingId}`);
    const html = await page.text();
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const script = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const served = await pageRequest(script!);
    expect(served.status).toBe(200);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toContain('immutable');
    for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy']) expect(served.headers.get(name), name).toBeNull();
  });

  it('shows a listing to a browser with JavaScript turned off', async () => {
    const page = await (await newContext({ javaScriptEnabled: false })).newPage();
    await page.goto(`/listing/${listingId}`);
    await expectVisible(page.getByRole('heading', { level: 1, name: listingTitle }));
    await expectVisible(page.getByText(listingPrice).first());
    await expectVisible(page.getByText('Solid teak, weathered to silver grey.').first());
    await saveScreenshot(page, 'server-render-listing-no-javascript-phone');
  });

  it('keeps the page the server sent on screen while the app downloads, then hydrates it in place and handles a tap made before', async () => {
    const page = await (await newContext()).newPage();
    const hydrationErrors = collectHydrationErrors(page);
    // The app's code is held back until the test lets it through.
    let releaseApp = () => {};
    const appHeld = new Promise<void>((resolve) => {
      releaseApp = resolve;
    });
    await page.route('**/assets/app-*.js', async (route) => {
      await appHeld;
      await route.continue();
    });

    await page.goto(`/listing/${listingId}`, { waitUntil: 'domcontentloaded' });
    const heading = page.getByRole('heading', { level: 1, name: listingTitle });
    await expectVisible(heading);
    await expectVisible(page.getByText(listingPrice).first());
    // A mark on the server's heading: hydration keeps the element, a fresh render would replace it.
    await heading.evaluate((element) => element.setAttribute('data-server-element', 'kept'));

    // A tap before the app has started is held, and handled once it has.
    await page.getByRole('button', { name: 'Open menu' }).click();
    releaseApp();
    await expectVisible(page.getByRole('navigation', { name: 'Mobile' }));
    expect(await heading.getAttribute('data-server-element')).toBe('kept');
    expect(hydrationErrors).toEqual([]);
  });

  it("renders a member's browse page with their own search only for them, kept private; a refused token gets the visitor's page", async () => {
    const buyer = await verifiedSeller({ firstName: 'Ngaio', postcode: '2041' });
    const response = await pageRequest('/listings', buyer.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('private');
    const html = await response.text();
    expect(html).toContain('What&#x27;s Available Near You');
    expect(html).toContain(listingTitle);
    expect(readPageState(html)).toMatchObject({ signedIn: true });

    // Without the cookie the server cannot know who asks: the browser decides (the bare shell).
    const anonymous = await (await pageRequest('/listings')).text();
    expect(anonymous).not.toContain(listingTitle);
    expect(readPageState(anonymous)).toBeNull();

    const refused = await pageRequest(`/listing/${listingId}`, 'not-a-real-token');
    expect(readPageState(await refused.text())).toMatchObject({ signedIn: false });
    expect(refused.headers.get('cache-control')).not.toContain('public');
  });

  it('follows the stored token with the cookie: a returning member gets their page from the server, and logging out clears it', async () => {
    const member = await verifiedSeller({ firstName: 'Tui', postcode: '2042' });
    const context = await newJourneyContext({ viewport: viewports.desktop });
    const page = await context.newPage();
    const hydrationErrors = collectHydrationErrors(page);
    // Signed in before the cookie existed: the first load renders in the browser and writes it.
    await page.goto('/auth');
    await page.evaluate((token) => window.localStorage.setItem('authToken', token), member.token);
    await page.goto('/listings');
    await expectVisible(page.getByRole('heading', { level: 1, name: "What's Available Near You" }));
    const cookie = (await context.cookies()).find((candidate) => candidate.name === authTokenCookieName);
    expect(cookie?.value).toBe(encodeURIComponent(member.token));
    expect(cookie?.sameSite).toBe('Lax');

    // The next load comes rendered for the member, and hydrates cleanly.
    const served = page.waitForResponse((response) => response.url() === `${baseUrl()}/listings`);
    await page.reload();
    expect(readPageState(await (await served).text())).toMatchObject({ signedIn: true });
    await expectVisible(page.getByText(listingTitle).first());
    await saveScreenshot(page, 'server-render-browse-member-desktop');
    expect(hydrationErrors).toEqual([]);

    await page.getByRole('button', { name: 'Log out' }).click();
    await expectVisible(page.getByRole('button', { name: 'Sign In', exact: true }));
    expect((await context.cookies()).some((candidate) => candidate.name === authTokenCookieName)).toBe(false);
    await expectHidden(page.getByText(listingTitle));
  });
});

describe('a listing shared in a chat or found by a search engine', () => {
  const photoTitle = 'Green road bike, 54 cm frame';
  let photoListingId: string;
  let photoUrl: string;

  beforeAll(async () => {
    // A real photo, uploaded as the listing form uploads it: the server makes its share picture.
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 40, g: 140, b: 70 } } }).jpeg().toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'bike.jpg');
    const upload = await fetch(`${baseUrl()}/api/uploads/images`, { method: 'POST', headers: { authorization: `Bearer ${seller.token}` }, body: form });
    expect(upload.status).toBe(201);
    photoUrl = ((await upload.json()) as { url: string }).url;
    const body = { title: photoTitle, description: 'Shimano gears, new tyres. Pickup from Leichhardt.', price: '180', category: 'sports', condition: 'good', imageUrls: [photoUrl] };
    photoListingId = (await api.callApi<{ id: string }>('POST', '/api/listings', { token: seller.token, body })).id;
  });

  /** The address the server names itself by (PUBLIC_URL's default, http://localhost:<port>). */
  const publicUrl = () => baseUrl().replace('127.0.0.1', 'localhost');

  it('has a title, description, canonical link, Open Graph and X cards, and a share picture that loads at 1200x630', async () => {
    const html = await (await pageRequest(`/listing/${photoListingId}?ref=whatsapp`)).text();
    const pageUrl = `${publicUrl()}/listing/${photoListingId}`;
    expect(html).toContain(`<title>${photoTitle} - $180 in Leichhardt NSW | Neighbourly</title>`);
    expect(metaContent(html, 'description')).toBe('$180, pickup in Leichhardt NSW. Shimano gears, new tyres. Pickup from Leichhardt.');
    expect(html).toContain(`<link rel="canonical" href="${pageUrl}" />`);
    expect(html).not.toContain('name="robots"');
    expect(metaContent(html, 'og:type')).toBe('product');
    expect(metaContent(html, 'og:url')).toBe(pageUrl);
    expect(metaContent(html, 'product:condition')).toBe('used');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    const image = metaContent(html, 'og:image') ?? '';
    expect(image).toBe(`${publicUrl()}${photoUrl.replace(/\.jpg$/, '-share.jpg')}`);
    const picture = await fetch(image.replace(publicUrl(), baseUrl()));
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    const size = await sharp(Buffer.from(await picture.arrayBuffer())).metadata();
    expect([size.width, size.height]).toEqual([1200, 630]);

    const [product] = readStructuredData(html);
    expect(product).toMatchObject({ '@context': 'https://schema.org', '@type': 'Product', name: photoTitle, image: [`${publicUrl()}${photoUrl}`] });
    expect(product.offers).toMatchObject({ '@type': 'Offer', price: '180.00', priceCurrency: 'AUD', availability: 'https://schema.org/InStock', itemCondition: 'https://schema.org/UsedCondition' });
    expect(product.offers.areaServed).toMatchObject({ '@type': 'Place', address: { postalCode: '2040', addressRegion: 'NSW', addressCountry: 'AU' } });
  });

  it('shows its title, price, photo and description to a browser with JavaScript off', async () => {
    const page = await (await newContext({ javaScriptEnabled: false })).newPage();
    await page.goto(`/listing/${photoListingId}`);
    await expectVisible(page.getByRole('heading', { level: 1, name: photoTitle }));
    await expectVisible(page.getByText('$180').first());
    await expectVisible(page.getByText('Shimano gears, new tyres.').first());
    const photo = page.locator(`img[src="${photoUrl}"]`).first();
    await expectVisible(photo);
    await expect.poll(() => photo.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
    await saveScreenshot(page, 'found-and-shared-listing-no-javascript-phone');
  });

  it('copies its link where the browser cannot share, and says so', async () => {
    const context = await newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    const page = await context.newPage();
    // Desktop browsers without the Web Share API take the copying path.
    await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    await page.goto(`/listing/${photoListingId}`);
    await page.getByRole('button', { name: 'Share' }).click();
    await expectVisible(toastTitled(page, 'Link copied'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseUrl()}/listing/${photoListingId}`);
    await saveScreenshot(page, 'found-and-shared-link-copied-phone');
  });

  it('answers 410 once its seller deletes it, and the page says it was removed', async () => {
    const doomed = await listItem(seller, { title: 'Bookshelf, pine, five shelves', price: '40' });
    await api.callApi('DELETE', `/api/listings/${doomed}`, { token: seller.token });
    const response = await pageRequest(`/listing/${doomed}`);
    expect(response.status).toBe(410);
    const html = await response.text();
    expect(html).toContain('This listing has been removed');
    expect(metaContent(html, 'robots')).toBe('noindex');
    expect(html).not.toContain('rel="canonical"');
  });
});

describe("a visitor's page, kept until what it shows changes", () => {
  it('renders a listing page once, answers an unchanged one with 304, and renders it again when the listing changes', async () => {
    const kept = await listItem(seller, { title: 'Brass floor lamp', description: 'Tall brass lamp with a linen shade. Pickup from Leichhardt.', price: '120', category: 'home' });
    const first = await pageRequest(`/listing/${kept}`);
    const firstHtml = await first.text();
    expect(first.status).toBe(200);
    expect(firstHtml).toContain('$120');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await pageRequest(`/listing/${kept}`);
    expect(again.headers.get('x-cache')).toBe('hit');
    expect(await again.text()).toBe(firstHtml);
    const unchanged = await fetch(`${baseUrl()}/listing/${kept}`, { headers: { 'if-none-match': etag! } });
    expect([unchanged.status, await unchanged.text()]).toEqual([304, '']);

    // The seller drops the price: the next visitor gets the new page, and a browser's old copy is stale.
    await api.callApi('PUT', `/api/listings/${kept}`, {
      token: seller.token,
      body: { title: 'Brass floor lamp', description: 'Tall brass lamp with a linen shade. Pickup from Leichhardt.', price: '95', category: 'home', imageUrls: [] },
    });
    const changed = await pageRequest(`/listing/${kept}`);
    expect(changed.headers.get('x-cache')).toBe('miss');
    expect(await changed.text()).toContain('$95');
    expect((await fetch(`${baseUrl()}/listing/${kept}`, { headers: { 'if-none-match': etag! } })).status).toBe(200);
  });

  it("renders a seller's page again when they list something new; members' pages and unknown addresses are never kept", async () => {
    const { id: sellerId } = await api.callApi<{ id: string }>('GET', '/api/auth/me', { token: seller.token });
    const path = `/seller/${sellerId}`;
    await pageRequest(path);
    expect((await pageRequest(path)).headers.get('x-cache')).toBe('hit');
    await listItem(seller, { title: 'Enamel bread bin', description: 'Cream enamel bread bin, no chips. Pickup from Leichhardt.', price: '30', category: 'home' });
    const fresh = await pageRequest(path);
    expect(fresh.headers.get('x-cache')).toBe('miss');
    expect(await fresh.text()).toContain('Enamel bread bin');

    const members = await pageRequest(`/listing/${listingId}`, seller.token);
    expect(members.headers.get('x-cache')).toBeNull();
    expect(members.headers.get('etag')).toBeNull();
    expect(members.headers.get('cache-control')).toBe('private, no-cache');
    await pageRequest('/no-such-page-here');
    expect((await pageRequest('/no-such-page-here')).headers.get('x-cache')).toBe('miss');
  });
});
