// Auth state (spec 4): a stored authToken means signed in; no token or a refused token means signed out.
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { AuthResponse, CurrentUser } from '../../domain';
import { callApi } from './api-client';
import { readAuthToken, removeAuthToken, storeAuthToken, useAuthToken } from './auth-token';
import { toast } from './use-toast';

export const currentUserQueryKey = ['/api/auth/me'] as const;

async function fetchCurrentUser(): Promise<CurrentUser> {
  if (!readAuthToken()) throw new Error('No token');
  try {
    return await callApi('getCurrentUser');
  } catch {
    // spec 7: any failure removes the token.
    removeAuthToken();
    throw new Error('Invalid token');
  }
}

/** Starts asking who is signed in before the first render, when a token is stored. */
export function prefetchCurrentUser(queryClient: QueryClient): void {
  if (readAuthToken()) void queryClient.prefetchQuery({ queryKey: currentUserQueryKey, queryFn: fetchCurrentUser, retry: false });
}

export type CurrentUserState = { user: CurrentUser | null; isLoading: boolean };

/**
 * Asks GET /api/auth/me only while a token is stored; without one the visitor is signed out.
 * refreshEveryMs asks again while the caller is shown (a checkout waiting for a payment to land).
 */
export function useCurrentUser(options: { refreshEveryMs?: number } = {}): CurrentUserState {
  const token = useAuthToken();
  const query = useQuery({
    queryKey: currentUserQueryKey,
    queryFn: fetchCurrentUser,
    enabled: token !== null,
    retry: false,
    refetchInterval: options.refreshEveryMs ?? false,
  });
  const user = token ? (query.data ?? null) : null;
  return { user, isLoading: token !== null && query.isPending };
}

/** Stores a new session: the member is known at once, so the page never flashes a loading state. */
export function startSession(queryClient: QueryClient, { token, user }: AuthResponse): void {
  queryClient.setQueryData(currentUserQueryKey, user);
  storeAuthToken(token);
}

/**
 * Signs this tab out: removing the token signs the page out in the same render as any navigation
 * that goes with it, and nothing of the member stays in the cache.
 */
export function endSessionInTab(queryClient: QueryClient): void {
  removeAuthToken();
  queryClient.clear();
}

export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: async () => {
      try {
        await callApi('signOut');
      } catch {
        // Signing out in the browser must work even when the server cannot be reached.
      }
    },
    onSettled: () => {
      endSessionInTab(queryClient);
      toast({ title: 'Logged out', description: "You've been logged out successfully." });
      navigate('/auth');
    },
  });
}
