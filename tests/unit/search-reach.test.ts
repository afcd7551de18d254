import { describe, expect, it } from 'vitest';
import { cheapestPlanReaching, describeOutsideArea, formatDistanceKm, tierReaches, type ListingReach, type Place } from '../../src/domain/search-reach';

// Postcode centres as the directory has them (rounded): Fitzroy 3065, Clifton Hill 3068 (1.5 km),
// Alphington 3078 (5.0 km, just outside), Geelong 3220 (68 km), Darlinghurst NSW 2010 (711 km).
const fitzroy: Place = { state: 'VIC', point: { latitude: -37.7986, longitude: 144.9784 } };
const cliftonHill: Place = { state: 'VIC', point: { latitude: -37.7856, longitude: 144.9838 } };
const geelong: Place = { state: 'VIC', point: { latitude: -38.1571, longitude: 144.3558 } };
const darlinghurst: Place = { state: 'NSW', point: { latitude: -33.8796, longitude: 151.2195 } };

describe('what a plan reaches (spec 1 and 4)', () => {
  it('a Starter reaches 5 km around their postcode, an Explorer their state, a Connector and Lifetime everywhere', () => {
    expect([cliftonHill, geelong, darlinghurst].map((place) => tierReaches('starter', fitzroy, place))).toEqual([true, false, false]);
    expect([cliftonHill, geelong, darlinghurst].map((place) => tierReaches('explorer', fitzroy, place))).toEqual([true, true, false]);
    expect([cliftonHill, geelong, darlinghurst].map((place) => tierReaches('connector', fitzroy, place))).toEqual([true, true, true]);
    expect(tierReaches('lifetime', fitzroy, darlinghurst)).toBe(true);
  });

  it('an unknown plan reaches what a Starter does', () => {
    expect(tierReaches('platinum', fitzroy, geelong)).toBe(false);
    expect(tierReaches('platinum', fitzroy, cliftonHill)).toBe(true);
  });

  it('names the cheapest plan above the member’s own that reaches a place: Explorer in their state, Connector beyond', () => {
    expect(cheapestPlanReaching('starter', fitzroy, cliftonHill)).toBeNull();
    expect(cheapestPlanReaching('starter', fitzroy, geelong)).toBe('explorer');
    expect(cheapestPlanReaching('starter', fitzroy, darlinghurst)).toBe('connector');
    expect(cheapestPlanReaching('explorer', fitzroy, darlinghurst)).toBe('connector');
    expect(cheapestPlanReaching('connector', fitzroy, darlinghurst)).toBeNull();
  });
});

describe('the listing page’s note for a listing outside the member’s area', () => {
  const starterAt3065 = { tier: 'starter', postcode: '3065', state: 'VIC' } as const;

  it('says how far away it is, where, the member’s area, and that Explorer shows their whole state', () => {
    const reach: ListingReach = { ...starterAt3065, inArea: false, distanceKm: 67.9, reachedBy: 'explorer' };
    expect(describeOutsideArea(reach, { suburb: 'Geelong', state: 'VIC', postcode: '3220' })).toEqual({
      where: 'This listing is 68 km away in Geelong VIC, outside your Starter area (5 km around 3065).',
      upgrade: 'Explorer shows listings across your whole state.',
    });
  });

  it('sends a listing in another state to Connector, and names an Explorer’s area by its state', () => {
    const fromStarter: ListingReach = { ...starterAt3065, inArea: false, distanceKm: 710.8, reachedBy: 'connector' };
    expect(describeOutsideArea(fromStarter, { suburb: 'Darlinghurst', state: 'NSW', postcode: '2010' })?.upgrade).toBe('Connector shows listings across all of Australia.');
    const fromExplorer: ListingReach = { ...fromStarter, tier: 'explorer' };
    expect(describeOutsideArea(fromExplorer, { suburb: 'Darlinghurst', state: 'NSW', postcode: '2010' })?.where).toBe(
      'This listing is 711 km away in Darlinghurst NSW, outside your Explorer area (Victoria).',
    );
  });

  it('says nothing when the listing is in the area', () => {
    expect(describeOutsideArea({ ...starterAt3065, inArea: true, distanceKm: 1.5, reachedBy: null }, { suburb: 'Clifton Hill', state: 'VIC', postcode: '3068' })).toBeNull();
  });

  it('writes short distances in tenths and long ones in whole kilometres with grouping', () => {
    expect(formatDistanceKm(5.04)).toBe('5 km');
    expect(formatDistanceKm(5.26)).toBe('5.3 km');
    expect(formatDistanceKm(2734.4)).toBe('2,734 km');
  });
});
