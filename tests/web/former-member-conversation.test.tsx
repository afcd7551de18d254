// A conversation with a member who closed their account (decision 37): they are "Former member" in
// the inbox and the thread, with no checks shown and no way to report or block them, and the message
// box says nothing more can be sent to them.
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type ConversationMessage, verifiedCheckLabels } from '../../src/domain';
import { moderationMessages } from '../../src/domain/moderation';
import { closeAccountMessages, formerMemberName } from '../../src/domain/your-data';
import { ConversationRow } from '../../src/web/features/messages/components/conversation-row';
import { ConversationPage } from '../../src/web/features/messages/pages/conversation-page';
import { conversationQueryKeys } from '../../src/web/shared/messages/conversation-queries';
import { threadOf } from '../../src/web/shared/messages/thread-cache';
import { aConversation, aMember, renderPage } from './support/fixtures';

const conversationId = '3c9a7f1e-6b2d-4f0a-8e5c-1d2b3a4c5e6f';
const seller = aMember({ id: 'seller-1', firstName: 'Sam' });
const buyerId = 'buyer-1';

const withFormerMember = aConversation({
  id: conversationId,
  // The buyer closed their account; the seller's listing is still up.
  listing: { id: 'listing-1', title: 'Blue bike', imageUrl: null, price: '40' },
  isSeller: true,
  // The server names them "Former member"; a name sent before the account closed is not shown either.
  otherMember: { ...aConversation().otherMember, id: buyerId, firstName: 'Mia', hasLeft: true },
  lastMessage: { body: 'Is the bike still here?', createdAt: '2026-03-05T09:00:00Z', senderId: buyerId },
});
const fromBuyer: ConversationMessage = { id: '11', conversationId, senderId: buyerId, body: 'Is the bike still here?', createdAt: '2026-03-05T09:00:00Z', safetyTip: null, isRead: true, offer: null };

describe('a conversation with a member who closed their account', () => {
  it('calls them Former member, shows no checks and no report or block, and closes the message box', () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 204 })));
    renderPage(<ConversationPage id={conversationId} user={seller} />, {
      signedIn: true,
      data: [
        [conversationQueryKeys.conversation(conversationId), withFormerMember],
        [conversationQueryKeys.thread(conversationId), threadOf([fromBuyer])],
      ],
    });
    expect(screen.getByRole('heading', { name: `Conversation with ${formerMemberName}` })).toBeInTheDocument();
    expect(screen.queryByText('Mia')).toBeNull();
    // Their messages stay.
    expect(screen.getByText('Is the bike still here?')).toBeInTheDocument();
    expect(screen.queryByText(verifiedCheckLabels.isEmailVerified)).toBeNull();
    expect(screen.queryByText(/has verified their/)).toBeNull();
    expect(screen.queryByRole('button', { name: moderationMessages.reportConversationTitle })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Block / })).toBeNull();

    expect(screen.getByText(closeAccountMessages.messageClosedMember)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: `Message ${formerMemberName}` })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('calls them Former member in the inbox, without their checks', () => {
    renderPage(<ConversationRow conversation={withFormerMember} viewerId={seller.id} clock={{ now: new Date('2026-03-05T10:00:00Z'), timeZone: 'Australia/Sydney' }} />);
    expect(screen.getByText(formerMemberName)).toBeInTheDocument();
    expect(screen.queryByText('Mia')).toBeNull();
    expect(screen.queryByText(verifiedCheckLabels.isEmailVerified)).toBeNull();
  });
});
