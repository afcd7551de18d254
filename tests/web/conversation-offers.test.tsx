// Offers in a conversation's thread (decision 45): the buyer's "Make an offer" (the seller has none),
// the amount checked with the server's own words before anything is sent, the card of an open offer
// with Accept, Decline and Counter for the member who did not make it and Withdraw for its maker,
// and a step that arrives live closing the older card, so its buttons go.
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ConversationMessage, ConversationSummary, MessageOffer } from '../../src/domain';
import { offerMessages, offerStepText } from '../../src/domain/offers';
import { applyMemberEvent } from '../../src/web/shared/messages/member-events';
import { renderConversationPage, stubConversationServer } from './support/conversation-page';
import { type SentRequest, aConversation, aMember } from './support/fixtures';

const buyer = aMember({ id: 'buyer-1', firstName: 'Sam' });
const seller = aMember({ id: 'seller-1', firstName: 'Mia' });
const buyerSummary = aConversation();
const sellerSummary = aConversation({ isSeller: true, otherMember: { ...aConversation().otherMember, id: buyer.id, firstName: 'Sam' } });
const conversationId = buyerSummary.id;

/** 47 hours and a bit from now: "Open · expires in 47 hours". */
const expiresAt = () => new Date(Date.now() + 47 * 3_600_000 + 600_000).toISOString();

const hello: ConversationMessage = { id: '10', conversationId, senderId: buyer.id, body: 'Hi, is it still for sale?', createdAt: new Date().toISOString(), safetyTip: null, isRead: true, offer: null };

/** The thread's line of an offer's step, as the server writes it. */
function aStep(id: string, senderId: string, offer: Omit<MessageOffer, 'expiresAt'>): ConversationMessage {
  return { id, conversationId, senderId, body: offerStepText(offer.step, offer.amount), createdAt: new Date().toISOString(), safetyTip: null, isRead: false, offer: { ...offer, expiresAt: expiresAt() } };
}
const buyersOffer = (overrides: Partial<MessageOffer> = {}) => aStep('20', buyer.id, { id: 'offer-1', step: 'offer', amount: '120.00', status: 'open', madeBy: buyer.id, ...overrides });

/** Stands in for the server: the page's own reads answer as usual, a POST of an offer's step is answered by `answerStep` (201 with its message, unless it returns a Response of its own). */
function stubServer(summary: ConversationSummary, answerStep: (request: SentRequest) => ConversationMessage | Response | Promise<ConversationMessage | Response> = () => new Response(null, { status: 500 })) {
  const isStep = (request: SentRequest) => request.method === 'POST' && (request.path.startsWith('/api/offers/') || request.path.endsWith('/offers'));
  const server = stubConversationServer({ conversation: () => summary, answer: (request) => (isStep(request) ? answerStep(request) : undefined) });
  return { stepsSent: () => server.sent.filter((request) => request.method === 'POST' && request.path.includes('offer')) };
}

const renderThread = (summary: ConversationSummary, messages: ConversationMessage[]) => renderConversationPage({ summary, messages, viewer: summary.isSeller ? seller : buyer });

/** The thread's line that shows `text`. */
const line = (text: string | RegExp) => within(screen.getByRole('list', { name: 'Messages' })).getByText(text).closest('li')!;
const toastTitled = async (title: string) => expect(await screen.findByText(title)).toBeInTheDocument();

describe('making an offer', () => {
  it('is for the buyer while the listing is for sale and no offer waits; the seller has no such button', () => {
    stubServer(buyerSummary);
    const { unmount } = renderThread(buyerSummary, [hello]);
    expect(screen.getByRole('button', { name: offerMessages.makeOffer })).toBeInTheDocument();
    unmount();

    renderThread(sellerSummary, [hello]);
    expect(screen.queryByRole('button', { name: offerMessages.makeOffer })).toBeNull();
  });

  it('is not offered while an offer waits for its answer, once the listing is sold, nor once it is held for this buyer', () => {
    stubServer(buyerSummary);
    for (const [summary, messages] of [
      [buyerSummary, [hello, buyersOffer()]],
      [{ ...buyerSummary, listingStatus: 'sold' }, [hello]],
      [{ ...buyerSummary, listingStatus: 'reservedForYou' }, [hello]],
    ] as const) {
      const { unmount } = renderThread(summary, [...messages]);
      expect(screen.queryByRole('button', { name: offerMessages.makeOffer })).toBeNull();
      unmount();
    }
    // Held for another buyer, the item still takes offers (decision 46).
    renderThread({ ...buyerSummary, listingStatus: 'reserved' }, [hello]);
    expect(screen.getByRole('button', { name: offerMessages.makeOffer })).toBeInTheDocument();
  });

  it('refuses an amount above the asking price in the server’s words, beside the field, before sending; then sends a good one', async () => {
    const server = stubServer(buyerSummary, () => buyersOffer());
    const { user } = renderThread(buyerSummary, [hello]);
    await user.click(screen.getByRole('button', { name: offerMessages.makeOffer }));
    const field = screen.getByRole('textbox', { name: offerMessages.amountLabel });
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('inputmode', 'decimal');
    expect(field).toHaveAccessibleDescription(offerMessages.askingHint('150.00'));
    expect(screen.getByText('Asking $150')).toBeInTheDocument();

    await user.type(field, '200{Enter}');
    const refusal = offerMessages.aboveAsking('150.00');
    expect(screen.getByRole('alert')).toHaveTextContent(refusal);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(`${offerMessages.askingHint('150.00')} ${refusal}`);
    expect(field).toHaveFocus();
    expect(server.stepsSent()).toEqual([]);

    await user.clear(field);
    await user.type(field, '120');
    await user.click(screen.getByRole('button', { name: offerMessages.sendOffer }));
    await expect.poll(() => server.stepsSent()).toEqual([{ method: 'POST', path: `/api/conversations/${conversationId}/offers`, body: { amount: '120.00' } }]);
    await toastTitled(offerMessages.sent);
    // The offer is in the thread at once, as the buyer's own card, and no second offer can be made.
    const card = line(offerMessages.cardTitle('offer', null));
    expect(within(card).getByText('$120')).toBeInTheDocument();
    expect(within(card).getByText('Open · expires in 47 hours')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: offerMessages.withdraw })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: offerMessages.makeOffer })).toBeNull();
  });

  it('closes with Escape or Cancel, giving the keyboard back to Make an offer', async () => {
    stubServer(buyerSummary);
    const { user } = renderThread(buyerSummary, [hello]);
    await user.click(screen.getByRole('button', { name: offerMessages.makeOffer }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: offerMessages.amountLabel })).toBeNull();
    expect(screen.getByRole('button', { name: offerMessages.makeOffer })).toHaveFocus();

    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: offerMessages.makeOffer })).toHaveFocus();
  });

  it('shows the server’s refusal of the amount beside the field', async () => {
    const refusal = offerMessages.aboveAsking('100.00');
    stubServer(buyerSummary, () => Response.json({ message: refusal, code: 'OFFER_AMOUNT_REFUSED', fieldErrors: [{ path: 'amount', message: refusal }] }, { status: 400 }));
    const { user } = renderThread(buyerSummary, [hello]);
    await user.click(screen.getByRole('button', { name: offerMessages.makeOffer }));
    const field = screen.getByRole('textbox', { name: offerMessages.amountLabel });
    await user.type(field, '120{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue('120');
  });
});

describe('answering an open offer', () => {
  it('gives the seller Accept, Decline and Counter; accepting disables them while it is sent, then the card reads Accepted', async () => {
    let answer: (message: ConversationMessage) => void = () => undefined;
    const server = stubServer(sellerSummary, () => new Promise<ConversationMessage>((resolve) => (answer = resolve)));
    const { user } = renderThread(sellerSummary, [hello, buyersOffer()]);
    const card = line(offerMessages.cardTitle('offer', 'Sam'));
    const buttons = within(within(card).getByRole('group', { name: /Sam's offer/ }));
    expect(buttons.getAllByRole('button').map((button) => button.textContent)).toEqual([offerMessages.accept, offerMessages.decline, offerMessages.counter]);
    expect(within(card).queryByRole('button', { name: offerMessages.withdraw })).toBeNull();

    await user.click(buttons.getByRole('button', { name: offerMessages.accept }));
    await expect.poll(() => server.stepsSent()).toEqual([{ method: 'POST', path: '/api/offers/offer-1/accept', body: undefined }]);
    for (const button of buttons.getAllByRole('button')) expect(button).toBeDisabled();

    act(() => answer(aStep('21', seller.id, { id: 'offer-1', step: 'accepted', amount: '120.00', status: 'accepted', madeBy: buyer.id })));
    await toastTitled(offerMessages.accepted);
    expect(within(card).getByText(offerMessages.statusLabels.accepted)).toBeInTheDocument();
    expect(within(card).queryByRole('button')).toBeNull();
    expect(line('You accepted the offer of $120')).toBeInTheDocument();
  });

  it('still says Offer accepted when the acceptance reaches the thread live before the call answers (the buttons have gone by then)', async () => {
    let answer: (message: ConversationMessage) => void = () => undefined;
    const server = stubServer(sellerSummary, () => new Promise<ConversationMessage>((resolve) => (answer = resolve)));
    const { user, queryClient } = renderThread(sellerSummary, [hello, buyersOffer()]);
    await user.click(screen.getByRole('button', { name: offerMessages.accept }));
    await expect.poll(() => server.stepsSent().length).toBe(1);

    const accepted = aStep('21', seller.id, { id: 'offer-1', step: 'accepted', amount: '120.00', status: 'accepted', madeBy: buyer.id });
    act(() => applyMemberEvent(queryClient, { type: 'message', message: accepted }, seller.id));
    expect(await within(line(offerMessages.cardTitle('offer', 'Sam'))).findByText(offerMessages.statusLabels.accepted)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: offerMessages.accept })).toBeNull();

    act(() => answer(accepted));
    await toastTitled(offerMessages.accepted);
  });

  it('lets the seller decline', async () => {
    const server = stubServer(sellerSummary, () => aStep('21', seller.id, { id: 'offer-1', step: 'declined', amount: '120.00', status: 'declined', madeBy: buyer.id }));
    const { user } = renderThread(sellerSummary, [hello, buyersOffer()]);
    await user.click(screen.getByRole('button', { name: offerMessages.decline }));
    await toastTitled(offerMessages.declined);
    expect(server.stepsSent().map((request) => request.path)).toEqual(['/api/offers/offer-1/decline']);
    expect(within(line(offerMessages.cardTitle('offer', 'Sam'))).getByText(offerMessages.statusLabels.declined)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: offerMessages.accept })).toBeNull();
  });

  it('lets the seller counter in the same amount form, which asks for another amount than the offer’s', async () => {
    const server = stubServer(sellerSummary, () => aStep('21', seller.id, { id: 'offer-2', step: 'counter', amount: '140.00', status: 'open', madeBy: seller.id }));
    const { user } = renderThread(sellerSummary, [hello, buyersOffer()]);
    await user.click(screen.getByRole('button', { name: offerMessages.counter }));
    // Escape gives the keyboard back to Counter.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: offerMessages.counter })).toHaveFocus();
    await user.keyboard('{Enter}');
    const field = screen.getByRole('textbox', { name: offerMessages.counterLabel });
    expect(field).toHaveFocus();

    await user.type(field, '120{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent(offerMessages.counterSameAmount);
    expect(server.stepsSent()).toEqual([]);

    await user.clear(field);
    await user.type(field, '140');
    await user.click(screen.getByRole('button', { name: offerMessages.sendCounter }));
    await toastTitled(offerMessages.countered);
    expect(server.stepsSent()).toEqual([{ method: 'POST', path: '/api/offers/offer-1/counter', body: { amount: '140.00' } }]);
    // The buyer's offer reads countered; the seller's own counter-offer can be withdrawn.
    expect(within(line(offerMessages.cardTitle('offer', 'Sam'))).getByText(offerMessages.statusLabels.countered)).toBeInTheDocument();
    const counter = line(offerMessages.cardTitle('counter', null));
    expect(within(counter).getByText('$140')).toBeInTheDocument();
    expect(within(counter).getByRole('button', { name: offerMessages.withdraw })).toBeInTheDocument();
    expect(screen.queryAllByRole('button', { name: /^(Accept|Decline|Counter)$/ })).toHaveLength(0);
  });

  it('gives the buyer Withdraw on their own offer, and nothing else', async () => {
    const server = stubServer(buyerSummary, () => aStep('21', buyer.id, { id: 'offer-1', step: 'withdrawn', amount: '120.00', status: 'withdrawn', madeBy: buyer.id }));
    const { user } = renderThread(buyerSummary, [hello, buyersOffer()]);
    const card = line(offerMessages.cardTitle('offer', null));
    expect(within(card).getAllByRole('button').map((button) => button.textContent)).toEqual([offerMessages.withdraw]);
    await user.click(within(card).getByRole('button', { name: offerMessages.withdraw }));
    await toastTitled(offerMessages.withdrawn);
    expect(server.stepsSent().map((request) => request.path)).toEqual(['/api/offers/offer-1/withdraw']);
    expect(within(card).getByText(offerMessages.statusLabels.withdrawn)).toBeInTheDocument();
    expect(line('You withdrew the offer of $120')).toBeInTheDocument();
    // With no offer waiting, the buyer may make another.
    expect(screen.getByRole('button', { name: offerMessages.makeOffer })).toBeInTheDocument();
  });

  it('says in a toast why a step was refused', async () => {
    const refusal = offerMessages.alreadyAnswered('withdrawn');
    stubServer(sellerSummary, () => Response.json({ message: refusal, code: 'OFFER_NOT_OPEN' }, { status: 409 }));
    const { user } = renderThread(sellerSummary, [hello, buyersOffer()]);
    await user.click(screen.getByRole('button', { name: offerMessages.accept }));
    await toastTitled(refusal);
  });
});

describe('a step that arrives live', () => {
  it("closes the older card: the seller's acceptance takes the buyer's Withdraw away", async () => {
    stubServer(buyerSummary);
    const { queryClient } = renderThread(buyerSummary, [hello, buyersOffer()]);
    const card = line(offerMessages.cardTitle('offer', null));
    expect(within(card).getByRole('button', { name: offerMessages.withdraw })).toBeInTheDocument();

    act(() => applyMemberEvent(queryClient, { type: 'message', message: aStep('21', seller.id, { id: 'offer-1', step: 'accepted', amount: '120.00', status: 'accepted', madeBy: buyer.id }) }, buyer.id));
    expect(await within(card).findByText(offerMessages.statusLabels.accepted)).toBeInTheDocument();
    expect(within(card).queryByRole('button')).toBeNull();
    expect(line('Mia accepted the offer of $120')).toBeInTheDocument();
  });

  it("marks the offer a counter-offer answers countered, and puts the buyer's answers on the counter-offer", async () => {
    stubServer(buyerSummary);
    const { queryClient } = renderThread(buyerSummary, [hello, buyersOffer()]);
    act(() => applyMemberEvent(queryClient, { type: 'message', message: aStep('21', seller.id, { id: 'offer-2', step: 'counter', amount: '140.00', status: 'open', madeBy: seller.id }) }, buyer.id));

    const mine = line(offerMessages.cardTitle('offer', null));
    expect(await within(mine).findByText(offerMessages.statusLabels.countered)).toBeInTheDocument();
    expect(within(mine).queryByRole('button')).toBeNull();
    const counter = line(offerMessages.cardTitle('counter', 'Mia'));
    expect(within(counter).getByText('$140')).toBeInTheDocument();
    expect(within(counter).getAllByRole('button').map((button) => button.textContent)).toEqual([offerMessages.accept, offerMessages.decline, offerMessages.counter]);
  });
});
