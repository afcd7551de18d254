// The account page's calls (spec sections 2, 5, 7 and 8) and the toasts that follow each.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CanChangePostcode, CurrentUser, TestCardBody, UpdateProfileBody } from '../../../domain';
import { canChangePostcodeQueryKey, refreshAccountQueries } from '@/shared/account/account-queries';
import { apiRequest } from '@/lib/api-client';
import { currentUserQueryKey } from '@/lib/auth';
import { handleUnauthorizedError } from '@/lib/unauthorized';
import { toast } from '@/lib/use-toast';

type MessageResponse = { message: string };

export const updatePhone = (phone: string) => apiRequest<CurrentUser>('PUT', '/api/user/phone', { phone });
export const updateProfile = (body: UpdateProfileBody) => apiRequest<CurrentUser>('PUT', '/api/user/profile', body);
export const verifyCard = (body: TestCardBody) => apiRequest<MessageResponse>('POST', '/api/verify-card', body);
/** With Stripe: a SetupIntent for the page to confirm with Stripe.js, then its id to be checked with Stripe. */
export const startCardCheck = () => apiRequest<{ clientSecret: string }>('POST', '/api/verify-card/setup');
export const confirmCardCheck = (setupIntentId: string) => apiRequest<MessageResponse>('POST', '/api/verify-card/confirm', { setupIntentId });

/** Whether the postcode may change now, else when it may (canChangePostcodeSchema, shared with the route). */
export function useCanChangePostcode() {
  return useQuery<CanChangePostcode>({ queryKey: canChangePostcodeQueryKey });
}

function showFailure(title: string, error: Error): void {
  if (handleUnauthorizedError(error)) return;
  toast({ title, description: error.message, variant: 'destructive' });
}

/** The answer is the updated member: show it at once, then refresh everything that depends on it. */
function useAccountMutation<TInput>(mutationFn: (input: TInput) => Promise<CurrentUser>, success: { title: string; description?: string }, failureTitle: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      toast(success);
      void refreshAccountQueries(queryClient);
    },
    onError: (error) => showFailure(failureTitle, error),
  });
}

export function useUpdatePhone() {
  return useAccountMutation(updatePhone, { title: 'Phone Updated!', description: 'Please verify it to complete setup.' }, 'Phone Update Failed');
}

export function useUpdateProfile() {
  return useAccountMutation(updateProfile, { title: 'Profile Updated!', description: 'Your neighbourhood has been saved.' }, 'Update Failed');
}

/** A card check, with the test provider's form (verifyCard) or Stripe's (confirmCardCheck). */
export function useVerifyCard<TInput>(check: (input: TInput) => Promise<MessageResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: check,
    onSuccess: ({ message }) => {
      toast({ title: 'Card Verified!', description: message });
      void refreshAccountQueries(queryClient);
    },
    onError: (error) => showFailure('Card Verification Failed', error),
  });
}
