// GET /api/map/listing-counts: active listings per postcode, each marked allowed or not for the
// asking member (spec 4: Starter their 5 km neighbourhood, Explorer their state, others all). An
// allowed postcode's count is what browse shows there, and a greyed one's is what it hides.
import { and, between, gt } from 'drizzle-orm';
import { roundCoordinate, type MapBounds } from '../../domain/map';
import type { MapCountEntry } from '../../domain/map-schemas';
import { postcodeListingCounts, type UserRow } from '../db/schema';
import type { ServerDeps } from '../deps';
import { areaIncludesPostcode, searchAreaFor } from '../listings';

/** Every postcode with active listings, or only those inside bounds. */
export async function listListingCounts(deps: ServerDeps, input: { viewer: UserRow; bounds?: MapBounds | null }): Promise<MapCountEntry[]> {
  const { viewer, bounds = null } = input;
  const rows = await deps.db
    .select()
    .from(postcodeListingCounts)
    .where(
      and(
        gt(postcodeListingCounts.activeCount, 0),
        bounds ? between(postcodeListingCounts.latitude, bounds.south, bounds.north) : undefined,
        bounds ? between(postcodeListingCounts.longitude, bounds.west, bounds.east) : undefined,
      ),
    );
  const area = searchAreaFor({ user: viewer });
  return rows.map((row) => {
    // Browse's own rule, so an allowed count is exactly what browse shows for that postcode.
    const allowed = areaIncludesPostcode(area, row);
    return {
      postcode: row.postcode,
      state: row.state,
      suburb: row.suburb,
      count: row.activeCount,
      latitude: roundCoordinate(row.latitude),
      longitude: roundCoordinate(row.longitude),
      allowed,
    };
  });
}
