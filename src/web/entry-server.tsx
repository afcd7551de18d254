// The server's way into the app: renders a page request to HTML with the data its first screen shows,
// so the page paints before its script has run; the browser then hydrates the same tree (main.tsx).
// Built by `vite build --ssr` into dist/ssr; src/server/web/server-render.ts loads it.
import type { DehydratedState, QueryClient, QueryKey } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { type CurrentUser, type ListingView, nextCursorHeader, uuidPattern } from '../domain';
import { App, type ServerRequest } from './app/app';
import { createServerRenderReport } from './app/server-render';
import { preloadAllPages } from './app/lazy-pages';
import { listingQueryKeys, listingReachPath } from './components/listing-cache';
import { latestListingsPath, latestListingsQueryKey } from './features/dashboard/api';
import { activeHomepageVideoQueryKey } from './features/landing/api';
import { readBrowseFilters } from './features/listings/browse-filters';
import { type ListingsPage, browseQueryKey, listingsRequestPath } from './features/listings/api';
import { queryKeyPath, toApiError } from './lib/api-client';
import { currentUserQueryKey } from './lib/auth';
import { createQueryClient, dehydratePageQueries } from './lib/query-client';

/** One GET of the app's own API, made with the page request's token; `body` is the parsed JSON, if any. */
export type ApiFetch = (path: string) => Promise<{ status: number; body: unknown; header: (name: string) => string | undefined }>;

/** What the page's script needs to hydrate what the server rendered (embedded in the page as JSON). */
export type ServerRenderState = { signedIn: boolean; queries: DehydratedState };

export type RenderedPage =
  | { kind: 'page'; status: number; title: string | undefined; html: string; state: ServerRenderState }
  | { kind: 'redirect'; location: string };

/**
 * Fills one query as the browser's query would: with the answer, or with the error it would throw.
 * A "not found" error goes to the browser too (dehydratePageQueries), so the page renders and
 * hydrates its not-found screen rather than a loading state.
 */
async function fetchInto(client: QueryClient, fetchApi: ApiFetch, queryKey: QueryKey, path = queryKeyPath(queryKey)): Promise<unknown> {
  await client.prefetchQuery({
    queryKey,
    queryFn: async () => {
      const response = await fetchApi(path);
      if (response.status !== 200) throw toApiError(response.status, response.body, String(response.status));
      return response.body;
    },
  });
  return client.getQueryData(queryKey);
}

/** The data each page shows on its first screen, asked of the API as the browser would ask it. */
async function prefetchPageData(client: QueryClient, fetchApi: ApiFetch, path: string, search: string, user: CurrentUser | null): Promise<void> {
  // An id that cannot be one is not asked for: the page shows its not-found screen by itself.
  const listingId = /^\/listing\/([^/]+)$/.exec(path)?.[1];
  if (listingId) {
    const listing = uuidPattern.test(listingId) ? ((await fetchInto(client, fetchApi, listingQueryKeys.listing(listingId))) as ListingView | undefined) : undefined;
    // The seller's card sits beside the price, and a member's note on where the listing lies above
    // it; the seller's other listings, further down, load in the browser.
    const showsReach = user !== null && listing !== undefined && listing.isActive && listing.sellerId !== user.id;
    if (listing) {
      await Promise.all([
        fetchInto(client, fetchApi, listingQueryKeys.sellerProfile(listing.sellerId)),
        showsReach ? fetchInto(client, fetchApi, listingQueryKeys.listingReach(listing.id, user), listingReachPath(listing.id)) : undefined,
      ]);
    }
    return;
  }
  const sellerId = /^\/seller\/([^/]+)$/.exec(path)?.[1];
  if (sellerId) {
    const profile = uuidPattern.test(sellerId) ? await fetchInto(client, fetchApi, listingQueryKeys.sellerProfile(sellerId)) : undefined;
    if (profile) await fetchInto(client, fetchApi, listingQueryKeys.sellerListings(sellerId));
    return;
  }
  if (!user) {
    if (path === '/') await fetchInto(client, fetchApi, activeHomepageVideoQueryKey);
    return;
  }
  if (path === '/' || path === '/dashboard') {
    await Promise.all([
      fetchInto(client, fetchApi, listingQueryKeys.myListings),
      fetchInto(client, fetchApi, listingQueryKeys.userStats),
      fetchInto(client, fetchApi, latestListingsQueryKey, latestListingsPath),
    ]);
  } else if (path === '/listings') {
    const filters = readBrowseFilters(new URLSearchParams(search));
    const response = await fetchApi(listingsRequestPath(filters, null));
    if (response.status === 200) {
      const firstPage: ListingsPage = { items: response.body as ListingView[], nextCursor: response.header(nextCursorHeader) ?? null };
      client.setQueryData(browseQueryKey(filters), { pages: [firstPage], pageParams: [null] });
    }
  }
}

/** Renders the page at `url` (path and query) for the member whose token came with the request, if any. */
export async function renderPage({ url, token, fetchApi }: { url: string; token: string | null; fetchApi: ApiFetch }): Promise<RenderedPage> {
  const { pathname: path, search } = new URL(url, 'http://localhost');
  const client = createQueryClient();
  // Every page's code (each downloads once), so any route renders in full, with no loading state for code.
  const [, me] = await Promise.all([preloadAllPages(), token ? fetchApi(queryKeyPath(currentUserQueryKey)) : null]);
  // A refused token renders the page as a visitor sees it; the browser then drops the token.
  const user = me?.status === 200 ? (me.body as CurrentUser) : null;
  if (user) client.setQueryData(currentUserQueryKey, user);
  await prefetchPageData(client, fetchApi, path, search, user);

  const server: ServerRequest = { path, search: search.replace(/^\?/, ''), token: user ? token : null, report: createServerRenderReport(), redirect: {} };
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
  return { kind: 'page', status: server.report.status() ?? 200, title: server.report.title(), html, state: { signedIn: user !== null, queries } };
}
