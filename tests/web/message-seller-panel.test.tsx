// "Message seller" on a listing's page (spec 5, decision 15): the first message typed in place, or
// why not (signed out, one's own listing, an unverified email, sold), or the conversation to continue.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ConversationSummary, type CurrentUser, conversationMessages, listingRuleMessages, tradingCheckMessages } from '../../src/domain';
import { MessageSellerPanel } from '../../src/web/features/listings/components/message-seller-panel';
import { conversationQueryKeys } from '../../src/web/shared/messages/conversation-queries';
import { aConversation, aListing, aMember, fakeServer, renderPage } from './support/fixtures';

const seller = aMember({ id: 'seller-1', firstName: 'Mia' });
const buyer = aMember({ id: 'buyer-1', firstName: 'Sam' });
const bike = aListing({ title: 'Blue bike', sellerId: seller.id, seller: { id: seller.id, firstName: 'Mia', lastName: 'Tran', profileImageUrl: null, membershipTier: 'explorer', ratingAverage: null, ratingCount: 0, isEmailVerified: true, isPhoneVerified: true, isCardVerified: false } });

/** A conversation about the bike, from its buyer's side. */
const aBikeConversation = (overrides: Partial<ConversationSummary> = {}) =>
  aConversation({ id: 'conversation-1', listing: { id: bike.id, title: bike.title, imageUrl: null, price: bike.price }, otherMember: { ...aConversation().otherMember, id: seller.id, isPhoneVerified: false }, ...overrides });

function renderPanel(user: CurrentUser | null, { listing = bike, conversations = [] as ConversationSummary[] } = {}) {
  const server = fakeServer(({ method, body }) =>
    method === 'POST' ? { conversation: aBikeConversation({ id: 'conversation-9' }), message: { id: '1', conversationId: 'conversation-9', senderId: buyer.id, body: (body as { message: string }).message, createdAt: new Date().toISOString(), safetyTip: null, isRead: false } } : conversations,
  );
  const rendered = renderPage(<MessageSellerPanel listing={listing} user={user} />, { signedIn: user !== null, data: [[conversationQueryKeys.listing(bike.id), conversations]] });
  return { ...rendered, server, panel: screen.getByRole('region', { name: 'Message Mia' }) };
}

describe('Message seller', () => {
  it('starts with a suggestion the buyer can change, and sends it to start the conversation', async () => {
    const { user, panel, server } = renderPanel(buyer);
    const field = within(panel).getByRole('textbox', { name: 'Your message' });
    expect(field).toHaveValue(conversationMessages.firstMessageSuggestion);
    await user.clear(field);
    await user.type(field, 'Hi Mia, could I see it on Saturday?');
    await user.click(within(panel).getByRole('button', { name: 'Send' }));
    await expect.poll(() => server.sent.find((request) => request.method === 'POST')).toEqual({ method: 'POST', path: `/api/listings/${bike.id}/conversations`, body: { message: 'Hi Mia, could I see it on Saturday?' } });
  });

  it('refuses an empty message before asking the server', async () => {
    const { user, panel, server } = renderPanel(buyer);
    await user.clear(within(panel).getByRole('textbox', { name: 'Your message' }));
    await user.click(within(panel).getByRole('button', { name: 'Send' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent(conversationMessages.messageRequired);
    expect(server.sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('continues the conversation the buyer already has about this listing', () => {
    const { panel } = renderPanel(buyer, { conversations: [aBikeConversation()] });
    expect(within(panel).getByRole('link', { name: 'Continue conversation' })).toHaveAttribute('href', '/messages/conversation-1');
    expect(within(panel).queryByRole('textbox')).toBeNull();
  });

  it('asks a visitor to sign in, and comes back to the listing after', () => {
    const { panel } = renderPanel(null);
    expect(panel).toHaveTextContent(conversationMessages.signInToMessage);
    expect(within(panel).getByRole('link', { name: 'Sign in to message' })).toHaveAttribute('href', `/auth?next=${encodeURIComponent(`/listing/${bike.id}`)}`);
  });

  it('asks a member to verify their email, then their phone, before the first message (decision 35)', () => {
    const first = renderPanel(aMember({ id: 'buyer-2', isEmailVerified: false, isPhoneVerified: false }));
    expect(first.panel).toHaveTextContent(tradingCheckMessages.contact.email);
    expect(within(first.panel).getByRole('link', { name: 'Verify my email' })).toHaveAttribute('href', '/verify-email');
    expect(within(first.panel).queryByRole('textbox')).toBeNull();
    first.unmount();
    const second = renderPanel(aMember({ id: 'buyer-3', isEmailVerified: true, isPhoneVerified: false }));
    expect(second.panel).toHaveTextContent(tradingCheckMessages.contact.phone);
    expect(within(second.panel).getByRole('link', { name: 'Verify my phone' })).toHaveAttribute('href', '/verify-phone');
    expect(within(second.panel).queryByRole('textbox')).toBeNull();
  });

  it('names the checks the seller has passed before the first message', () => {
    const { panel, unmount } = renderPanel(buyer);
    expect(panel).toHaveTextContent('Mia has verified their email and phone.');
    unmount();
    const newcomer = renderPanel(buyer, { listing: { ...bike, seller: { ...bike.seller, isPhoneVerified: false, isEmailVerified: true, isCardVerified: true } } });
    expect(newcomer.panel).toHaveTextContent('Mia has verified their email and card.');
  });

  it('is closed on one’s own listing and on a sold one', () => {
    const { panel, unmount } = renderPanel(seller);
    expect(panel).toHaveTextContent(conversationMessages.ownListing);
    expect(within(panel).queryByRole('textbox')).toBeNull();
    unmount();
    const sold = renderPanel(buyer, { listing: { ...bike, isActive: false } });
    expect(sold.panel).toHaveTextContent(listingRuleMessages.contactSold);
  });
});
