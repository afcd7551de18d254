// The member's paid plan (GET /api/membership), shown by checkout and by the account page, and
// cancelling a charge the free month left waiting.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiResponse } from '../../../domain';
import { callApi } from '@/lib/api-client';
import { currentUserQueryKey } from '@/lib/auth';

export const membershipQueryKey = ['/api/membership'] as const;

/** The member's paid plan; `refreshEveryMs` asks again while a checkout waits for the provider's word. */
export function useMembershipStatus(options: { refreshEveryMs?: number } = {}) {
  return useQuery<ApiResponse<'getMembership'>>({ queryKey: membershipQueryKey, refetchInterval: options.refreshEveryMs ?? false });
}

export const cancelUpcomingCharge = () => callApi('cancelUpcomingCharge');

export function useCancelUpcomingCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelUpcomingCharge,
    // Not awaited: the button goes once the plan is refreshed, after the caller's toast.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: membershipQueryKey });
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}
