// SQL pieces shared by browse: distance, radius and text search.
import { and, between, sql, type SQL } from 'drizzle-orm';
import { boundingBox, earthRadiusKm, type Point } from '../../domain/geo';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { listings } from '../db/schema';

/** A point whose coordinates may be statement values (placeholders) rather than numbers. */
export type PointValue = { latitude: number | SQL; longitude: number | SQL };

/** Written into the text: a constant, not a value a plan would be made for. */
const earthDiameterKm = sql.raw(String(2 * earthRadiusKm));

/** Great-circle distance in km from a point to each row (listings by default). */
export function distanceFrom(point: PointValue, columns: { latitude: AnyPgColumn; longitude: AnyPgColumn } = listings): SQL<number> {
  return sql<number>`(${earthDiameterKm} * asin(least(1, sqrt(
    power(sin(radians(${columns.latitude} - ${point.latitude}) / 2), 2) +
    cos(radians(${point.latitude})) * cos(radians(${columns.latitude})) *
    power(sin(radians(${columns.longitude} - ${point.longitude}) / 2), 2)))))`;
}

/** Listings within radiusKm: an indexable box first, then the exact distance. */
export function withinRadius(centre: Point, radiusKm: number): SQL {
  const box = boundingBox(centre, radiusKm);
  return and(
    between(listings.latitude, box.minLatitude, box.maxLatitude),
    between(listings.longitude, box.minLongitude, box.maxLongitude),
    sql`${distanceFrom(centre)} <= ${radiusKm}`,
  )!;
}

export type SearchMode = 'words' | 'typos';

/**
 * 'words': full-text match on title and description (stemmed English, "bicycles" finds "bicycle").
 * 'typos': the same match for words already corrected to the catalogue's nearest words, given as a
 * tsquery's text (search-spelling.ts: "bicylce" is read as "bicycl"), used when the words find nothing.
 */
export function matchesSearch(text: string | SQL, mode: SearchMode): SQL {
  return sql`${listings.searchVector} @@ ${searchQuery(text, mode)}`;
}

/** The tsquery matchesSearch asks of a listing's words. */
export function searchQuery(text: string | SQL, mode: SearchMode): SQL {
  return mode === 'words' ? sql`websearch_to_tsquery('english', ${text})` : sql`(${text})::tsquery`;
}
