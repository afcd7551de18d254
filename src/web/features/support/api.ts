// The Contact Us form's one call: POST /api/contact mails the admins (5 an hour from one address).
import { useMutation } from '@tanstack/react-query';
import type { ContactFormBody } from '../../../domain';
import { callApi } from '@/lib/api-client';

export const sendContactMessage = (body: ContactFormBody) => callApi('sendContactMessage', { body });

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
