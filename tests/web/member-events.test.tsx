// What the event stream's events change in a tab's cache (decision 15): a message joins its thread
// once and in order, my own message from the stream takes the place of the one still sending, a read
// mark turns my messages to "Read", and the lists that show a change ask again.
import { describe, expect, it } from 'vitest';
import type { ConversationMessage, ConversationSummary, MemberEvent } from '../../src/domain';
import { createQueryClient } from '../../src/web/lib/query-client';
import { conversationQueryKeys } from '../../src/web/shared/messages/conversation-queries';
import { applyMemberEvent, parseMemberEvent } from '../../src/web/shared/messages/member-events';
import {
  type ThreadData,
  addLocalMessage,
  confirmLocalMessage,
  makeLocalMessage,
  threadMessages,
  threadOf,
} from '../../src/web/shared/messages/thread-cache';

const me = 'buyer-1';
const seller = 'seller-1';
const conversationId = 'conversation-1';

function aMessage(id: number, overrides: Partial<ConversationMessage> = {}): ConversationMessage {
  return { id: String(id), conversationId, senderId: seller, body: `Message ${id}`, createdAt: '2026-03-05T09:00:00Z', safetyTip: null, isRead: true, offer: null, ...overrides };
}

function cacheWithThread(messages: ConversationMessage[]) {
  const queryClient = createQueryClient();
  queryClient.setQueryData<ThreadData>(conversationQueryKeys.thread(conversationId), threadOf(messages));
  return queryClient;
}

const threadIn = (queryClient: ReturnType<typeof createQueryClient>) => threadMessages(queryClient.getQueryData<ThreadData>(conversationQueryKeys.thread(conversationId)));
const ids = (messages: ConversationMessage[]) => messages.map((message) => message.id);
const messageEvent = (message: ConversationMessage): MemberEvent => ({ type: 'message', message });

describe('a message event', () => {
  it('joins the open thread once, in id order, even when it comes twice or late', () => {
    const queryClient = cacheWithThread([aMessage(1), aMessage(3)]);
    applyMemberEvent(queryClient, messageEvent(aMessage(4)), me);
    applyMemberEvent(queryClient, messageEvent(aMessage(4)), me);
    applyMemberEvent(queryClient, messageEvent(aMessage(2)), me);
    expect(ids(threadIn(queryClient))).toEqual(['1', '2', '3', '4']);
  });

  it('compares ids as numbers, not text', () => {
    const queryClient = cacheWithThread([aMessage(9)]);
    applyMemberEvent(queryClient, messageEvent(aMessage(10)), me);
    expect(ids(threadIn(queryClient))).toEqual(['9', '10']);
  });

  it('takes the place of my message still sending with the same words, whichever comes first', () => {
    const sending = makeLocalMessage({ conversationId, senderId: me, body: 'See you at 5' });
    const queryClient = cacheWithThread([aMessage(1)]);
    queryClient.setQueryData<ThreadData>(conversationQueryKeys.thread(conversationId), (data) => addLocalMessage(data!, sending));
    const sent = aMessage(2, { senderId: me, body: 'See you at 5', isRead: false });

    applyMemberEvent(queryClient, messageEvent(sent), me);
    expect(threadIn(queryClient)).toEqual([aMessage(1), sent]);

    // The send's own answer then changes nothing.
    queryClient.setQueryData<ThreadData>(conversationQueryKeys.thread(conversationId), (data) => confirmLocalMessage(data!, sending.id, sent, me));
    expect(threadIn(queryClient)).toEqual([aMessage(1), sent]);
  });

  it('keeps messages still sending at the end when someone else’s arrives', () => {
    const sending = makeLocalMessage({ conversationId, senderId: me, body: 'Is it still there?' });
    const queryClient = cacheWithThread([aMessage(1)]);
    queryClient.setQueryData<ThreadData>(conversationQueryKeys.thread(conversationId), (data) => addLocalMessage(data!, sending));
    applyMemberEvent(queryClient, messageEvent(aMessage(2)), me);
    expect(ids(threadIn(queryClient))).toEqual(['1', '2', sending.id]);
  });

  it('leaves a thread never opened alone, and has the inbox, the header and the unread count ask again', () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData<ConversationSummary[]>(conversationQueryKeys.inbox, []);
    queryClient.setQueryData(conversationQueryKeys.unreadCount, { count: 0 });
    applyMemberEvent(queryClient, messageEvent(aMessage(5)), me);
    expect(queryClient.getQueryData(conversationQueryKeys.thread(conversationId))).toBeUndefined();
    expect(queryClient.getQueryState(conversationQueryKeys.inbox)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(conversationQueryKeys.unreadCount)?.isInvalidated).toBe(true);
  });
});

describe('a read event', () => {
  it('marks my messages up to the one read as Read, not later ones nor the other member’s', () => {
    const queryClient = cacheWithThread([aMessage(1, { senderId: me, isRead: false }), aMessage(2, { isRead: true }), aMessage(3, { senderId: me, isRead: false })]);
    applyMemberEvent(queryClient, { type: 'read', conversationId, readerId: seller, upToMessageId: '2' }, me);
    expect(threadIn(queryClient).map((message) => [message.id, message.isRead])).toEqual([
      ['1', true],
      ['2', true],
      ['3', false],
    ]);
  });

  it('of mine (this tab or another) has the counts ask again and marks nothing', () => {
    const queryClient = cacheWithThread([aMessage(1, { senderId: me, isRead: false })]);
    queryClient.setQueryData(conversationQueryKeys.unreadCount, { count: 2 });
    applyMemberEvent(queryClient, { type: 'read', conversationId, readerId: me, upToMessageId: '1' }, me);
    expect(threadIn(queryClient)[0].isRead).toBe(false);
    expect(queryClient.getQueryState(conversationQueryKeys.unreadCount)?.isInvalidated).toBe(true);
  });
});

describe('a conversation event', () => {
  it('has that conversation’s header and the inbox ask again, not other conversations', () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(conversationQueryKeys.conversation(conversationId), { id: conversationId });
    queryClient.setQueryData(conversationQueryKeys.conversation('other'), { id: 'other' });
    queryClient.setQueryData(conversationQueryKeys.inbox, []);
    applyMemberEvent(queryClient, { type: 'conversation', conversationId }, me);
    expect(queryClient.getQueryState(conversationQueryKeys.conversation(conversationId))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(conversationQueryKeys.inbox)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(conversationQueryKeys.conversation('other'))?.isInvalidated).toBe(false);
  });

  it('for every conversation (*) has everything ask again', () => {
    const queryClient = cacheWithThread([aMessage(1)]);
    queryClient.setQueryData(conversationQueryKeys.conversation('other'), { id: 'other' });
    applyMemberEvent(queryClient, { type: 'conversation', conversationId: '*' }, me);
    expect(queryClient.getQueryState(conversationQueryKeys.thread(conversationId))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(conversationQueryKeys.conversation('other'))?.isInvalidated).toBe(true);
  });
});

describe('reading the stream', () => {
  it('takes the events it knows, with their data, and nothing else', () => {
    const message = aMessage(7);
    expect(parseMemberEvent('message', JSON.stringify({ type: 'message', message }))).toEqual({ type: 'message', message });
    expect(parseMemberEvent('read', JSON.stringify({ type: 'read', conversationId, readerId: seller, upToMessageId: '7' }))).toMatchObject({ type: 'read' });
    expect(parseMemberEvent('ready', JSON.stringify({ memberId: me }))).toBeNull();
    expect(parseMemberEvent('message', 'not json')).toBeNull();
    expect(parseMemberEvent('message', JSON.stringify({ type: 'read', conversationId }))).toBeNull();
    expect(parseMemberEvent('conversation', JSON.stringify({ type: 'conversation' }))).toBeNull();
  });
});
