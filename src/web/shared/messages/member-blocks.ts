// Blocking (decision 15): from a conversation's header, and unblocking there or from /account.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiResponse, conversationMessages } from '../../../domain';
import { callApi } from '@/lib/api-client';
import { handleUnauthorizedError } from '@/lib/unauthorized';
import { toast } from '@/lib/use-toast';
import { conversationQueryKeys } from './conversation-queries';

export const blockMember = (memberId: string) => callApi('blockMember', { params: { memberId } });
export const unblockMember = (memberId: string) => callApi('unblockMember', { params: { memberId } });

export function useBlockedMembers() {
  return useQuery<ApiResponse<'listBlockedMembers'>>({ queryKey: conversationQueryKeys.blocks });
}

/** Either change: every conversation header (its composer opens or closes), the inbox and the list of blocks ask again. */
function useBlockChange(mutationFn: (memberId: string) => Promise<unknown>, success: { title: string; description: string }, failureTitle: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      toast(success);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: conversationQueryKeys.blocks }),
        // Headers and the inbox only: the threads' messages do not change.
        queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === conversationQueryKeys.inbox[0] && query.queryKey.length <= 2 }),
      ]);
    },
    onError: (error) => {
      if (handleUnauthorizedError(error)) return;
      toast({ title: failureTitle, description: error.message, variant: 'destructive' });
    },
  });
}

export function useBlockMember() {
  return useBlockChange(blockMember, { title: conversationMessages.blockedToast, description: "They can't message you, and you can't message them." }, "Couldn't block this member");
}

export function useUnblockMember() {
  return useBlockChange(unblockMember, { title: conversationMessages.unblockedToast, description: 'You can message each other again.' }, "Couldn't unblock this member");
}
