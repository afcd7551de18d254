// The map's two calls: the listing counts (spec 7: signed in only) and the tile server from the
// public settings.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CurrentUser, MapBounds, MapCountEntry } from '../../../../../domain';
import { apiRequest } from '@/lib/api-client';
import type { PublicConfig } from '@/lib/public-config';

const listingCountsUrl = '/api/map/listing-counts';

/**
 * The counts inside `area` (zoomed in), or for the whole country (zoomed out, summed per state).
 * Which areas are allowed depends on the member's plan and postcode, so both are part of the key:
 * upgrading or moving shows the new map without a reload. While a new area loads, the markers
 * already shown stay.
 */
export function useListingCounts(user: Pick<CurrentUser, 'id' | 'membershipTier' | 'postcode'>, area: MapBounds | null, enabled = true) {
  const url = area ? `${listingCountsUrl}?${new URLSearchParams(Object.entries(area).map(([edge, value]) => [edge, String(value)]))}` : listingCountsUrl;
  return useQuery({
    queryKey: [listingCountsUrl, user.id, user.membershipTier, user.postcode, area],
    queryFn: () => apiRequest<MapCountEntry[]>('GET', url),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/public-config also names the tile server (MAP_TILE_URL) and its attribution. */


export function useMapTiles(): { url: string; attribution: string } | null {
  const { data } = useQuery<PublicConfig>({ queryKey: ['/api/public-config'] });
  return data?.mapTileUrl ? { url: data.mapTileUrl, attribution: data.mapTileAttribution } : null;
}
