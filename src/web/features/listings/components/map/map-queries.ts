// The map's two calls: the listing counts (spec 7: signed in only) and the tile server from the
// public settings.
import { useQuery } from '@tanstack/react-query';
import type { CurrentUser, MapCountEntry } from '../../../../../domain';
import { apiRequest } from '../../../../lib/api-client';
import type { PublicConfig } from '../../../../lib/public-config';

const listingCountsUrl = '/api/map/listing-counts';

/**
 * Which areas are allowed depends on the member's plan and postcode, so both are part of the key:
 * upgrading or moving shows the new map without a reload.
 */
export function useListingCounts(user: Pick<CurrentUser, 'id' | 'membershipTier' | 'postcode'>) {
  return useQuery({
    queryKey: [listingCountsUrl, user.id, user.membershipTier, user.postcode],
    queryFn: () => apiRequest<MapCountEntry[]>('GET', listingCountsUrl),
  });
}

/** GET /api/public-config also names the tile server (MAP_TILE_URL) and its attribution. */


export function useMapTiles(): { url: string; attribution: string } | null {
  const { data } = useQuery<PublicConfig>({ queryKey: ['/api/public-config'] });
  return data?.mapTileUrl ? { url: data.mapTileUrl, attribution: data.mapTileAttribution } : null;
}
