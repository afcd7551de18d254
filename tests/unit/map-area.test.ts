import { describe, expect, it } from 'vitest';
import { countsAreaForView, mapSettings, markerRadius } from '../../src/domain/map';
import { type MapCountEntry, mapCountsQuery } from '../../src/domain/map-schemas';
import { mapModeForZoom, stateAreas } from '../../src/web/features/listings/components/map/map-areas';

describe('the area the map asks counts for', () => {
  it('is the view with a margin each side, snapped outward to a quarter degree', () => {
    // A wide screen: a view's width across, at least half a degree up and down.
    expect(countsAreaForView({ south: -37.93, west: 144.52, north: -37.7, east: 145.4 })).toEqual({ south: -38.5, west: 143.5, north: -37, east: 146.5 });
    // A phone: at least a degree across, so Geelong shows from Melbourne.
    const phone = countsAreaForView({ south: -37.9, west: 144.86, north: -37.7, east: 145.1 });
    expect(phone.west).toBeLessThan(144.36);
    expect(phone.east).toBeGreaterThan(146);
  });

  it('is shared by nearby views, so members looking at nearly the same place get one cached answer', () => {
    expect(countsAreaForView({ south: -37.93, west: 144.52, north: -37.7, east: 145.4 })).toEqual(
      countsAreaForView({ south: -37.92, west: 144.55, north: -37.69, east: 145.43 }),
    );
  });

  it('is never empty, even for a map that has no size yet, and passes the API check', () => {
    const area = countsAreaForView({ south: -37.75, west: 145, north: -37.75, east: 145 });
    expect(area.north).toBeGreaterThan(area.south);
    expect(area.east).toBeGreaterThan(area.west);
    expect(mapCountsQuery.safeParse(Object.fromEntries(Object.entries(area).map(([edge, value]) => [edge, String(value)]))).success).toBe(true);
  });
});

describe('the map zoomed out, one marker per state', () => {
  const entry = (postcode: string, state: string, count: number, allowed: boolean): MapCountEntry => ({
    postcode,
    state,
    suburb: null,
    count,
    latitude: -37.8,
    longitude: 145,
    allowed,
  });
  // A Starter at 3065: 3068 and 3000 are in their 5 km, Geelong and Ballarat are not, Sydney is another state.
  const starterCounts = [entry('3068', 'VIC', 5, true), entry('3000', 'VIC', 4, true), entry('3220', 'VIC', 6, false), entry('3350', 'VIC', 2, false), entry('2010', 'NSW', 3, false)];

  it('shows in colour only what browse shows for the state, and the rest of the state in grey beside it', () => {
    const areas = stateAreas(starterCounts);
    const victoria = areas.filter((area) => area.key.startsWith('state-VIC'));
    expect(victoria.map(({ label, count, allowed, href }) => ({ label, count, allowed, href }))).toEqual([
      { label: 'Victoria: 9 listings', count: 9, allowed: true, href: '/listings?state=VIC' },
      { label: 'Rest of Victoria: 8 listings, upgrade to view this area', count: 8, allowed: false, href: '/listings?state=VIC' },
    ]);
    // Beside the coloured marker, not under it.
    expect(victoria[1].besideRadius).toBe(markerRadius(9));
    expect(victoria[0].besideRadius).toBeUndefined();
  });

  it('counts a coloured marker as the sum of the allowed postcodes and a grey one as the sum of the rest, for every plan', () => {
    const explorerCounts = starterCounts.map((item) => ({ ...item, allowed: item.state === 'VIC' }));
    const connectorCounts = starterCounts.map((item) => ({ ...item, allowed: true }));
    for (const counts of [starterCounts, explorerCounts, connectorCounts]) {
      const areas = stateAreas(counts);
      const sum = (allowed: boolean) => counts.filter((item) => item.allowed === allowed).reduce((total, item) => total + item.count, 0);
      expect(areas.filter((area) => area.allowed).reduce((total, area) => total + area.count, 0)).toBe(sum(true));
      expect(areas.filter((area) => !area.allowed).reduce((total, area) => total + area.count, 0)).toBe(sum(false));
    }
    expect(stateAreas(explorerCounts).map((area) => area.label)).toEqual(['New South Wales: 3 listings, upgrade to view this area', 'Victoria: 17 listings']);
    expect(stateAreas(connectorCounts).every((area) => area.allowed && area.besideRadius === undefined)).toBe(true);
  });

  it('gives a state the member cannot browse at all one grey marker under its own name', () => {
    const newSouthWales = stateAreas(starterCounts).filter((area) => area.key.startsWith('state-NSW'));
    expect(newSouthWales.map(({ label, allowed, besideRadius }) => ({ label, allowed, besideRadius }))).toEqual([
      { label: 'New South Wales: 3 listings, upgrade to view this area', allowed: false, besideRadius: undefined },
    ]);
  });
});

describe('a marker on the map', () => {
  it.each([
    [0, 8],
    [1, 8],
    [2, 11],
    [4, 17],
    [6, 23],
    [7, 25],
    [40, 25],
  ])('for %i listings has a radius of %i px: count x 3 + 5, at least 8 and at most 25', (count, radius) => {
    expect(markerRadius(count)).toBe(radius);
  });

  it('shows areas below zoom 10 per state and from zoom 10 per postcode', () => {
    expect(mapModeForZoom(9)).toBe('state');
    expect(mapModeForZoom(10)).toBe('postcode');
    expect(mapModeForZoom(mapSettings.defaultZoom)).toBe('postcode');
  });

  it('colours an area the member may browse #ec4d37 and one they may not grey', () => {
    expect(mapSettings.allowedColour).toBe('#ec4d37');
    const [red, green, blue] = [1, 3, 5].map((start) => Number.parseInt(mapSettings.notAllowedColour.slice(start, start + 2), 16));
    expect(Math.max(red, green, blue) - Math.min(red, green, blue)).toBeLessThan(32);
  });
});
