import { QueryClient } from '@tanstack/react-query';
import { createQueryFn } from './api-client';

// spec 4 and 9: data never goes stale, never refetches on focus or by interval, never retries.
export const queryClient = new QueryClient({
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
