// The "Items Near You" map (spec 4 and 9). Loaded lazily by the browse page: Leaflet and its CSS
// stay out of the first bundle.
import 'leaflet/dist/leaflet.css';
import '@/features/listings/components/map/map.css';
import { useEffect, useMemo, useState } from 'react';
import { MapContainer, TileLayer, useMap } from 'react-leaflet';
import { Link, useLocation } from 'wouter';
import { type CurrentUser, type MapBounds, type Point, countsAreaForView, mapSettings } from '../../../../domain';
import { cn } from '@/lib/cn';
import { usePostcodePlace } from '@/shared/account/postcode-place';
import { AreaMarker } from '@/features/listings/components/map/area-marker';
import type { MapArea } from '@/features/listings/components/map/map-areas';
import { mapCentreFor, mapModeForZoom, memberPlace, postcodeAreas, stateAreas } from '@/features/listings/components/map/map-areas';
import { MapLegend } from '@/features/listings/components/map/map-legend';
import { MapPlaceholder, MapUnavailable, mapFrameClass, mapHeightClass } from '@/features/listings/components/map/map-placeholder';
import { useListingCounts, useMapTiles } from '@/features/listings/components/map/map-queries';

const mapLabel = 'Map of items near you';

type MapView = { zoom: number; bounds: MapBounds };

/** `condition` is browse's condition filter ('' for all): the map counts the same listings. */
export function ItemsNearYouMap({ user, condition = '' }: { user: CurrentUser; condition?: string }) {
  const home = usePostcodePlace(memberPlace(user).postcode);
  if (home.isPending) return <MapPlaceholder />;
  // A postcode missing from the directory opens the map at the state's capital.
  const centre = mapCentreFor(user, home.data ? { latitude: home.data.latitude, longitude: home.data.longitude } : undefined);
  return <AreaMap user={user} centre={centre} condition={condition} />;
}

function AreaMap({ user, centre, condition }: { user: CurrentUser; centre: Point; condition: string }) {
  const [, navigate] = useLocation();
  const tiles = useMapTiles();
  // What the map shows; zoomed in, only the postcodes around it are asked for.
  const [view, setView] = useState<MapView | null>(null);
  const mode = mapModeForZoom(view?.zoom ?? mapSettings.defaultZoom);
  const counts = useListingCounts(user, mode === 'postcode' && view ? countsAreaForView(view.bounds) : null, view !== null, condition);
  // Zooming out sums whole states: never from the few postcodes of the last view.
  const entries = mode === 'state' && counts.isPlaceholderData ? undefined : counts.data;
  const areas = useMemo(() => (!entries ? [] : mode === 'state' ? stateAreas(entries, condition) : postcodeAreas(entries, condition)), [mode, entries, condition]);

  if (counts.isError && !counts.data) return <MapUnavailable onRetry={() => void counts.refetch()} />;
  return (
    <>
      <div className={mapFrameClass}>
        <MapContainer
          center={[centre.latitude, centre.longitude]}
          zoom={mapSettings.defaultZoom}
          maxZoom={mapSettings.maxZoom}
          // The page scrolls past the map; zoom with the buttons, a double click or + and -.
          scrollWheelZoom={false}
          className={cn('items-near-you-map w-full', mapHeightClass)}
        >
          {/* Tiles that cannot load leave the neutral background (map.css); the markers still work. */}
          {tiles && <TileLayer url={tiles.url} attribution={tiles.attribution} tileSize={mapSettings.tileSize} maxZoom={mapSettings.maxZoom} />}
          <MapAccessibility />
          <ViewWatcher onViewChange={setView} />
          {areas.map((area) => (
            <AreaMarker key={`${area.key}-${area.count}-${area.allowed}`} area={area} onOpen={navigate} />
          ))}
        </MapContainer>
      </div>
      <MapLegend />
      <AreaList areas={areas} />
    </>
  );
}

/**
 * The areas the map shows, as a list: the same places and counts, and the same links, for whoever
 * cannot use the map itself (a screen reader, the keyboard alone, a small screen).
 */
function AreaList({ areas }: { areas: readonly MapArea[] }) {
  if (areas.length === 0) return null;
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-semibold text-brand-700">The map's areas as a list</summary>
      <ul aria-label="Areas on the map" className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-2">
        {areas.map((area) => (
          <li key={area.key} className="min-w-0 break-words">
            {area.allowed ? (
              <Link href={area.href} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                {area.label}
              </Link>
            ) : (
              <span className="text-ink-500">
                {area.label} · {mapSettings.notAllowedLabel}
              </span>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Reports the zoom and edges when the map opens and after every move or zoom. */
function ViewWatcher({ onViewChange }: { onViewChange: (view: MapView) => void }) {
  const map = useMap();
  useEffect(() => {
    const report = () => {
      const bounds = map.getBounds();
      onViewChange({ zoom: map.getZoom(), bounds: { south: bounds.getSouth(), west: bounds.getWest(), north: bounds.getNorth(), east: bounds.getEast() } });
    };
    report();
    map.on('moveend', report);
    return () => {
      map.off('moveend', report);
    };
  }, [map, onViewChange]);
  return null;
}

/** Leaflet makes the map focusable (arrow keys pan, + and - zoom); give it a name. */
function MapAccessibility() {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', mapLabel);
  }, [map]);
  return null;
}
