// Request and response schemas of GET /api/map/listing-counts (spec 4 and 7).
import { z } from 'zod';
import { browseListingsQuery } from './listing-schemas';
import { mapMessages } from './map';

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

const degrees = (min: number, max: number) => z.coerce.number({ error: mapMessages.boundsInvalid }).min(min, mapMessages.boundsInvalid).max(max, mapMessages.boundsInvalid);

/**
 * GET /api/map/listing-counts takes no input (spec 7) and then answers for the whole country; the
 * map passes the part it shows (all four edges, or none) to get only the postcodes there, and the
 * browse page's condition filter to count only those listings.
 */
export const mapCountsQuery = z
  .object({
    south: degrees(-90, 90),
    west: degrees(-180, 180),
    north: degrees(-90, 90),
    east: degrees(-180, 180),
    /** Browse's condition filter: only listings in any of these conditions are counted (decision 44). */
    condition: browseListingsQuery.shape.condition,
  })
  .partial()
  .refine((bounds) => [bounds.south, bounds.west, bounds.north, bounds.east].every((edge) => edge === undefined) || (bounds.south! < bounds.north! && bounds.west! < bounds.east!), {
    error: mapMessages.boundsInvalid,
    path: ['south'],
  });
export type MapCountsQuery = z.infer<typeof mapCountsQuery>;
