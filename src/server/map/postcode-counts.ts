// The per-postcode count of active listings behind the map. Every listing change adjusts it
// inside the change's own transaction, so it is never out of step.
import { sql } from 'drizzle-orm';
import { listingConditionValues, type ListingCondition } from '../../domain/listing';
import type { Database, Queryable } from '../db/open-database';
import { changeKeys } from '../db/write-transaction';
import type { ContentVersion } from '../services/content-version';
import { listings, postcodeListingCounts } from '../db/schema';

type Place = { postcode: string | null; state: string | null; suburb: string | null; latitude: number | null; longitude: number | null; condition: ListingCondition | null };

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

/**
 * Recounts every postcode's listings by condition from the listings themselves, in the hourly upkeep:
 * during a release a server of the version before keeps active_count and not condition_counts, and
 * this puts the map's condition filter right again within the hour (and empties the map's kept
 * answers when it changed anything). The counts are locked against
 * changes first, so the listings read are the ones they count (listing writes wait for its second or so).
 */
export async function recountConditionCounts(deps: { db: Database; contentVersion: ContentVersion }): Promise<number> {
  const recounted = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${postcodeListingCounts} in exclusive mode`);
    const result = await tx.execute(sql`
      update ${postcodeListingCounts} as counted
         set condition_counts = listed.counts, updated_at = now()
        from (select ${postcodeListingCounts.postcode} as postcode,
                     array[${sql.join(
                       listingConditionValues.map((condition) => sql`count(${listings.id}) filter (where ${listings.condition} = ${condition})::int`),
                       sql`, `,
                     )}] as counts
                from ${postcodeListingCounts}
                left join ${listings} on ${listings.postcode} = ${postcodeListingCounts.postcode} and ${listings.isActive}
               group by ${postcodeListingCounts.postcode}) as listed
       where counted.postcode = listed.postcode and counted.condition_counts is distinct from listed.counts
      returning 1`);
    return (result as unknown as { rows: unknown[] }).rows.length;
  });
  // The map's answers kept by every server count what was there before.
  if (recounted > 0) await deps.contentVersion.publish([changeKeys.everywhere]);
  return recounted;
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
