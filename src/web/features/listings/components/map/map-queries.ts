// The map's two calls: the listing counts (spec 7: signed in only) and the tile server from the
// public settings.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CurrentUser, MapBounds } from '../../../../../domain';
import { callApi } from '@/lib/api-client';
import { usePublicConfig } from '@/lib/public-config';

const listingCountsKey = '/api/map/listing-counts';

/**
 * The counts inside `area` (zoomed in), or for the whole country (zoomed out, summed per state), of
 * the listings in browse's `condition` filter ('' for all). Which areas are allowed depends on the
 * member's plan and postcode, so both are part of the key: upgrading or moving shows the new map
 * without a reload. While a new area loads, the markers already shown stay; while another condition
 * filter's counts load, none do (their numbers would not be what their links list).
 */
export function useListingCounts(user: Pick<CurrentUser, 'id' | 'membershipTier' | 'postcode'>, area: MapBounds | null, enabled = true, condition = '') {
  return useQuery({
    queryKey: [listingCountsKey, user.id, user.membershipTier, user.postcode, area, condition],
    queryFn: () => callApi('countListingsByPlace', { query: { ...area, ...(condition ? { condition } : {}) } }),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey.at(-1) === condition ? keepPreviousData(previous) : undefined),
    enabled,
  });
}

/** GET /api/public-config also names the tile server (MAP_TILE_URL) and its attribution. */
export function useMapTiles(): { url: string; attribution: string } | null {
  const { data } = usePublicConfig();
  return data?.mapTileUrl ? { url: data.mapTileUrl, attribution: data.mapTileAttribution } : null;
}
