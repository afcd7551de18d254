// A conversation's page (decision 15): a sent message shows at once as Sending…, then Sent when the
// server has it, then Read when the other member opens it; opening the thread marks it read; an
// unknown conversation shows the not-found screen.
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type ConversationMessage, type ConversationSummary, conversationMessages } from '../../src/domain';
import { ConversationPage } from '../../src/web/features/messages/pages/conversation-page';
import { conversationQueryKeys } from '../../src/web/shared/messages/conversation-queries';
import { applyMemberEvent } from '../../src/web/shared/messages/member-events';
import { threadOf } from '../../src/web/shared/messages/thread-cache';
import { aMember, renderPage } from './support/fixtures';

const conversationId = '7d0f3c52-2b4e-4a52-9d0c-2f3f7b1f0a11';
const buyer = aMember({ id: 'buyer-1', firstName: 'Sam' });
const sellerId = 'seller-1';

const summary: ConversationSummary = {
  id: conversationId,
  listing: { id: 'listing-1', title: 'Blue bike', imageUrl: null, price: '40' },
  listingStatus: 'active',
  isSeller: false,
  otherMember: { id: sellerId, firstName: 'Mia', isEmailVerified: true, isPhoneVerified: true, isCardVerified: false, hasLeft: false },
  lastMessage: { body: 'Yes, still here', createdAt: '2026-03-05T09:00:00Z', senderId: sellerId },
  unreadCount: 1,
  isBlocked: false,
  blockedByMe: false,
  offerAccepted: false,
  pickup: null,
  updatedAt: '2026-03-05T09:00:00Z',
};
const fromSeller: ConversationMessage = { id: '11', conversationId, senderId: sellerId, body: 'Yes, still here', createdAt: '2026-03-05T09:00:00Z', safetyTip: null, isRead: true, offer: null };

type Sent = { method: string; path: string; body: unknown };

/** Stands in for the server; a message POST waits until the test lets it answer. */
function stubServer() {
  const sent: Sent[] = [];
  let answerSend: ((message: ConversationMessage) => void) | null = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input), window.location.href).pathname;
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      sent.push({ method: init.method ?? 'GET', path, body });
      if (init.method === 'POST' && path.endsWith('/messages')) {
        const message = await new Promise<ConversationMessage>((resolve) => (answerSend = resolve));
        return new Response(JSON.stringify(message), { status: 201, headers: { 'content-type': 'application/json' } });
      }
      if (path.endsWith('/read')) return new Response(null, { status: 204 });
      if (path === '/api/conversations/unread-count') return Response.json({ count: 0 });
      if (path === '/api/conversations') return Response.json([summary]);
      return Response.json({ message: 'Not found', code: 'NOT_FOUND' }, { status: 404 });
    }),
  );
  return { sent, answerSend: (message: ConversationMessage) => answerSend?.(message) };
}

function renderConversation(overrides: Partial<ConversationSummary> = {}) {
  return renderPage(<ConversationPage id={conversationId} user={buyer} />, {
    signedIn: true,
    data: [
      [conversationQueryKeys.conversation(conversationId), { ...summary, ...overrides }],
      [conversationQueryKeys.thread(conversationId), threadOf([fromSeller])],
    ],
  });
}

describe('the conversation page', () => {
  it('marks the thread read on opening', async () => {
    const server = stubServer();
    renderConversation();
    await expect.poll(() => server.sent.filter((request) => request.path === `/api/conversations/${conversationId}/read`)).toHaveLength(1);
  });

  it('shows a sent message as Sending…, then Sent, then Read', async () => {
    const server = stubServer();
    const { user, queryClient } = renderConversation();
    await user.type(screen.getByRole('textbox', { name: 'Message Mia' }), 'Great, can I come at 5?{Enter}');

    const mine = () => screen.getByText('Great, can I come at 5?').closest('li')!;
    expect(within(mine()).getByText('Sending…')).toBeInTheDocument();
    await expect.poll(() => server.sent.find((request) => request.method === 'POST' && request.path.endsWith('/messages'))?.body).toEqual({ body: 'Great, can I come at 5?' });

    const saved: ConversationMessage = { id: '12', conversationId, senderId: buyer.id, body: 'Great, can I come at 5?', createdAt: new Date().toISOString(), safetyTip: null, isRead: false, offer: null };
    server.answerSend(saved);
    // The message the server sent back takes the place of the one that was on its way.
    await expect.poll(() => within(mine()).queryByText('Sent')).not.toBeNull();

    // The seller opens the conversation: the stream says so.
    act(() => applyMemberEvent(queryClient, { type: 'read', conversationId, readerId: sellerId, upToMessageId: '12' }, buyer.id));
    await expect.poll(() => within(mine()).queryByText('Read')).not.toBeNull();
    expect(screen.getAllByText('Great, can I come at 5?')).toHaveLength(1);
  });

  it('says why the composer is closed when the seller has blocked the buyer', () => {
    stubServer();
    renderConversation({ isBlocked: true, blockedByMe: false });
    expect(screen.getByRole('textbox', { name: 'Message Mia' })).toBeDisabled();
    expect(screen.getByText(conversationMessages.blocked)).toBeInTheDocument();
  });

  it("offers the seller one-tap answers to 'is this still available?', sent as messages; the buyer has none", async () => {
    const server = stubServer();
    const { user, unmount } = renderConversation({ isSeller: true });
    await user.click(screen.getByRole('button', { name: "Sorry, it's sold" }));
    await expect.poll(() => server.sent.find((request) => request.method === 'POST' && request.path.endsWith('/messages'))?.body).toEqual({ body: "Sorry, it's sold" });
    unmount();
    renderConversation({ isSeller: false });
    expect(screen.queryByRole('group', { name: 'Quick replies' })).toBeNull();
  });

  it('loads the page of messages before the oldest shown, keeping the newer ones', async () => {
    const page = Array.from({ length: 50 }, (_, index): ConversationMessage => ({ ...fromSeller, id: String(100 + index), body: `Newer ${index}` }));
    const earlier: ConversationMessage = { ...fromSeller, id: '42', body: 'The very first message' };
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), window.location.href);
        asked.push(url.pathname + url.search);
        if (url.pathname.endsWith('/messages')) return Response.json([earlier]);
        return new Response(null, { status: 204 });
      }),
    );
    const { user } = renderPage(<ConversationPage id={conversationId} user={buyer} />, {
      signedIn: true,
      data: [
        [conversationQueryKeys.conversation(conversationId), summary],
        [conversationQueryKeys.thread(conversationId), threadOf(page)],
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    expect(await screen.findByText('The very first message')).toBeInTheDocument();
    expect(asked).toContain(`/api/conversations/${conversationId}/messages?before=100`);
    const bodies = within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem').map((item) => item.textContent);
    expect(bodies[0]).toContain('The very first message');
    expect(bodies.at(-1)).toContain('Newer 49');
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
  });

  it('shows the not-found screen for a conversation that is not the member’s', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ message: conversationMessages.conversationNotFound, code: 'CONVERSATION_NOT_FOUND' }, { status: 404 })));
    renderPage(<ConversationPage id={conversationId} user={buyer} />, { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Conversation not found' })).toBeInTheDocument();
    expect(screen.getByText(conversationMessages.conversationNotFound)).toBeInTheDocument();
  });
});
