// The per-postcode count of active listings behind the map. Every listing change adjusts it
// inside the change's own transaction, so it is never out of step.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/open-database';
import { listings, postcodeListingCounts } from '../db/schema';

type Place = { postcode: string | null; state: string | null; suburb: string | null; latitude: number | null; longitude: number | null };

export async function changePostcodeCount(tx: Queryable, place: Place, delta: 1 | -1): Promise<void> {
  if (!place.postcode || !place.state || place.latitude === null || place.longitude === null) return;
  await tx
    .insert(postcodeListingCounts)
    .values({
      postcode: place.postcode,
      state: place.state,
      suburb: place.suburb,
      latitude: place.latitude,
      longitude: place.longitude,
      activeCount: Math.max(0, delta),
    })
    .onConflictDoUpdate({
      target: postcodeListingCounts.postcode,
      set: { activeCount: sql`greatest(0, ${postcodeListingCounts.activeCount} + ${delta})`, updatedAt: sql`now()` },
    });
}

/** Recounts from scratch: after a bulk load (demo data, the benchmark's seed). */
export async function rebuildPostcodeCounts(tx: Queryable): Promise<void> {
  await tx.delete(postcodeListingCounts);
  await tx.execute(sql`
    insert into ${postcodeListingCounts} (postcode, state, suburb, latitude, longitude, active_count)
    select ${listings.postcode}, min(${listings.state}), min(${listings.suburb}), avg(${listings.latitude}), avg(${listings.longitude}), count(*)::int
    from ${listings}
    where ${listings.isActive} and ${listings.postcode} is not null and ${listings.state} is not null and ${listings.latitude} is not null
    group by ${listings.postcode}`);
}
