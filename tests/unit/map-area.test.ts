import { describe, expect, it } from 'vitest';
import { countsAreaForView } from '../../src/domain/map';
import { mapCountsQuery } from '../../src/domain/map-schemas';

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
