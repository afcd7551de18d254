// The read requests the benchmark measures, shared by `npm run bench` (under load, at one size)
// and `npm run bench:growth` (each request's own cost at 10,000, 100,000 and 1,000,000 listings).
import type pg from 'pg';
import { nextCursorHeader } from '../../src/domain/listing';
import { countsAreaForView, mapSettings } from '../../src/domain/map';
import { findPostcode } from '../../src/server/postcodes/postcode-directory';
import { benchMemberEmail, benchMemberPostcode, benchPassword } from './bench-accounts';
import type { RequestShape } from './load';

export const deepPageHops = 20;
export const detailIdCount = 1000;

/** A common word (about 2% of listings), searched newest first in each of the three kinds of area. */
export const commonWord = 'guitar';

/**
 * A common word newest first over a Starter's 5 km (a visitor at 3000 sees the same area), a state
 * (the explorer's) and all of Australia (the connector's): decisions 40 and 41. `npm run bench` holds
 * them to a share of browse, `npm run bench:growth` to their growth with the catalogue.
 */
export function commonWordSearchLines(targets: Pick<ReadTargets, 'explorerToken' | 'connectorToken'>): ReadLine[] {
  const pathname = `/api/listings?search=${commonWord}`;
  return [
    { label: `Search "${commonWord}" over a Starter's 5 km (visitor at 3000)`, shape: get(pathname), explainAs: { browse: pathname, asConnector: false } },
    { label: `Search "${commonWord}" over a state (explorer)`, shape: get(pathname, targets.explorerToken), explainAs: null },
    { label: `Search "${commonWord}" over all of Australia (connector)`, shape: get(pathname, targets.connectorToken), explainAs: { browse: pathname, asConnector: true } },
  ];
}

/** How bench.ts explains a line's SQL: a browse as visitor or the connector, the detail, or the session lookup. */
export type ExplainAs = { browse: string; asConnector: boolean } | 'detail' | 'session' | null;

export type ReadLine = { label: string; shape: RequestShape; explainAs: ExplainAs };

/** What the lines need: the connector's token, a deep cursor and real listing ids. */
export type ReadTargets = { connectorEmail: string; connectorToken: string; explorerToken: string; cursorPath: string; deepPage: number; listingIds: string[] };

export async function login(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: benchPassword }),
  });
  const body = (await response.json()) as { token?: string };
  if (!response.ok || !body.token) throw new Error(`Login as ${email} failed: ${response.status} ${JSON.stringify(body)}`);
  return body.token;
}

export async function getJson(baseUrl: string, pathname: string, token?: string) {
  const response = await fetch(`${baseUrl}${pathname}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const body = (await response.json()) as unknown;
  if (!response.ok) throw new Error(`GET ${pathname} answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return { body, headers: response.headers };
}

export async function prepareReadTargets(baseUrl: string, pool: pg.Pool): Promise<ReadTargets> {
  const connectorEmail = benchMemberEmail('connector');
  const connectorToken = await login(baseUrl, connectorEmail);
  const explorerToken = await login(baseUrl, benchMemberEmail('explorer'));
  let cursorPath = '/api/listings';
  let deepPage = 1;
  for (let hop = 0; hop < deepPageHops; hop += 1) {
    const { headers } = await getJson(baseUrl, cursorPath);
    const cursor = headers.get(nextCursorHeader);
    // A small catalogue (a quick check of the scripts) runs out of pages: the deepest it has.
    if (!cursor) {
      console.log(`Page ${hop + 1} has no ${nextCursorHeader} header: the deep page is page ${deepPage}, the deepest this catalogue has.`);
      break;
    }
    cursorPath = `/api/listings?cursor=${encodeURIComponent(cursor)}`;
    deepPage = hop + 2;
  }
  const { rows } = await pool.query<{ id: string }>('select id from listings order by random() limit $1', [detailIdCount]);
  return { connectorEmail, connectorToken, explorerToken, cursorPath, deepPage, listingIds: rows.map((row) => row.id) };
}

/**
 * What the Items Near You map asks for when it opens at postcode 3000 on a 1280 × 420 px map at
 * the default zoom: the view (Web Mercator, 256 px tiles) widened by countsAreaForView.
 */
export function mapOpeningQuery(): string {
  const centre = findPostcode(benchMemberPostcode)!;
  const lonSpan = (1280 / mapSettings.tileSize) * (360 / 2 ** mapSettings.defaultZoom);
  const latSpan = lonSpan * (420 / 1280) * Math.cos((centre.latitude * Math.PI) / 180);
  const area = countsAreaForView({
    south: centre.latitude - latSpan / 2,
    west: centre.longitude - lonSpan / 2,
    north: centre.latitude + latSpan / 2,
    east: centre.longitude + lonSpan / 2,
  });
  return new URLSearchParams(Object.entries(area).map(([edge, value]) => [edge, String(value)])).toString();
}

/** A GET as a browser sends it: compressed answers welcome. */
export const get = (pathname: string, token?: string): RequestShape => ({
  method: 'GET',
  path: pathname,
  headers: { 'accept-encoding': 'gzip, deflate, br, zstd', ...(token ? { authorization: `Bearer ${token}` } : {}) },
});

export function readLines(targets: ReadTargets): ReadLine[] {
  const browse = (label: string, pathname: string, asConnector = false): ReadLine => ({
    label,
    shape: get(pathname, asConnector ? targets.connectorToken : undefined),
    explainAs: { browse: pathname, asConnector },
  });
  let nextId = 0;
  const detailShape: RequestShape = {
    ...get(`/api/listings/${targets.listingIds[0]}`),
    setupRequest: (request) => {
      const id = targets.listingIds[nextId % targets.listingIds.length];
      nextId += 1;
      return { ...request, path: `/api/listings/${id}` };
    },
  };
  return [
    browse('Browse first page (visitor)', '/api/listings'),
    browse('Browse electronics in VIC', '/api/listings?category=electronics&state=VIC'),
    browse('Browse postcode 3000', '/api/listings?postcode=3000'),
    browse('Search "bicycle"', '/api/listings?search=bicycle'),
    browse('Sort price low to high', '/api/listings?sort=price-low'),
    browse('Sort nearest first (connector, 3000)', '/api/listings?sort=distance', true),
    browse(`Deep page (page ${targets.deepPage} by cursor)`, targets.cursorPath),
    { label: `Listing detail (${targets.listingIds.length.toLocaleString('en-AU')} ids rotated)`, shape: detailShape, explainAs: 'detail' },
    { label: 'Map listing counts (connector, the map opening at 3000)', shape: get(`/api/map/listing-counts?${mapOpeningQuery()}`, targets.connectorToken), explainAs: null },
    { label: 'GET /api/auth/me (connector)', shape: get('/api/auth/me', targets.connectorToken), explainAs: 'session' },
  ];
}
