// The server's way into the app: renders a page request to HTML with the data its first screen shows,
// so the page paints before its script has run; the browser then hydrates the same tree (main.tsx).
// Built by `vite build --ssr` into dist/ssr; src/server/web/server-render.ts loads it.
import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { CurrentUser } from '../domain';
import { App, type ServerRequest } from '@/app/app';
import { type PrefetchQuery, type RouteContext, findRoute, routeOutcome } from '@/app/routes';
import { queryKeyPath, toApiError } from '@/lib/api-client';
import { currentUserQueryKey } from '@/lib/auth';
import { preloadAllPages } from '@/lib/lazy-page';
import { createQueryClient, dehydratePageQueries } from '@/lib/query-client';
import { type DocumentHead, toDocumentHead } from '@/lib/document-head';
import { createServerRenderReport } from '@/lib/server-render';

/** One GET of the app's own API, made with the page request's token; `body` is the parsed JSON, if any. */
export type ApiFetch = (path: string) => Promise<{ status: number; body: unknown; header: (name: string) => string | undefined }>;

/** What the page's script needs to hydrate what the server rendered (embedded in the page as JSON). */
export type ServerRenderState = { signedIn: boolean; queries: DehydratedState };

export type RenderedPage =
  | { kind: 'page'; status: number; head: DocumentHead; html: string; state: ServerRenderState }
  | { kind: 'redirect'; location: string };

/**
 * Fills one query as the browser's query would: with the answer, or with the error it would throw.
 * A "not found" error goes to the browser too (dehydratePageQueries), so the page renders and
 * hydrates its not-found screen rather than a loading state. A list read a page at a time gets its
 * first page, when there is one. Then the reads that needed this answer.
 */
async function fetchInto(client: QueryClient, fetchApi: ApiFetch, query: PrefetchQuery): Promise<void> {
  const path = query.path ?? queryKeyPath(query.queryKey);
  if (query.firstPage) {
    const response = await fetchApi(path);
    if (response.status === 200) client.setQueryData(query.queryKey, { pages: [query.firstPage(response.body, response.header)], pageParams: [null] });
  } else {
    await client.prefetchQuery({
      queryKey: query.queryKey,
      queryFn: async () => {
        const response = await fetchApi(path);
        if (response.status !== 200) throw toApiError(response.status, response.body, String(response.status));
        return response.body;
      },
    });
  }
  const data = client.getQueryData(query.queryKey);
  if (data !== undefined && query.then) await Promise.all(query.then(data).map((next) => fetchInto(client, fetchApi, next)));
}

/** The data the page's first screen shows (its entry's prefetch in app/routes.ts), asked of the API as the browser would ask it. */
async function prefetchPageData(client: QueryClient, fetchApi: ApiFetch, path: string, search: string, user: CurrentUser | null): Promise<void> {
  const match = findRoute(path);
  // A page this viewer is redirected from shows nothing, so needs nothing.
  if (!match?.entry.prefetch || 'redirectTo' in routeOutcome(match.entry, match.params, user)) return;
  const context: RouteContext = { params: match.params, search: new URLSearchParams(search), user };
  await Promise.all(match.entry.prefetch(context).map((query) => fetchInto(client, fetchApi, query)));
}

/**
 * Renders the page at `url` (path and query) for the member whose token came with the request, if
 * any; `origin` is the site's public address, for the absolute links of the page's head.
 */
export async function renderPage({ url, origin, token, fetchApi }: { url: string; origin: string; token: string | null; fetchApi: ApiFetch }): Promise<RenderedPage> {
  const { pathname: path, search } = new URL(url, 'http://localhost');
  const client = createQueryClient();
  // Every page's code (each downloads once), so any route renders in full, with no loading state for code.
  const [, me] = await Promise.all([preloadAllPages(), token ? fetchApi(queryKeyPath(currentUserQueryKey)) : null]);
  // A refused token renders the page as a visitor sees it; the browser then drops the token.
  const user = me?.status === 200 ? (me.body as CurrentUser) : null;
  if (user) client.setQueryData(currentUserQueryKey, user);
  await prefetchPageData(client, fetchApi, path, search, user);

  const server: ServerRequest = { path, search: search.replace(/^\?/, ''), token: user ? token : null, report: createServerRenderReport(origin), redirect: {} };
  // Every page's code is loaded (above) and the browser-only parts render their placeholder on the
  // server, so nothing suspends: the HTML is the whole page, with no inline script (the CSP has none).
  const html = renderToString(
    <StrictMode>
      <App client={client} server={server} />
    </StrictMode>,
  );
  if (server.redirect.redirectTo) return { kind: 'redirect', location: server.redirect.redirectTo };
  const queries = dehydratePageQueries(client);
  // Lets go of the page's data now rather than when each query's clean-up timer fires.
  client.clear();
  // The page says its own status: 404 from a not-found screen, whatever made it show one.
  const status = server.report.status() ?? 200;
  return { kind: 'page', status, head: toDocumentHead(server.report.head(), { origin, status }), html, state: { signedIn: user !== null, queries } };
}
