// The "Items Near You" map (spec 4 and 9): constants and who may look where. The API's schemas
// are in map-schemas.ts.
import type { AustralianState } from './postcodes';

export const mapSettings = {
  defaultZoom: 11,
  /** Below this zoom, counts aggregate by state; at or above it, one marker per postcode. */
  stateAggregationBelowZoom: 10,
  allowedColour: '#ec4d37',
  notAllowedColour: '#9ca3af',
  tileSize: 256,
  maxZoom: 18,
  popupMaxWidth: 300,
  notAllowedLabel: 'Upgrade to view this area',
} as const;

/** spec 9: marker radius is count x 3 + 5, clamped to 8..25. */
export function markerRadius(count: number): number {
  return Math.min(25, Math.max(8, count * 3 + 5));
}

/** Where the state markers sit when zoomed out (each state's capital). */
export const stateCentres: Record<AustralianState, { latitude: number; longitude: number }> = {
  NSW: { latitude: -33.8688, longitude: 151.2093 },
  VIC: { latitude: -37.8136, longitude: 144.9631 },
  QLD: { latitude: -27.4698, longitude: 153.0251 },
  WA: { latitude: -31.9523, longitude: 115.8613 },
  SA: { latitude: -34.9285, longitude: 138.6007 },
  TAS: { latitude: -42.8821, longitude: 147.3272 },
  ACT: { latitude: -35.2809, longitude: 149.13 },
  NT: { latitude: -12.4634, longitude: 130.8456 },
};

/** A map view's edges in degrees. */
export type MapBounds = { south: number; west: number; north: number; east: number };

export const mapMessages = {
  boundsInvalid: 'That part of the map could not be read. Move the map and try again.',
} as const;

/** The edges a query names (mapCountsQuery in map-schemas.ts), when it names all four. */
export function boundsOf(query: Partial<MapBounds>): MapBounds | null {
  const { south, west, north, east } = query;
  return south === undefined || west === undefined || north === undefined || east === undefined ? null : { south, west, north, east };
}

/** Grid the asked-for area snaps to, so members looking at nearly the same place share one answer. */
const countsGridDegrees = 0.25;

/**
 * The area the map asks counts for when it shows `view`: the view with a margin on each side of
 * one view (or more on a small screen), so panning a little needs no new call, snapped outward to the grid.
 */
export function countsAreaForView(view: MapBounds): MapBounds {
  // At least half a degree up and down and one across (about 55 by 90 km around Melbourne), so a
  // phone's narrow view still sees the neighbouring towns.
  const height = Math.max(view.north - view.south, 0.5);
  const width = Math.max(view.east - view.west, 1);
  const down = (value: number) => Math.floor(value / countsGridDegrees) * countsGridDegrees;
  const up = (value: number) => Math.ceil(value / countsGridDegrees) * countsGridDegrees;
  const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, Number(value.toFixed(2))));
  const south = clamp(down(view.south - height), 90);
  const west = clamp(down(view.west - width), 180);
  // A map not laid out yet has no size: still ask for one grid cell, never an empty area.
  return {
    south,
    west,
    north: clamp(Math.max(up(view.north + height), south + countsGridDegrees), 90),
    east: clamp(Math.max(up(view.east + width), west + countsGridDegrees), 180),
  };
}

/** Map coordinates to about 10 m (steps per degree): more digits only make the counts bigger to send. */
export const coordinateSteps = 10_000;

/** A coordinate rounded to the map's steps (the server's map counts round the same way, in SQL). */
export function roundCoordinate(value: number): number {
  return Math.round(value * coordinateSteps) / coordinateSteps;
}
