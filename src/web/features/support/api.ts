// The Contact Us form's one call: POST /api/contact mails the admins (5 an hour from one address).
import { useMutation } from '@tanstack/react-query';
import type { ContactFormBody } from '../../../domain';
import { apiRequest } from '@/lib/api-client';

type MessageResponse = { message: string };

export const sendContactMessage = (body: ContactFormBody) => apiRequest<MessageResponse>('POST', '/api/contact', body);

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
