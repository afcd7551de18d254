// The inbox (decision 15): the newest page of conversations, then older ones a page at a time on
// request, none shown twice even when a message moves one of them to the top meanwhile.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ConversationSummary, conversationLimits, inboxCursorOf } from '../../src/domain';
import { InboxPage } from '../../src/web/features/messages/pages/inbox-page';
import { conversationQueryKeys } from '../../src/web/shared/messages/conversation-queries';
import { aMember, fakeServer, renderPage } from './support/fixtures';

const member = aMember({ id: 'member-1', firstName: 'Sam' });

/** An hour before the tests run: recent, as an inbox's conversations are. */
const newest = Date.now() - 60 * 60_000;

/** The nth newest conversation (0 is the newest), a minute apart. */
function aConversation(index: number): ConversationSummary {
  const updatedAt = new Date(newest - index * 60_000).toISOString();
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    listing: { id: `listing-${index}`, title: `Item number ${index}`, imageUrl: null, price: '10.00' },
    listingStatus: 'active',
    isSeller: true,
    otherMember: { id: `buyer-${index}`, firstName: 'Ben', isEmailVerified: true, isPhoneVerified: false, isCardVerified: false, hasLeft: false },
    lastMessage: { body: `Message about item ${index}`, createdAt: updatedAt, senderId: `buyer-${index}` },
    unreadCount: 0,
    isBlocked: false,
    blockedByMe: false,
    offerAccepted: false,
    pickup: null,
    updatedAt,
  };
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, offset) => aConversation(from + offset));
const shownTitles = () => within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('listitem').map((item) => within(item).getByText(/^Item number \d+$/).textContent);

describe('the inbox', () => {
  const pageSize = conversationLimits.inboxPageSize;

  it('loads older conversations a page at a time, and offers no more after a page that is not full', async () => {
    const firstPage = range(0, pageSize);
    const server = fakeServer(() => range(pageSize, pageSize + 3));
    const { user } = renderPage(<InboxPage user={member} />, { signedIn: true, data: [[conversationQueryKeys.inbox, firstPage]] });
    expect(shownTitles()).toHaveLength(pageSize);

    await user.click(screen.getByRole('button', { name: 'Show older conversations' }));
    await expect.poll(() => shownTitles().length).toBe(pageSize + 3);
    expect(server.sent).toEqual([{ method: 'GET', path: '/api/conversations', body: undefined, query: `?before=${encodeURIComponent(inboxCursorOf(firstPage.at(-1)!))}` }]);
    expect(shownTitles().at(-1)).toBe(`Item number ${pageSize + 2}`);
    expect(screen.queryByRole('button', { name: 'Show older conversations' })).toBeNull();
  });

  it('shows a conversation once when a message moved it from the older ones to the top', async () => {
    const firstPage = range(0, pageSize);
    fakeServer(() => range(pageSize, pageSize + 2));
    const { user, queryClient } = renderPage(<InboxPage user={member} />, { signedIn: true, data: [[conversationQueryKeys.inbox, firstPage]] });
    await user.click(screen.getByRole('button', { name: 'Show older conversations' }));
    await expect.poll(() => shownTitles().length).toBe(pageSize + 2);

    // A new message about the oldest shown: it tops the first page, which now ends one earlier.
    const moved = { ...aConversation(pageSize + 1), updatedAt: new Date(newest + 30 * 60_000).toISOString() };
    queryClient.setQueryData(conversationQueryKeys.inbox, [moved, ...firstPage.slice(0, pageSize - 1)]);
    await expect.poll(() => shownTitles()[0]).toBe(`Item number ${pageSize + 1}`);
    const titles = shownTitles();
    expect(titles).toHaveLength(pageSize + 2);
    expect(new Set(titles).size).toBe(pageSize + 2);
    // The one pushed off the first page is still there, among the older ones.
    expect(titles).toContain(`Item number ${pageSize - 1}`);
  });
});
