import { type DehydratedState, QueryClient, defaultShouldDehydrateQuery, dehydrate, hydrate } from '@tanstack/react-query';
import { queryRetryDelayMs, timings } from '../../domain/timings';
import { createQueryFn, isNotFoundError, reviveApiError } from './api-client';

/**
 * spec 4 and 9: data never goes stale, never refetches on focus or by interval, and never retries;
 * a query that does retry (the banned words) backs off from 1 s to 30 s.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: createQueryFn({ on401: 'throw' }),
        staleTime: Infinity,
        gcTime: timings.queryGarbageCollectionMs,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
        retryDelay: queryRetryDelayMs,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

/** The browser's one cache (a server render makes its own per page request). */
export const queryClient = createQueryClient();

/**
 * What a page rendered on the server hands the browser: the data it showed, and the "not found"
 * answers it showed as its screen, so the browser hydrates that screen rather than asking again.
 */
export function dehydratePageQueries(client: QueryClient): DehydratedState {
  return dehydrate(client, { shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || isNotFoundError(query.state.error) });
}

/** The browser's side of dehydratePageQueries: the answers' errors become ApiErrors again (they travel as JSON). */
export function hydratePageQueries(client: QueryClient, state: DehydratedState): void {
  const queries = state.queries.map((query) => ({
    ...query,
    state: { ...query.state, error: reviveApiError(query.state.error), fetchFailureReason: reviveApiError(query.state.fetchFailureReason) },
  }));
  hydrate(client, { ...state, queries } as DehydratedState);
}
