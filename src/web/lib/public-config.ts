import { useQuery } from '@tanstack/react-query';
import type { ApiResponse } from '../../domain';

export const publicConfigQueryKey = ['/api/public-config'] as const;

/** The settings the server shares with the browser (GET /api/public-config: PublicConfig in the domain). */
export function usePublicConfig() {
  return useQuery<ApiResponse<'getPublicConfig'>>({ queryKey: publicConfigQueryKey });
}
