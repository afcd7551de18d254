// The per-postcode count of active listings behind the map. Every listing change adjusts it
// inside the change's own transaction, so it is never out of step.
import { sql } from 'drizzle-orm';
import { listingConditionValues, type ListingCondition } from '../../domain/listing';
import type { Queryable } from '../db/open-database';
import { listings, postcodeListingCounts } from '../db/schema';

type Place = { postcode: string | null; state: string | null; suburb: string | null; latitude: number | null; longitude: number | null; condition?: ListingCondition | null };

/** A condition's place in condition_counts (1-based, as PostgreSQL counts), or null for none stated. */
export function conditionSlot(condition: ListingCondition | null | undefined): number | null {
  const index = condition ? listingConditionValues.indexOf(condition) : -1;
  return index < 0 ? null : index + 1;
}

/** condition_counts with `delta` added at each slot given (a slot of null: none). */
function conditionCountsPlus(changes: { slot: number | null; delta: number }[]) {
  const step = sql.join(
    changes.map(({ slot, delta }) => sql`case when i = ${slot}::int then ${delta}::int else 0 end`),
    sql` + `,
  );
  return sql`array(select greatest(0, c + ${step}) from unnest(${postcodeListingCounts.conditionCounts}) with ordinality as counts(c, i) order by i)`;
}

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
      conditionCounts: listingConditionValues.map((_, index) => (index + 1 === conditionSlot(place.condition) ? Math.max(0, delta) : 0)),
    })
    .onConflictDoUpdate({
      target: postcodeListingCounts.postcode,
      set: {
        activeCount: sql`greatest(0, ${postcodeListingCounts.activeCount} + ${delta})`,
        conditionCounts: conditionCountsPlus([{ slot: conditionSlot(place.condition), delta }]),
        updatedAt: sql`now()`,
      },
    });
}

/** An active listing's condition changed: its postcode counts one fewer of the old and one more of the new. */
export async function moveConditionCount(tx: Queryable, place: Place, from: ListingCondition | null, to: ListingCondition | null): Promise<void> {
  if (!place.postcode || from === to) return;
  await tx
    .update(postcodeListingCounts)
    .set({
      conditionCounts: conditionCountsPlus([
        { slot: conditionSlot(from), delta: -1 },
        { slot: conditionSlot(to), delta: 1 },
      ]),
      updatedAt: sql`now()`,
    })
    .where(sql`${postcodeListingCounts.postcode} = ${place.postcode}`);
}

/** Recounts from scratch: after a bulk load (demo data, the benchmark's seed). */
export async function rebuildPostcodeCounts(tx: Queryable): Promise<void> {
  await tx.delete(postcodeListingCounts);
  await tx.execute(sql`
    insert into ${postcodeListingCounts} (postcode, state, suburb, latitude, longitude, active_count, condition_counts)
    select ${listings.postcode}, min(${listings.state}), min(${listings.suburb}), avg(${listings.latitude}), avg(${listings.longitude}), count(*)::int,
           array[${sql.join(
             listingConditionValues.map((condition) => sql`count(*) filter (where ${listings.condition} = ${condition})::int`),
             sql`, `,
           )}]
    from ${listings}
    where ${listings.isActive} and ${listings.postcode} is not null and ${listings.state} is not null and ${listings.latitude} is not null
    group by ${listings.postcode}`);
}
