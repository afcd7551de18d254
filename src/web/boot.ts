// The page's first script. A page rendered on the server is already complete: it is painted first,
// with its photos, and the app (main.tsx) is fetched and started after that, so its download does
// not compete with the photos and its start-up does not hold back the paint. A tap made meanwhile
// is held and handled once the app runs (early-clicks.ts). A page that came as the bare shell
// starts the app at once. The stylesheet is linked from here so that it stays in the page's <head>.
import { holdEarlyClicks } from './early-clicks';
import './styles.css';

/** However slow a photo, the app starts by then. */
const longestWaitMs = 3000;

const startApp = () => void import('./main');

/** The page's eager photos have loaded (the load event). */
function pageLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/** The browser has shown the page's content (its first contentful paint has been presented). */
function contentPainted(): Promise<void> {
  return new Promise((resolve) => {
    try {
      const observer = new PerformanceObserver((entries) => {
        if (!entries.getEntries().some((entry) => entry.name === 'first-contentful-paint')) return;
        observer.disconnect();
        resolve();
      });
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      resolve();
    }
  });
}

if (document.getElementById('app-state')) {
  holdEarlyClicks();
  const longestWait = new Promise((resolve) => setTimeout(resolve, longestWaitMs));
  // Then a frame more: a frame's callback runs before that frame paints, a task queued from it after.
  void Promise.race([Promise.all([pageLoaded(), contentPainted()]), longestWait]).then(() => requestAnimationFrame(() => setTimeout(startApp, 0)));
} else {
  startApp();
}
