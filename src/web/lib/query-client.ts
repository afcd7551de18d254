import { QueryClient } from '@tanstack/react-query';
import { createQueryFn } from './api-client';

/** spec 4 and 9: data never goes stale, never refetches on focus or by interval, never retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: createQueryFn({ on401: 'throw' }),
        staleTime: Infinity,
        gcTime: 5 * 60 * 1000,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

/** The browser's one cache (a server render makes its own per page request). */
export const queryClient = createQueryClient();
