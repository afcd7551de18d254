import { useQuery } from '@tanstack/react-query';
import type { ApiResponse } from '../../../domain';

/** The development outbox (GET /api/dev/outbox), newest first. */
export function useOutbox() {
  return useQuery<ApiResponse<'listDevOutbox'>>({ queryKey: ['/api/dev/outbox'], staleTime: 0 });
}
