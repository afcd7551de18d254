import { useQuery } from '@tanstack/react-query';

/** One message in the development outbox (GET /api/dev/outbox), newest first. */
export type OutboxMessage = {
  id: string;
  to: string;
  channel: string;
  subject: string | null;
  text: string;
  createdAt: string;
};

export function useOutbox() {
  return useQuery<OutboxMessage[]>({ queryKey: ['/api/dev/outbox'], staleTime: 0 });
}
