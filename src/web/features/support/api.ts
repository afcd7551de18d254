// The Contact Us form's one call: POST /api/contact, into the admins' support inbox (5 an hour from one address or member).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ContactFormBody, apiEndpoints } from '../../../domain';
import { callApi } from '@/lib/api-client';

export const sendContactMessage = (body: ContactFormBody) => callApi('sendContactMessage', { body });

/** A member's message shows on their Account page at once (its list is refreshed). */
export function useSendContactMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendContactMessage,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [apiEndpoints.listMySupportRequests.path] }),
  });
}
