// The member's paid plan (GET /api/membership), shown by checkout and by the account page,
// cancelling a charge the free month left waiting, and undoing a plan change that waits for the end
// of the paid year (decision 31).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiResponse } from '../../../domain';
import { callApi } from '@/lib/api-client';
import { currentUserQueryKey } from '@/lib/auth';

export const membershipQueryKey = ['/api/membership'] as const;

/**
 * The member's paid plan; `refreshEveryMs` asks again while a checkout waits for the provider's
 * word; `enabled: false` does not ask (nobody is signed in).
 */
export function useMembershipStatus(options: { refreshEveryMs?: number; enabled?: boolean } = {}) {
  return useQuery<ApiResponse<'getMembership'>>({ queryKey: membershipQueryKey, refetchInterval: options.refreshEveryMs ?? false, enabled: options.enabled ?? true });
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

export const undoScheduledChange = () => callApi('undoScheduledChange');

/** The member keeps their plan after all: the page shows it at once, then reads the plan again. */
export function useUndoScheduledChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoScheduledChange,
    onSuccess: () => {
      queryClient.setQueryData<ApiResponse<'getMembership'>>(membershipQueryKey, (status) =>
        status?.subscription
          ? { subscription: { ...status.subscription, renewsAt: status.subscription.renewsAt ?? status.subscription.scheduledAt, scheduledTier: null, scheduledAt: null } }
          : status,
      );
      void queryClient.invalidateQueries({ queryKey: membershipQueryKey });
    },
  });
}
