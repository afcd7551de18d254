// The account page's support call (decision 32): the member's own messages to our team and our
// replies. Its key is the address, which the contact form refreshes when a message is sent.
import { useQuery } from '@tanstack/react-query';
import { type ApiResponse, apiEndpoints } from '../../../domain';

export function useMySupportRequests() {
  return useQuery<ApiResponse<'listMySupportRequests'>>({ queryKey: [apiEndpoints.listMySupportRequests.path] });
}
