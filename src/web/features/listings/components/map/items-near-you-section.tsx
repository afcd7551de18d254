import { Component, type ReactNode, Suspense, lazy, useId, useRef } from 'react';
import type { CurrentUser } from '../../../../../domain';
import { useNearViewport } from '@/lib/use-near-viewport';
import { usePageSettled } from '@/lib/use-page-settled';
import { MapPlaceholder, MapUnavailable } from './map-placeholder';

// Leaflet and its CSS load only once the browse page has loaded, the browser is idle and the map's
// place has come into view, never with the first page: the search and the listings come first.
const ItemsNearYouMap = lazy(() => import('@/features/listings/components/items-near-you-map').then((module) => ({ default: module.ItemsNearYouMap })));

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

/** spec 2: the browse page's "Items Near You" map section (signed-in members only), counting the listings in browse's condition filter. */
export function ItemsNearYouSection({ user, condition = '' }: { user: CurrentUser; condition?: string }) {
  const headingId = useId();
  const pageSettled = usePageSettled();
  const frame = useRef<HTMLDivElement>(null);
  const inView = useNearViewport(frame);
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xl font-bold">
        Items Near You
      </h2>
      <p className="mt-1 text-sm text-ink-700">Each circle shows how many items are listed there. Zoom out to see whole states.</p>
      <div ref={frame} className="mt-3">
        <MapErrorBoundary>
          <Suspense fallback={<MapPlaceholder />}>{pageSettled && inView ? <ItemsNearYouMap user={user} condition={condition} /> : <MapPlaceholder />}</Suspense>
        </MapErrorBoundary>
      </div>
    </section>
  );
}
