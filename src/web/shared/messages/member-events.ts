// What an event of the stream (GET /api/events, decision 15) changes in this tab's cache: a new
// message joins its open thread at once (once, by id) and the lists that show it ask again; a read
// mark turns my messages to "Read"; a changed conversation (sold, deleted, blocked) asks again.
import type { QueryClient } from '@tanstack/react-query';
import { type MemberEvent, type MemberEventType, memberEventTypes } from '../../../domain';
import { conversationQueryKeys, refreshAllConversations, refreshConversation } from './conversation-queries';
import { type ThreadData, addServerMessage, markMyMessagesRead } from './thread-cache';

/** The conversation id of a `conversation` event that means "reload every list". */
export const everyConversation = '*';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** An event's data as the stream sends it (JSON of the MemberEvent), or null when it is not one. */
export function parseMemberEvent(type: string, data: string): MemberEvent | null {
  if (!(memberEventTypes as readonly string[]).includes(type)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || parsed.type !== (type as MemberEventType)) return null;
  if (parsed.type === 'message') return isRecord(parsed.message) && typeof parsed.message.id === 'string' ? (parsed as MemberEvent) : null;
  return typeof parsed.conversationId === 'string' ? (parsed as MemberEvent) : null;
}

/** Applies one event to the cache of the member `viewerId`. */
export function applyMemberEvent(queryClient: QueryClient, event: MemberEvent, viewerId: string): void {
  if (event.type === 'message') {
    const { message } = event;
    // Only a thread already in the cache: one never opened loads in full when it is.
    queryClient.setQueryData<ThreadData>(conversationQueryKeys.thread(message.conversationId), (data) => (data ? addServerMessage(data, message, viewerId) : data));
    void refreshConversation(queryClient, message.conversationId);
    return;
  }
  if (event.type === 'read') {
    if (event.readerId === viewerId) {
      // Read here or in another tab of mine: the counts go down.
      void refreshConversation(queryClient, event.conversationId);
      return;
    }
    queryClient.setQueryData<ThreadData>(conversationQueryKeys.thread(event.conversationId), (data) => (data ? markMyMessagesRead(data, viewerId, event.upToMessageId) : data));
    return;
  }
  if (event.conversationId === everyConversation) {
    void refreshAllConversations(queryClient);
    return;
  }
  void refreshConversation(queryClient, event.conversationId);
  // A block or an unblock changes the account page's list too.
  void queryClient.invalidateQueries({ queryKey: conversationQueryKeys.blocks });
}
