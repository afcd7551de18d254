// The "Items Near You" map (spec 4 and 9): constants and who may look where.
import { z } from 'zod';
import type { AustralianState } from './postcodes';
import { rulesForTier } from './tiers';

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

/** spec 4: Starter and Explorer see their own state's marker zoomed out; other tiers every state. */
export function isStateAllowed(tier: string | null | undefined, ownState: string, state: string): boolean {
  return rulesForTier(tier).searchArea === 'australia' || state === ownState;
}

export const mapCountEntrySchema = z.object({
  postcode: z.string(),
  state: z.string(),
  suburb: z.string().nullable(),
  count: z.number(),
  latitude: z.number(),
  longitude: z.number(),
  /** Whether the asking member may browse this postcode (spec 4: map access by tier). */
  allowed: z.boolean(),
});
export type MapCountEntry = z.infer<typeof mapCountEntrySchema>;

export const mapListingCountsSchema = z.array(mapCountEntrySchema);
