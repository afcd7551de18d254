// The page's first script. A page rendered on the server is already complete: it is painted first,
// and the app (main.tsx) is fetched and started after that paint, so its download does not hold up
// the page's photos and its start-up does not hold up the paint. A page that came as the bare shell
// starts the app at once. The stylesheet is linked from here so that it stays in the page's <head>.
import { holdEarlyClicks } from './early-clicks';
import './styles.css';

const startApp = () => void import('./main');

if (document.getElementById('app-state')) {
  holdEarlyClicks();
  // A frame's callback runs before that frame paints; a task queued from it runs after.
  requestAnimationFrame(() => setTimeout(startApp, 0));
} else {
  startApp();
}
