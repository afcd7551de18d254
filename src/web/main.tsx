import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { earlyQueries, preloadEntryPage } from '@/app/routes';
import { forgetEarlyClicks, replayEarlyClicks } from './early-clicks';
import type { ServerRenderState } from './entry-server';
import { prefetchCurrentUser } from '@/lib/auth';
import { readAuthToken, syncAuthCookie } from '@/lib/auth-token';
import { hydratePageQueries, queryClient } from '@/lib/query-client';

// The pages' CSP allows no eval, so zod must not compile its parsers with new Function: even its
// caught probe for eval is reported as a CSP violation. zod reads this shared setting (the one
// z.config writes) when the lazily loaded schemas are made; setting it here keeps zod itself out
// of the first download.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

const signedIn = readAuthToken() !== null;
syncAuthCookie();

/** The data the server rendered the page with, when it did (server-render.ts writes it). */
function readServerState(): ServerRenderState | null {
  const text = document.getElementById('app-state')?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as ServerRenderState;
  } catch {
    return null;
  }
}

const app = (
  <StrictMode>
    <App client={queryClient} />
  </StrictMode>
);
const serverState = readServerState();

if (serverState && serverState.signedIn === signedIn) {
  // The server rendered this page for whoever is signed in here: the page is already on screen, and
  // hydrating keeps it there while the page's code arrives.
  hydratePageQueries(queryClient, serverState.queries);
  const pageCode = preloadEntryPage(window.location.pathname, signedIn).catch(() => {});
  // As a transition, hydrating yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page (a slow phone's long task); a tap still hydrates its own part at once.
  startTransition(() => {
    hydrateRoot(root, app, {
      onRecoverableError: (error) => console.error('Hydration mismatch: the page was rendered again in the browser.', error),
    });
  });
  // React listens from here on, and hydrates a tapped part at once to handle the tap, once that
  // part's code is here.
  void pageCode.then(replayEarlyClicks);
} else {
  // Rendered without knowing who is signed in (a session from before the cookie, or none on the
  // server): the page is made here, replacing what the server sent.
  if (signedIn) prefetchCurrentUser(queryClient);
  // A link to a listing: the listing is asked for alongside its page's code, not after it.
  for (const queryKey of earlyQueries(window.location.pathname, signedIn)) void queryClient.prefetchQuery({ queryKey });

  // What was tapped is about to be replaced.
  forgetEarlyClicks();
  /** How long the first render waits for the first page's code before showing a loading state. */
  const firstPageWaitMs = 1000;
  // The first page's code comes first, so the page renders straight away rather than behind a
  // loading state that React then keeps up for a moment longer.
  void Promise.race([preloadEntryPage(window.location.pathname, signedIn).catch(() => {}), new Promise((resolve) => setTimeout(resolve, firstPageWaitMs))]).then(() =>
    createRoot(root).render(app),
  );
}
