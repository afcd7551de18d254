// GET /api/map/listing-counts: active listings per postcode, each marked allowed or not for the
// asking member (spec 4: Starter their 5 km neighbourhood, Explorer their state, others all).
import { gt } from 'drizzle-orm';
import { distanceKm } from '../../domain/geo';
import type { MapCountEntry } from '../../domain/map';
import type { Queryable } from '../db/open-database';
import { postcodeListingCounts, type UserRow } from '../db/schema';
import { placeOfMember, searchAreaFor } from '../listings/search-area';

export async function listListingCounts(db: Queryable, viewer: UserRow): Promise<MapCountEntry[]> {
  const rows = await db.select().from(postcodeListingCounts).where(gt(postcodeListingCounts.activeCount, 0));
  const area = searchAreaFor(viewer);
  const home = placeOfMember(viewer);
  return rows.map((row) => {
    const point = { latitude: row.latitude, longitude: row.longitude };
    const allowed =
      area.kind === 'everywhere' ||
      (area.kind === 'state' && row.state === area.state) ||
      (area.kind === 'radius' && (row.postcode === home.postcode || distanceKm(area.centre, point) <= area.radiusKm));
    return { postcode: row.postcode, state: row.state, suburb: row.suburb, count: row.activeCount, latitude: row.latitude, longitude: row.longitude, allowed };
  });
}
