// One clock for every tooltip on the page (spec 9: open after 700 ms, at once within 300 ms of
// another closing), whether it is ours (components/ui/tooltip.tsx) or the map's (Leaflet's).
import { tooltipOpenDelayMs } from '../../domain';

let lastClosedAt: number | null = null;

/** How long a tooltip asked to open now waits. */
export function tooltipDelayNow(): number {
  return tooltipOpenDelayMs(lastClosedAt, Date.now());
}

/** A tooltip that was showing has closed: the next one within the skip delay opens at once. */
export function noteTooltipClosed(): void {
  lastClosedAt = Date.now();
}

/** As on a page just opened: no tooltip has closed yet (the web tests start each test so). */
export function forgetTooltipClosed(): void {
  lastClosedAt = null;
}
