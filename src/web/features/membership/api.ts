// Checkout's calls (spec sections 4, 7 and 8): create a subscription, then pay with the built-in
// test provider. The tier changes only when the payment is confirmed, so only then is cached
// member data refreshed.
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, MembershipTier, PurchasableTier, SubscriptionResponse, TestCardBody } from '../../../domain';
import { listingQueryKeys } from '../../components/listing-cache';
import { ApiError, apiRequest } from '../../lib/api-client';
import { currentUserQueryKey } from '../../lib/auth';

export type TestPaymentResponse = { message: string; tier: MembershipTier };

export const createSubscription = (tier: PurchasableTier) => apiRequest<SubscriptionResponse>('POST', '/api/create-subscription', { tier });

export const payWithTestCard = (body: TestCardBody & { clientSecret: string }) =>
  apiRequest<TestPaymentResponse>('POST', '/api/payments/test/pay', body);

/** A 409 from checkout: the member already holds a paid subscription to this tier. */
export function isAlreadyOnPlanError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/**
 * The member's tier changed: show it at once, then ask again for everything that depends on it:
 * the member, their stats, and the listings and map areas their search area lets them see.
 */
export function refreshAfterTierChange(queryClient: QueryClient, tier: MembershipTier): Promise<void> {
  queryClient.setQueryData<CurrentUser>(currentUserQueryKey, (user) => (user ? { ...user, membershipTier: tier, trialEndDate: null } : user));
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
    queryClient.invalidateQueries({ queryKey: listingQueryKeys.userStats }),
    queryClient.invalidateQueries({ predicate: ({ queryKey }) => queryKey[0] !== currentUserQueryKey[0] && queryKey[0] !== listingQueryKeys.userStats[0] }),
  ]).then(() => undefined);
}

export function useCreateSubscription() {
  return useMutation({ mutationFn: createSubscription });
}

export function usePayWithTestCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payWithTestCard,
    onSuccess: ({ tier }) => {
      void refreshAfterTierChange(queryClient, tier);
    },
  });
}
