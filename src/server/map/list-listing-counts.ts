// GET /api/map/listing-counts: active listings per postcode, each marked allowed or not for the
// asking member (spec 4: Starter their 5 km neighbourhood, Explorer their state, others all). An
// allowed postcode's count is what browse shows there, and a greyed one's is what it hides.
import { sql } from 'drizzle-orm';
import { coordinateSteps, type MapBounds } from '../../domain/map';
import type { UserRow } from '../db/schema';
import { preparedStatement } from '../db/prepared-statement';
import type { ServerDeps } from '../deps';
import { postcodeListWithin, searchAreaFor } from '../listings';
import type { DiscoveryArea } from '../../domain/search-reach';
import type { ListingCondition } from '../../domain/listing';
import { conditionSlot } from './postcode-counts';

type CountValues = {
  areaKind: DiscoveryArea['kind'];
  areaState: string | null;
  areaPostcodes: readonly string[];
  bounded: boolean;
  /** condition_counts' slots to add up (the condition filter), or null for every active listing. */
  conditionSlots: readonly number[] | null;
  south: number;
  west: number;
  north: number;
  east: number;
};

/** A coordinate to the map's steps, in float8 as the domain's roundCoordinate does it in JavaScript (floor of x + 0.5). */
const rounded = (column: string) => sql.raw(`floor(${column} * ${coordinateSteps} + 0.5) / ${coordinateSteps}`);

/**
 * Every postcode with active listings (or those inside the bounds) as the JSON text of the answer,
 * made by PostgreSQL: thousands of entries for the whole country, which the server would otherwise
 * turn into objects, check one by one and write out. Allowed is browse's own rule (the area's
 * postcodes as postcodesWithin decides them, the state, or everywhere), so an allowed count is
 * exactly what browse shows for that postcode. Each entry is a row turned into JSON whole
 * (json_agg of the row): json_build_object looks up the type of each of its values again on every
 * row, which made a city's 350 postcodes take 2.5 ms against 1.75.
 */
const countsJson = preparedStatement<CountValues, { json: string }>(
  'map_listing_counts_json',
  (value) => sql`
    select coalesce(json_agg(entry order by entry.postcode), '[]')::text as json
      from (
        select postcode, state, suburb, shown as count,
               ${rounded('latitude')} as latitude, ${rounded('longitude')} as longitude,
               case ${value.areaKind}::text
                 when 'everywhere' then true
                 when 'state' then state = ${value.areaState}::text
                 else postcode = any(${value.areaPostcodes}::text[]) end as allowed
          from postcode_listing_counts
         cross join lateral (
           select case when ${value.conditionSlots}::int[] is null then active_count
                       else (select coalesce(sum(c), 0)::int from unnest(condition_counts) with ordinality as counts(c, i) where i = any(${value.conditionSlots}::int[])) end as shown
         ) as filtered
         where shown > 0
           and (not ${value.bounded}::boolean
                or (latitude between ${value.south}::float8 and ${value.north}::float8 and longitude between ${value.west}::float8 and ${value.east}::float8))
      ) as entry`,
);

/** The counts as the JSON text of MapCountEntry[]: every postcode with active listings (of the conditions asked for), or only those inside bounds. */
export async function listListingCountsJson(
  deps: Pick<ServerDeps, 'db'>,
  input: { viewer: UserRow; bounds?: MapBounds | null; conditions?: readonly ListingCondition[] | null },
): Promise<string> {
  const { viewer, bounds = null, conditions = null } = input;
  const area = searchAreaFor({ user: viewer });
  const [row] = await countsJson(deps.db, {
    areaKind: area.kind,
    areaState: area.kind === 'state' ? area.state : null,
    areaPostcodes: area.kind === 'radius' ? postcodeListWithin(area) : [],
    bounded: bounds !== null,
    conditionSlots: conditions === null ? null : conditions.map((condition) => conditionSlot(condition)!),
    south: bounds?.south ?? 0,
    west: bounds?.west ?? 0,
    north: bounds?.north ?? 0,
    east: bounds?.east ?? 0,
  });
  return row.json;
}
