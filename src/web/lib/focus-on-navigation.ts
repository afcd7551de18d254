// After the app moves to another page, focus goes to that page's heading (as a full page load would
// start a screen reader at the top), so a keyboard or screen-reader user is not left on the link
// they followed. A page that put focus somewhere itself (a form's first field) keeps it; the first
// page of a visit keeps the browser's own focus.
import { useEffect, useRef } from 'react';

/** How long a page may take to show its heading (a page loaded on demand, its data arriving). */
const headingWaitMs = 3000;

/**
 * Waits for a page heading other than `previous` (the old page's stays on screen while the new one
 * loads), then tells `found`; gives up after headingWaitMs.
 */
function whenNewHeading(previous: Element | null, found: (heading: HTMLElement) => void, signal: { cancelled: boolean }): void {
  const started = performance.now();
  const attempt = () => {
    if (signal.cancelled) return;
    const heading = document.querySelector<HTMLElement>('main h1');
    if (heading && heading !== previous) found(heading);
    else if (performance.now() - started < headingWaitMs) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}

/** Focuses the new page's heading whenever `location` changes after the first page. */
export function useFocusOnNavigation(location: string): void {
  const firstLocation = useRef(location);
  const navigated = useRef(false);
  /** The heading of the page on screen, once known. */
  const heading = useRef<Element | null>(null);
  useEffect(() => {
    if (location !== firstLocation.current) navigated.current = true;
    const focusIt = navigated.current;
    const focusedBefore = document.activeElement;
    const signal = { cancelled: false };
    whenNewHeading(
      heading.current,
      (found) => {
        heading.current = found;
        if (!focusIt) return;
        const active = document.activeElement;
        // Something on the new page took focus already: leave it there.
        if (active && active !== document.body && active !== focusedBefore && document.contains(active)) return;
        if (!found.hasAttribute('tabindex')) found.setAttribute('tabindex', '-1');
        found.focus({ preventScroll: true });
      },
      signal,
    );
    return () => {
      signal.cancelled = true;
    };
  }, [location]);
}
