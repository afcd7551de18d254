// The plan's area holds on every way of discovering a listing (spec 1 and 4, decision 0008): browse,
// nearest first, the dashboard feed and the map's numbers agree for every plan, while a listing or
// seller page opened by a link stays open and tells a member where the listing lies.
import { beforeAll, describe, expect, it } from 'vitest';
import { nextCursorHeader } from '../../src/domain/listing';
import type { MapCountEntry } from '../../src/domain/map-schemas';
import { postcodeAreas, stateAreas } from '../../src/web/features/listings/components/map/map-areas';
import { sellerMember, validListing } from './support/factories';
import type { ApiResponse } from './support/http-client';
import { useTestServer } from './support/use-test-server';

const { server, client } = useTestServer();

type Member = Awaited<ReturnType<typeof sellerMember>>;
const viewerPostcode = '3065';
const viewers = {} as Record<'starter' | 'explorer' | 'connector', Member>;
/** Listing ids by postcode. */
const listed: Record<string, string[]> = {};
const sellers: Record<string, Member> = {};

// Around Fitzroy 3065: 3068 (1.5 km), 3000 (1.4 km), 3141 (4.4 km) are in a Starter's 5 km;
// 3078 (5.01 km) just is not; 3220 (Geelong) is in Victoria; 2010 and 6000 are other states.
const placements: [postcode: string, count: number][] = [
  ['3065', 1],
  ['3068', 3],
  ['3000', 2],
  ['3141', 1],
  ['3078', 2],
  ['3220', 2],
  ['2010', 2],
  ['6000', 1],
];

beforeAll(async () => {
  for (const [postcode, count] of placements) {
    const seller = await sellerMember(client, server.database.db, { postcode, tier: 'connector', firstName: `Seller${postcode}` });
    sellers[postcode] = seller;
    listed[postcode] = [];
    for (let index = 0; index < count; index += 1) {
      const created = await client.post('/api/listings', { ...validListing, title: `Item ${index} from ${postcode}` }, seller.token);
      if (created.status !== 201) throw new Error(`listing failed: ${created.status} ${JSON.stringify(created.body)}`);
      listed[postcode].push(created.body.id);
    }
  }
  // A sold listing is in nobody's numbers.
  const sold = await client.post('/api/listings', { ...validListing, title: 'Sold already' }, sellers['3068'].token);
  await client.call('PATCH', `/api/listings/${sold.body.id}`, { token: sellers['3068'].token, body: { isActive: false } });

  for (const tier of ['starter', 'explorer', 'connector'] as const) {
    viewers[tier] = await sellerMember(client, server.database.db, { postcode: viewerPostcode, tier, firstName: tier });
  }
});

/** Every listing GET /api/listings gives for a query, following the cursor to the last page. */
async function browseAll(query: string, token?: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 50; pages += 1) {
    const separator = query ? '&' : '';
    const page: ApiResponse<{ id: string }[]> = await client.get(`/api/listings?${query}${separator}limit=5${cursor ? `&cursor=${cursor}` : ''}`, token);
    expect(page.status, query).toBe(200);
    ids.push(...page.body.map((item) => item.id));
    cursor = page.headers.get(nextCursorHeader);
    if (!cursor) return ids;
  }
  throw new Error(`browse did not end: ${query}`);
}

/** The browse call a map marker leads to: its href on the API. */
const browseQueryOf = (href: string) => new URL(href, 'http://localhost').search.slice(1);

const allowedSum = (entries: MapCountEntry[]) => entries.filter((entry) => entry.allowed).reduce((total, entry) => total + entry.count, 0);

describe('the map and browse agree for every plan', () => {
  it.each(['starter', 'explorer', 'connector'] as const)('a %s: every coloured number is what browse lists, newest or nearest first', async (tier) => {
    const token = viewers[tier].token;
    const counts = await client.get<MapCountEntry[]>('/api/map/listing-counts', token);
    expect(counts.status).toBe(200);
    const entries = counts.body;

    // The whole area: the allowed counts add up to what browse pages through, in either order.
    const newest = await browseAll('', token);
    expect(new Set(newest).size).toBe(newest.length);
    expect(newest.length).toBe(allowedSum(entries));
    expect((await browseAll('sort=distance', token)).sort()).toEqual([...newest].sort());
    // The dashboard's feed is browse's first 8.
    const feed = await client.get('/api/listings?limit=8', token);
    expect(feed.body.every((item: { id: string }) => newest.includes(item.id))).toBe(true);

    // Zoomed in: an allowed postcode lists its count, a greyed one lists nothing.
    for (const area of postcodeAreas(entries)) {
      const query = browseQueryOf(area.href);
      expect((await browseAll(query, token)).length, `${tier} ${area.label}`).toBe(area.allowed ? area.count : 0);
    }
    // Zoomed out: a coloured state marker's number is what its click lists; grey is the rest.
    for (const area of stateAreas(entries)) {
      const listedThere = (await browseAll(browseQueryOf(area.href), token)).length;
      const stateTotal = entries.filter((entry) => `/listings?state=${entry.state}` === area.href).reduce((total, entry) => total + entry.count, 0);
      if (area.allowed) expect(listedThere, `${tier} ${area.label}`).toBe(area.count);
      else expect(listedThere + area.count, `${tier} ${area.label}`).toBe(stateTotal);
    }
  });

  it('draws a Starter’s own state as what their 5 km holds in colour and the rest in grey', async () => {
    const entries = (await client.get<MapCountEntry[]>('/api/map/listing-counts', viewers.starter.token)).body;
    const victoria = stateAreas(entries).filter((area) => area.href === '/listings?state=VIC');
    // 3065, 3068, 3000 and 3141 are within 5 km (7 listings); 3078 and Geelong are not (4).
    expect(victoria.map(({ count, allowed }) => ({ count, allowed }))).toEqual([
      { count: 7, allowed: true },
      { count: 4, allowed: false },
    ]);
  });

  it('a visitor looking around a postcode sees exactly what a Starter there has in colour', async () => {
    const starterEntries = (await client.get<MapCountEntry[]>('/api/map/listing-counts', viewers.starter.token)).body;
    const asVisitor = await browseAll(`near=${viewerPostcode}`);
    const asStarter = await browseAll('', viewers.starter.token);
    expect(asVisitor.sort()).toEqual(asStarter.sort());
    expect(asVisitor.length).toBe(allowedSum(starterEntries));
  });
});

describe('pages opened by a link stay open', () => {
  it('a listing, its seller and the seller’s other listings open for a Starter and a visitor far away', async () => {
    const sydneySeller = sellers['2010'];
    for (const token of [viewers.starter.token, undefined]) {
      expect((await client.get(`/api/listings/${listed['2010'][0]}`, token)).status).toBe(200);
      expect((await client.get(`/api/sellers/${sydneySeller.user.id}`, token)).body.activeListingCount).toBe(2);
      expect((await client.get(`/api/seller-listings/${sydneySeller.user.id}`, token)).body).toHaveLength(2);
    }
  });
});

describe('where a listing lies for the member looking at it', () => {
  const reachOf = (postcode: string, member: Member) => client.get(`/api/listings/${listed[postcode][0]}/reach`, member.token);

  it('a Starter is told how far a listing outside their 5 km is, and the cheapest plan that shows it', async () => {
    const near = await reachOf('3068', viewers.starter);
    expect(near.status).toBe(200);
    expect(near.body).toMatchObject({ inArea: true, reachedBy: null, tier: 'starter', postcode: viewerPostcode, state: 'VIC' });
    expect(near.body.distanceKm).toBeCloseTo(1.5, 0);

    const geelong = (await reachOf('3220', viewers.starter)).body;
    expect(geelong).toMatchObject({ inArea: false, reachedBy: 'explorer' });
    expect(geelong.distanceKm).toBeGreaterThan(60);
    expect((await reachOf('3078', viewers.starter)).body).toMatchObject({ inArea: false, reachedBy: 'explorer' });
    const sydney = (await reachOf('2010', viewers.starter)).body;
    expect(sydney).toMatchObject({ inArea: false, reachedBy: 'connector' });
    expect(sydney.distanceKm).toBeGreaterThan(700);
  });

  it('an Explorer reaches their state and is pointed to Connector beyond it; a Connector reaches everything', async () => {
    expect((await reachOf('3220', viewers.explorer)).body).toMatchObject({ inArea: true, reachedBy: null });
    expect((await reachOf('6000', viewers.explorer)).body).toMatchObject({ inArea: false, reachedBy: 'connector' });
    expect((await reachOf('6000', viewers.connector)).body).toMatchObject({ inArea: true, reachedBy: null });
  });

  it('says a listing is in the area exactly when browse lists it, for every plan', async () => {
    for (const tier of ['starter', 'explorer', 'connector'] as const) {
      const browsed = new Set(await browseAll('', viewers[tier].token));
      for (const ids of Object.values(listed)) {
        for (const id of ids) {
          const reach = await client.get(`/api/listings/${id}/reach`, viewers[tier].token);
          expect(reach.body.inArea, `${tier} ${id}`).toBe(browsed.has(id));
        }
      }
    }
  });

  it('is for signed-in members, and an unknown listing is not found', async () => {
    expect((await client.get(`/api/listings/${listed['3068'][0]}/reach`)).status).toBe(401);
    expect(await client.get('/api/listings/00000000-0000-0000-0000-000000000000/reach', viewers.starter.token)).toMatchObject({ status: 404, body: { code: 'LISTING_NOT_FOUND' } });
    expect(await client.get('/api/listings/not-an-id/reach', viewers.starter.token)).toMatchObject({ status: 404, body: { code: 'LISTING_NOT_FOUND' } });
  });
});
