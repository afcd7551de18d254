import { Component, type ReactNode, Suspense, lazy, useId } from 'react';
import type { CurrentUser } from '../../../../../domain';
import { MapPlaceholder, MapUnavailable } from './map-placeholder';

// Leaflet and its CSS load only when the section is shown, never with the first page.
const ItemsNearYouMap = lazy(() => import('../items-near-you-map').then((module) => ({ default: module.ItemsNearYouMap })));

/** If the map's code cannot be fetched, the browse page carries on without it. */
class MapErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? <MapUnavailable /> : this.props.children;
  }
}

/** spec 2: the browse page's "Items Near You" map section (signed-in members only). */
export function ItemsNearYouSection({ user }: { user: CurrentUser }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xl font-bold">
        Items Near You
      </h2>
      <p className="mt-1 text-sm text-ink-700">Each circle shows how many items are listed there. Zoom out to see whole states.</p>
      <div className="mt-3">
        <MapErrorBoundary>
          <Suspense fallback={<MapPlaceholder />}>
            <ItemsNearYouMap user={user} />
          </Suspense>
        </MapErrorBoundary>
      </div>
    </section>
  );
}
