// The seller's hold in a conversation (decision 46): "Hold for this buyer" while the item is for sale;
// while it is held for this buyer, "Release hold" beside the header's notice and "Mark sold to Sam";
// while it is held for another buyer, "Release hold" alone.
// Each asks the server and then the conversation again, so the header's tag and notice follow. The
// buyer has none of them, and sees "Held for you"; a closed conversation has none either.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ConversationMessage, type ConversationSummary, listingStatusNotice, reservationMessages } from '../../src/domain';
import { ratingMessages } from '../../src/domain/ratings';
import { renderConversationPage, stubConversationServer } from './support/conversation-page';
import { type SentRequest, aConversation, aListing, aMember } from './support/fixtures';

const buyer = aMember({ id: 'buyer-1', firstName: 'Sam' });
const seller = aMember({ id: 'seller-1', firstName: 'Mia' });
const buyerSummary = aConversation();
const sellerSummary = aConversation({ isSeller: true, otherMember: { ...aConversation().otherMember, id: buyer.id, firstName: 'Sam' } });
const listingId = 'listing-1';
const hello: ConversationMessage = { id: '10', conversationId: buyerSummary.id, senderId: buyer.id, body: 'Hi, is it still for sale?', createdAt: new Date().toISOString(), safetyTip: null, isRead: true, offer: null };

const holdButtons = [reservationMessages.holdButton, reservationMessages.releaseButton, reservationMessages.markSoldTo('Sam')];
const queryHoldButtons = () => holdButtons.flatMap((name) => screen.queryAllByRole('button', { name }));

/**
 * The seller's page, with a server that takes the hold, the release and the sale: each changes the
 * conversation the page reads next, and answers the listing as it then is.
 */
function renderSellersThread(listingStatus: ConversationSummary['listingStatus']) {
  let summary: ConversationSummary = { ...sellerSummary, listingStatus };
  const listingNow = (status: 'active' | 'reserved' | 'sold') => aListing({ id: listingId, sellerId: seller.id, isActive: status !== 'sold', status });
  const change = (next: ConversationSummary['listingStatus'], status: 'active' | 'reserved' | 'sold') => {
    summary = { ...summary, listingStatus: next };
    return listingNow(status);
  };
  const answer = (request: SentRequest) => {
    const { method, path } = request;
    if (path === `/api/listings/${listingId}/reservation`) return method === 'PUT' ? change('reservedForYou', 'reserved') : change('active', 'active');
    if (method === 'PATCH' && path === `/api/listings/${listingId}`) return change('soldToYou', 'sold');
    // The sale opens the rating of the exchange.
    if (path === `/api/listings/${listingId}/rating`) return { canRate: true, given: null, closesAt: '2026-04-04T09:00:00.000Z', otherMember: { id: buyer.id, firstName: 'Sam' } };
    return undefined;
  };
  const server = stubConversationServer({ conversation: () => summary, answer });
  return { server, ...renderConversationPage({ summary, messages: [hello], viewer: seller }) };
}

const header = () => screen.getByRole('heading', { level: 1 }).closest('div.border-b') as HTMLElement;

describe("the seller's hold in a conversation", () => {
  it('holds the item for this buyer while it is for sale; the header then says so and the hold can be released or the item sold', async () => {
    const { server, user } = renderSellersThread('active');
    const group = screen.getByRole('group', { name: 'Your listing' });
    expect(within(group).getAllByRole('button').map((button) => button.textContent)).toEqual([reservationMessages.holdButton]);
    const readsBefore = server.summaryReads();

    await user.click(screen.getByRole('button', { name: reservationMessages.holdButton }));
    expect(await screen.findByText(reservationMessages.held)).toBeInTheDocument();
    expect(server.writes()).toEqual([{ method: 'PUT', path: `/api/listings/${listingId}/reservation`, body: { conversationId: sellerSummary.id } }]);
    // The conversation is asked again: its header's notice and tag follow the hold.
    expect(await within(header()).findByText(listingStatusNotice('reservedForYou', true)!)).toBeInTheDocument();
    expect(server.summaryReads()).toBeGreaterThan(readsBefore);
    expect(within(header()).getByText(reservationMessages.reservedLabel)).toBeInTheDocument();
    // "Release hold" beside the notice it undoes; the sale above the composer, where the hold was.
    expect(within(header()).getByRole('button', { name: reservationMessages.releaseButton })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Your listing' })).getAllByRole('button').map((button) => button.textContent)).toEqual([reservationMessages.markSoldTo('Sam')]);
  });

  it('releases the hold: the item is for sale again in the header, with "Hold for this buyer" back', async () => {
    const { server, user } = renderSellersThread('reservedForYou');
    await user.click(within(header()).getByRole('button', { name: reservationMessages.releaseButton }));
    expect(await screen.findByText(reservationMessages.released)).toBeInTheDocument();
    expect(server.writes()).toEqual([{ method: 'DELETE', path: `/api/listings/${listingId}/reservation`, body: undefined }]);
    expect(await screen.findByRole('button', { name: reservationMessages.holdButton })).toBeInTheDocument();
    expect(within(header()).queryByText(reservationMessages.reservedLabel)).toBeNull();
    expect(within(header()).queryByText(listingStatusNotice('reservedForYou', true)!)).toBeNull();
  });

  it('marks the item sold to this buyer: the thread then reads sold to them and offers the rating', async () => {
    const { server, user } = renderSellersThread('reservedForYou');
    await user.click(screen.getByRole('button', { name: reservationMessages.markSoldTo('Sam') }));
    expect(await screen.findByText('Marked as sold')).toBeInTheDocument();
    expect(server.writes()).toEqual([{ method: 'PATCH', path: `/api/listings/${listingId}`, body: { isActive: false, soldToConversationId: sellerSummary.id } }]);
    expect(await within(header()).findByText(listingStatusNotice('soldToYou', true)!)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: ratingMessages.rateTitle('Sam') })).toBeInTheDocument();
    expect(queryHoldButtons()).toEqual([]);
  });

  it('says in a toast why the server refused a hold', async () => {
    stubConversationServer({
      conversation: () => sellerSummary,
      answer: (request) => (request.method === 'PUT' ? Response.json({ message: reservationMessages.heldForAnother, code: 'LISTING_RESERVED' }, { status: 409 }) : undefined),
    });
    const { user } = renderConversationPage({ summary: sellerSummary, messages: [hello], viewer: seller });
    await user.click(screen.getByRole('button', { name: reservationMessages.holdButton }));
    expect(await screen.findByText(reservationMessages.heldForAnother)).toBeInTheDocument();
  });

  it('releases a hold for another buyer from this conversation, and can then hold the item for this one', async () => {
    const { server, user } = renderSellersThread('reserved');
    expect(within(header()).getByText(listingStatusNotice('reserved', true)!)).toBeInTheDocument();
    expect(queryHoldButtons().map((button) => button.textContent)).toEqual([reservationMessages.releaseButton]);

    await user.click(within(header()).getByRole('button', { name: reservationMessages.releaseButton }));
    expect(await screen.findByText(reservationMessages.released)).toBeInTheDocument();
    expect(server.writes()).toEqual([{ method: 'DELETE', path: `/api/listings/${listingId}/reservation`, body: undefined }]);
    expect(await screen.findByRole('button', { name: reservationMessages.holdButton })).toBeInTheDocument();
    expect(within(header()).queryByText(listingStatusNotice('reserved', true)!)).toBeNull();
  });

  it('is not offered while the item is sold or paused, nor in a blocked conversation', () => {
    for (const summary of [
      { ...sellerSummary, listingStatus: 'sold' },
      { ...sellerSummary, listingStatus: 'soldToYou' },
      { ...sellerSummary, listingStatus: 'paused' },
      { ...sellerSummary, isBlocked: true, blockedByMe: true },
      { ...sellerSummary, listingStatus: 'reservedForYou', isBlocked: true },
      { ...sellerSummary, listingStatus: 'reserved', isBlocked: true },
    ] satisfies ConversationSummary[]) {
      stubConversationServer({ conversation: () => summary });
      const { unmount } = renderConversationPage({ summary, messages: [hello], viewer: seller });
      expect(queryHoldButtons()).toEqual([]);
      unmount();
    }
  });

  it('is never the buyer’s, who sees "Held for you" while the item is held for them and "Reserved" while it is held for another', () => {
    for (const [listingStatus, tag] of [
      ['active', null],
      ['reservedForYou', reservationMessages.heldForYouLabel],
      ['reserved', reservationMessages.reservedLabel],
    ] as const) {
      const summary = { ...buyerSummary, listingStatus };
      stubConversationServer({ conversation: () => summary });
      const { unmount } = renderConversationPage({ summary, messages: [hello], viewer: buyer });
      expect(queryHoldButtons()).toEqual([]);
      expect(screen.queryByRole('group', { name: 'Your listing' })).toBeNull();
      if (tag) expect(within(header()).getByText(tag)).toBeInTheDocument();
      unmount();
    }
  });
});

describe('the tag of a held listing for the seller', () => {
  it('reads "Reserved" in both the held buyer’s conversation and the others', () => {
    for (const listingStatus of ['reservedForYou', 'reserved'] as const) {
      const summary = { ...sellerSummary, listingStatus };
      stubConversationServer({ conversation: () => summary });
      const { unmount } = renderConversationPage({ summary, messages: [hello], viewer: seller });
      expect(within(header()).getByText(reservationMessages.reservedLabel)).toBeInTheDocument();
      unmount();
    }
  });
});
