import { useEffect, useState } from 'react';

/** Longest wait for an idle moment once the page has loaded. */
const idleTimeoutMs = 2000;

/**
 * False until the page has loaded and the browser has an idle moment: heavy extras (the map) wait
 * for it, so they never hold up the first paint of the page's own content.
 */
export function usePageSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let cancelIdle = () => {};
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') {
        const handle = window.requestIdleCallback(() => setSettled(true), { timeout: idleTimeoutMs });
        cancelIdle = () => window.cancelIdleCallback(handle);
      } else {
        const handle = window.setTimeout(() => setSettled(true), 200);
        cancelIdle = () => window.clearTimeout(handle);
      }
    };
    if (document.readyState === 'complete') {
      whenIdle();
      return () => cancelIdle();
    }
    window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      cancelIdle();
    };
  }, []);
  return settled;
}
