// The member's verification status, shared by the account and verification pages and the status widget.
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { ApiResponse } from '../../../domain';
import { currentUserQueryKey } from '@/lib/auth';

export const verificationStatusQueryKey = ['/api/verification-status'] as const;
export const canChangePostcodeQueryKey = ['/api/user/can-change-postcode'] as const;

export function useVerificationStatus() {
  return useQuery<ApiResponse<'getVerificationStatus'>>({ queryKey: verificationStatusQueryKey });
}

/** After any account or verification change, the member and their status are asked for again. */
export function refreshAccountQueries(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
    queryClient.invalidateQueries({ queryKey: verificationStatusQueryKey }),
    queryClient.invalidateQueries({ queryKey: canChangePostcodeQueryKey }),
  ]).then(() => undefined);
}
