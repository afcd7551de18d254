import { cn } from '@/lib/cn';

/** The map's height, shared by the map and what stands in for it, so nothing jumps when it loads. */
export const mapHeightClass = 'h-[300px] sm:h-[380px] lg:h-[420px]';
// isolate: Leaflet's panes and markers (z-index 400 to 700) stay inside the frame, under the sticky header.
export const mapFrameClass = 'isolate overflow-hidden rounded-[var(--radius-card)] border border-sand-200 bg-sand-100';

/** Shown while the map's code or its counts load. */
export function MapPlaceholder() {
  return (
    <div role="status" className={cn(mapFrameClass, mapHeightClass, 'flex items-center justify-center')}>
      <span className="sr-only">Loading the map…</span>
      <span aria-hidden="true" className="h-2 w-24 animate-pulse rounded-full bg-sand-200" />
    </div>
  );
}

/** When the map cannot be shown; the listings below still work. */
export function MapUnavailable({ onRetry }: { onRetry?: () => void }) {
  return (
    <div role="alert" className={cn(mapFrameClass, 'px-6 py-8 text-center')}>
      <p className="font-semibold text-ink-900">The map could not be loaded.</p>
      {onRetry && (
        <button type="button" onClick={onRetry} className="mt-2 min-h-11 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
          Try again
        </button>
      )}
    </div>
  );
}
