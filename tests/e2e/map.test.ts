// The "Items Near You" map in a real Chromium against the built app (spec 4 and 9): which areas
// each plan may open, state markers when zoomed out, where a click leads, keyboard access, and a
// map that still works when the tile server cannot be reached.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { mapSettings, markerRadius } from '../../src/domain/map';
import { expectHidden, hasHorizontalScroll, saveScreenshot, viewports } from './support/browser';
import type { ApiMember } from './support/api';
import { auditPage } from './support/axe';
import { useJourney } from './support/journey';

const patientMs = 20_000;
/** Nothing listens on port 9 (discard): every tile request fails. */
const unreachableTileUrl = 'http://127.0.0.1:9/{z}/{x}/{y}.png';
const viewerPostcode = '3065';

const { api, openPageAs, seeVisible, listItem, verifiedSeller } = useJourney({ name: 'map', env: { MAP_TILE_URL: unreachableTileUrl }, patientMs });

const viewers: Record<'starter' | 'explorer' | 'connector', ApiMember> = {} as never;
/** Each postcode's marker name ("Clifton Hill 3068"): the suburb is whichever the server records. */
const areaNames: Record<string, string> = {};
/** The listings in Geelong (3220, Victoria) and Surry Hills (2010, New South Wales). */
const farListings: Record<'3220' | '2010', string> = {} as never;

beforeAll(async () => {
  // Two items in 3068 (Fitzroy North, VIC), one in 3220 (Geelong, VIC) and one in 2010 (Surry Hills, NSW).
  const seller3068 = await verifiedSeller({ firstName: 'Maddie', postcode: '3068' });
  await listItem(seller3068, { title: 'Bookshelf in oak' });
  await listItem(seller3068, { title: 'Bike helmet, medium' });
  farListings['3220'] = await listItem(await verifiedSeller({ firstName: 'Geoff', postcode: '3220' }), { title: 'Surfboard, 7 foot' });
  farListings['2010'] = await listItem(await verifiedSeller({ firstName: 'Sienna', postcode: '2010' }), { title: 'Espresso machine' });

  viewers.starter = await verifiedSeller({ firstName: 'Stella', postcode: viewerPostcode, tier: 'starter' });
  viewers.explorer = await verifiedSeller({ firstName: 'Ezra', postcode: viewerPostcode });
  viewers.connector = await verifiedSeller({ firstName: 'Cora', postcode: viewerPostcode, tier: 'connector' });

  const counts = await api.callApi<{ postcode: string; suburb: string | null }[]>('GET', '/api/map/listing-counts', { token: viewers.connector.token });
  for (const entry of counts) areaNames[entry.postcode] = `${entry.suburb} ${entry.postcode}`;
});

const marker = (page: Page, label: string) => page.getByRole('button', { name: label, exact: true });
const mapOf = (page: Page) => page.getByRole('region', { name: 'Map of items near you' });

/** Markers near the visible part of the map are in the page and reachable by keyboard. */
async function seeMarker(page: Page, label: string): Promise<Locator> {
  const locator = marker(page, label);
  await locator.waitFor({ state: 'attached', timeout: patientMs });
  return locator;
}

async function markerColour(locator: Locator): Promise<string> {
  return locator.locator('.area-marker-dot').evaluate((element) => getComputedStyle(element).backgroundColor);
}

function hexToRgb(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255})`;
}

/** One press of Leaflet's zoom button; a press while the last zoom still animates would be dropped. */
async function pressZoom(page: Page, name: 'Zoom in' | 'Zoom out'): Promise<void> {
  await mapOf(page).getByRole('button', { name }).click();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForFunction(() => !document.querySelector('.leaflet-zoom-anim'));
}

async function zoomOutToStates(page: Page): Promise<void> {
  for (let zoom = mapSettings.defaultZoom; zoom >= mapSettings.stateAggregationBelowZoom; zoom -= 1) await pressZoom(page, 'Zoom out');
}

async function expectStaysOnBrowse(page: Page): Promise<void> {
  await page.waitForTimeout(300);
  expect(new URL(page.url()).search).toBe('');
}

/** A full-page picture from the top, so the sticky header sits where it belongs. */
async function capture(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name);
}

async function openBrowse(page: Page): Promise<void> {
  await page.goto('/listings');
  const heading = page.getByRole('heading', { level: 2, name: 'Items Near You' });
  await seeVisible(heading);
  // The map loads as its place comes into view (on a phone it starts at the bottom of the screen).
  await page.locator('section').filter({ has: heading }).evaluate((section) => section.scrollIntoView({ block: 'center' }));
  await seeVisible(mapOf(page));
}

describe('the Items Near You map', () => {
  it('a Starter sees their neighbourhood in colour and the rest greyed, zoomed in and zoomed out', async () => {
    const page = await openPageAs(viewers.starter);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });

    // Leaflet is not part of the first load: the dashboard never asks for the map's code.
    await page.goto('/dashboard');
    await seeVisible(page.getByRole('link', { name: 'Show Me More!' }));
    expect(scripts.some((url) => url.includes('items-near-you-map'))).toBe(false);

    await openBrowse(page);
    expect(scripts.some((url) => url.includes('items-near-you-map'))).toBe(true);

    const marker3068 = marker(page, `${areaNames['3068']}: 2 listings`);
    await seeVisible(marker3068);
    expect(await marker3068.getAttribute('tabindex')).toBe('0');
    expect(await markerColour(marker3068)).toBe(hexToRgb(mapSettings.allowedColour));
    const box = await marker3068.boundingBox();
    expect(box?.width).toBeCloseTo(markerRadius(2) * 2, 0);

    const marker3220 = await seeMarker(page, `${areaNames['3220']}: 1 listing, upgrade to view this area`);
    expect(await markerColour(marker3220)).toBe(hexToRgb(mapSettings.notAllowedColour));
    // Zoomed in, the map loads the areas around what it shows, not the whole country.
    expect(await marker(page, `${areaNames['2010']}: 1 listing, upgrade to view this area`).count()).toBe(0);

    // The tile server is down: no tile shows, no error shows, the legend and markers are there.
    const tiles = mapOf(page).locator('img.leaflet-tile');
    await tiles.first().waitFor({ state: 'attached', timeout: patientMs });
    expect(await mapOf(page).locator('img.leaflet-tile-loaded').count()).toBe(0);
    expect(await page.getByRole('alert').filter({ hasText: /map/i }).count()).toBe(0);
    const legend = page.getByRole('list', { name: 'Map key' });
    await seeVisible(legend.getByText('Areas you can browse'));
    await seeVisible(legend.getByText(mapSettings.notAllowedLabel));

    const violations = await auditPage(page, { include: 'main section' });
    expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);

    await capture(page, 'map-starter-1280');
    await page.setViewportSize(viewports.phone);
    await seeVisible(marker3068);
    expect(await hasHorizontalScroll(page), 'the browse page scrolls sideways at 360 px').toBe(false);
    const phoneMap = await mapOf(page).boundingBox();
    const mainWidth = await page.locator('main').evaluate((element) => element.clientWidth);
    expect(phoneMap?.height).toBeCloseTo(300, -1);
    expect(phoneMap?.width).toBeGreaterThanOrEqual(mainWidth - 2 * 16 - 2);
    await capture(page, 'map-starter-360');
    await page.setViewportSize(viewports.desktop);

    // Zoomed out: one marker per state. In colour only what their 5 km holds, the number browse
    // lists for Victoria; the rest of Victoria (Geelong) in grey beside it, every other state grey.
    await zoomOutToStates(page);
    const victoria = marker(page, 'Victoria: 2 listings');
    await seeVisible(victoria);
    expect(await markerColour(victoria)).toBe(hexToRgb(mapSettings.allowedColour));
    const restOfVictoria = marker(page, 'Rest of Victoria: 1 listing, upgrade to view this area');
    await seeVisible(restOfVictoria);
    expect(await markerColour(restOfVictoria)).toBe(hexToRgb(mapSettings.notAllowedColour));
    // Side by side, touching, not one over the other.
    const [colouredBox, greyBox] = [await victoria.boundingBox(), await restOfVictoria.boundingBox()];
    const centre = (box: typeof colouredBox) => ({ x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 });
    const apart = Math.hypot(centre(greyBox).x - centre(colouredBox).x, centre(greyBox).y - centre(colouredBox).y);
    expect(apart).toBeGreaterThanOrEqual((colouredBox!.width + greyBox!.width) / 2);
    expect(apart).toBeLessThan((colouredBox!.width + greyBox!.width) / 2 + 6);
    await seeMarker(page, 'New South Wales: 1 listing, upgrade to view this area');
    await expectHidden(marker(page, `${areaNames['3068']}: 2 listings`));
    await capture(page, 'map-starter-states-1280');
    await page.setViewportSize(viewports.phone);
    await seeVisible(victoria);
    await seeVisible(restOfVictoria);
    await capture(page, 'map-starter-states-360');
    await page.setViewportSize(viewports.desktop);

    // The grey part explains and goes nowhere; the coloured part lists what it counted.
    await restOfVictoria.click();
    await seeVisible(mapOf(page).locator('.leaflet-popup').getByText(mapSettings.notAllowedLabel, { exact: true }));
    await expectStaysOnBrowse(page);
    await victoria.click();
    await page.waitForURL((url) => url.pathname === '/listings' && url.search === '?state=VIC');
    await page.getByText('2 listings shown', { exact: true }).waitFor({ state: 'attached', timeout: patientMs });
  });

  it('a Starter who opens a listing outside their area by a link reads how far it is and which plan shows it', async () => {
    const page = await openPageAs(viewers.starter, viewports.phone);
    await page.goto(`/listing/${farListings['3220']}`);
    await seeVisible(page.getByRole('heading', { level: 1, name: 'Surfboard, 7 foot' }));
    const note = page.getByText(/^This listing is \d+ km away in .+ VIC, outside your Starter area \(5 km around 3065\)\. Explorer shows listings across your whole state\./);
    await seeVisible(note);
    await seeVisible(page.getByRole('link', { name: 'Compare plans' }));
    expect(await hasHorizontalScroll(page)).toBe(false);
    await capture(page, 'listing-outside-area-360');

    await page.goto(`/listing/${farListings['2010']}`);
    await seeVisible(page.getByText(/outside your Starter area \(5 km around 3065\)\. Connector shows listings across all of Australia\./));
    await page.getByRole('link', { name: 'Compare plans' }).click();
    await page.waitForURL((url) => url.pathname === '/membership-plans');
  });

  it('an Explorer opens their state, reads why the rest is grey, and uses the keyboard', async () => {
    const page = await openPageAs(viewers.explorer);
    await openBrowse(page);
    const marker3068 = marker(page, `${areaNames['3068']}: 2 listings`);
    await seeVisible(marker3068);
    const marker3220 = await seeMarker(page, `${areaNames['3220']}: 1 listing`);

    // Enter and Space act like a click.
    await marker3068.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/listings' && url.search === '?postcode=3068');
    // The browse page honours the address: the results are 3068's.
    await seeVisible(page.getByRole('link', { name: /Bookshelf in oak/ }).first());

    await page.goto('/listings');
    await seeMarker(page, `${areaNames['3220']}: 1 listing`);
    await marker3220.focus();
    await page.keyboard.press('Space');
    await page.waitForURL((url) => url.search === '?postcode=3220');

    // Zoomed out, focusing a far-away state brings it into view; clicking a grey one explains and goes nowhere.
    await page.goto('/listings');
    await seeVisible(marker3068);
    await zoomOutToStates(page);
    const newSouthWales = await seeMarker(page, 'New South Wales: 1 listing, upgrade to view this area');
    await newSouthWales.focus();
    await seeVisible(newSouthWales);
    await newSouthWales.click();
    const popup = mapOf(page).locator('.leaflet-popup');
    await seeVisible(popup.getByText(mapSettings.notAllowedLabel, { exact: true }));
    await expectStaysOnBrowse(page);
    await capture(page, 'map-explorer-upgrade-1280');
    await newSouthWales.focus();
    await page.keyboard.press('Space');
    await expectStaysOnBrowse(page);

    // The same areas as a list, for whoever cannot use the map: a link for each open one, the grey ones said so.
    await page.goto('/listings');
    await seeVisible(marker3068);
    await page.getByText("The map's areas as a list").click();
    const list = page.getByRole('list', { name: 'Areas on the map' });
    await seeVisible(list.getByText(`${areaNames['3220']}: 1 listing`));
    await list.getByRole('link', { name: `${areaNames['3068']}: 2 listings` }).click();
    await page.waitForURL((url) => url.pathname === '/listings' && url.search === '?postcode=3068');
  });

  it('a Connector sees every area in colour and a click opens it', async () => {
    const page = await openPageAs(viewers.connector, viewports.phone);
    await openBrowse(page);
    for (const label of [`${areaNames['3068']}: 2 listings`, `${areaNames['3220']}: 1 listing`]) {
      expect(await markerColour(await seeMarker(page, label))).toBe(hexToRgb(mapSettings.allowedColour));
    }
    await zoomOutToStates(page);
    await seeMarker(page, 'Victoria: 3 listings');
    const newSouthWales = await seeMarker(page, 'New South Wales: 1 listing');
    expect(await markerColour(newSouthWales)).toBe(hexToRgb(mapSettings.allowedColour));
    expect(await hasHorizontalScroll(page)).toBe(false);
    await capture(page, 'map-connector-states-360');

    await pressZoom(page, 'Zoom in');
    await pressZoom(page, 'Zoom in');
    const marker3068 = marker(page, `${areaNames['3068']}: 2 listings`);
    await seeVisible(marker3068);
    await marker3068.click();
    await page.waitForURL((url) => url.pathname === '/listings' && url.search === '?postcode=3068');
  });
});
