// Checkout's calls (spec sections 4, 7 and 8): create a subscription, then pay with the built-in
// test provider. The tier changes only when the payment is confirmed, so only then is cached
// member data refreshed.
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiResponse, CurrentUser, MembershipTier, PurchasableTier, TestCardBody } from '../../../domain';
import { listingQueryKeys } from '@/shared/listing/listing-cache';
import { ApiError, callApi } from '@/lib/api-client';
import { currentUserQueryKey } from '@/lib/auth';
import { membershipQueryKey } from '@/shared/membership/membership-status';

export type CheckoutRequest = { tier: PurchasableTier; confirm?: boolean };

export const createSubscription = (request: CheckoutRequest) => callApi('createSubscription', { body: request });

export const payWithTestCard = (body: TestCardBody & { clientSecret: string }) => callApi('payWithTestCard', { body });

/** Checkout refused because the member already has this plan, or Lifetime (which includes it). */
export function isAlreadyOnPlanError(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'ALREADY_ON_PLAN' || error.code === 'PLAN_ALREADY_INCLUDED');
}

/**
 * The member's tier changed: show it at once, then ask again for everything that depends on it:
 * the member, their stats, and the listings and map areas their search area lets them see.
 */
export function refreshAfterTierChange(queryClient: QueryClient, tier: MembershipTier): Promise<void> {
  // Keeping the plan of the free month leaves the free month running (its first charge waits).
  queryClient.setQueryData<CurrentUser>(currentUserQueryKey, (user) =>
    user ? { ...user, membershipTier: tier, trialEndDate: user.membershipTier === tier ? user.trialEndDate : null } : user,
  );
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
    queryClient.invalidateQueries({ queryKey: listingQueryKeys.userStats }),
    queryClient.invalidateQueries({ predicate: ({ queryKey }) => queryKey[0] !== currentUserQueryKey[0] && queryKey[0] !== listingQueryKeys.userStats[0] }),
  ]).then(() => undefined);
}

export function useCreateSubscription() {
  return useMutation({ mutationFn: createSubscription });
}

/**
 * A move to Starter or a cheaper plan that waits for the end of the paid year (decision 31): the
 * member's plan shows it at once, then is read again. Nothing else changes until that day.
 */
export function useSchedulePlanChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubscription,
    onSuccess: (answer) => {
      const { tier } = answer;
      if (answer.status !== 'scheduled' || tier === 'lifetime') {
        void refreshAfterTierChange(queryClient, tier);
        return;
      }
      queryClient.setQueryData<ApiResponse<'getMembership'>>(membershipQueryKey, (status) =>
        status?.subscription
          ? {
              subscription: {
                ...status.subscription,
                renewsAt: tier === 'starter' ? null : (status.subscription.renewsAt ?? answer.scheduledAt),
                scheduledTier: tier,
                scheduledAt: answer.scheduledAt,
              },
            }
          : status,
      );
      void queryClient.invalidateQueries({ queryKey: membershipQueryKey });
    },
  });
}

export function usePayWithTestCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payWithTestCard,
    onSuccess: ({ tier }) => {
      void refreshAfterTierChange(queryClient, tier);
      void queryClient.invalidateQueries({ queryKey: membershipQueryKey });
    },
  });
}
