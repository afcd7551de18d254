// The "Items Near You" map (spec 4 and 9). Loaded lazily by the browse page: Leaflet and its CSS
// stay out of the first bundle.
import 'leaflet/dist/leaflet.css';
import './map/map.css';
import { useEffect, useMemo, useState } from 'react';
import { MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { useLocation } from 'wouter';
import { type CurrentUser, type MapCountEntry, mapSettings } from '../../../../domain';
import { cn } from '../../../lib/cn';
import { AreaMarker } from './map/area-marker';
import { mapCentreFor, mapModeForZoom, postcodeAreas, stateAreas } from './map/map-areas';
import { MapLegend } from './map/map-legend';
import { MapPlaceholder, MapUnavailable, mapFrameClass, mapHeightClass } from './map/map-placeholder';
import { useListingCounts, useMapTiles } from './map/map-queries';

const mapLabel = 'Map of items near you';

export function ItemsNearYouMap({ user }: { user: CurrentUser }) {
  const counts = useListingCounts(user);
  if (counts.isPending) return <MapPlaceholder />;
  if (counts.isError) return <MapUnavailable onRetry={() => void counts.refetch()} />;
  return <AreaMap user={user} entries={counts.data} />;
}

function AreaMap({ user, entries }: { user: CurrentUser; entries: MapCountEntry[] }) {
  const [, navigate] = useLocation();
  const tiles = useMapTiles();
  const [zoom, setZoom] = useState<number>(mapSettings.defaultZoom);
  // Where the map opens; later changes to the counts do not move it under the member.
  const [centre] = useState(() => mapCentreFor(user, entries));
  const mode = mapModeForZoom(zoom);
  const areas = useMemo(() => (mode === 'state' ? stateAreas(entries, user) : postcodeAreas(entries)), [mode, entries, user]);

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
          <ZoomWatcher onZoomChange={setZoom} />
          {areas.map((area) => (
            <AreaMarker key={`${area.key}-${area.count}-${area.allowed}`} area={area} onOpen={navigate} />
          ))}
        </MapContainer>
      </div>
      <MapLegend />
    </>
  );
}

function ZoomWatcher({ onZoomChange }: { onZoomChange: (zoom: number) => void }) {
  useMapEvents({ zoomend: (event) => onZoomChange(event.target.getZoom()) });
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
