// Arranging the pickup in a conversation (decision 47): "Arrange pickup" once an offer was accepted,
// the form that checks the time and the place in the server's own words before sending, the pickup at
// the top of the thread as its proposer and as the member who confirms it see it, confirming, and a
// new proposal that arrives live opening for the member who has to answer it.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ConversationMessage, type ConversationSummary, pickupLine, pickupMessages, pickupTimeText } from '../../src/domain';
import { applyMemberEvent } from '../../src/web/shared/messages/member-events';
import { dateTimeFieldValue } from '../../src/web/features/messages/pickup-times';
import { renderConversationPage, stubConversationServer } from './support/conversation-page';
import { type SentRequest, aConversation, aMember } from './support/fixtures';

const buyer = aMember({ id: 'buyer-1', firstName: 'Sam' });
const seller = aMember({ id: 'seller-1', firstName: 'Mia' });
/** The buyer's conversation after the seller accepted their offer: the item is held for them. */
const buyerSummary = aConversation({ listingStatus: 'reservedForYou', offerAccepted: true });
const sellerSummary = { ...buyerSummary, isSeller: true, otherMember: { ...buyerSummary.otherMember, id: buyer.id, firstName: 'Sam' } };
const conversationId = buyerSummary.id;
const hello: ConversationMessage = { id: '10', conversationId, senderId: buyer.id, body: 'Deal! When suits?', createdAt: new Date().toISOString(), safetyTip: null, isRead: true, offer: null };

const hourMs = 3_600_000;
const ownZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
/** The zone the thread's lines give times in (the listing's): another than the one these tests run in, so the member's own time shows too. */
const listingZone = ownZone === 'Australia/Perth' ? 'Australia/Melbourne' : 'Australia/Perth';

type Pickup = NonNullable<ConversationSummary['pickup']>;
function aPickup(overrides: Partial<Pickup> = {}): Pickup {
  const at = new Date(Math.round((Date.now() + 48 * hourMs) / 60_000) * 60_000);
  return { id: 'pickup-1', at: at.toISOString(), place: 'Fitzroy Library, front steps', status: 'proposed', proposedBy: seller.id, when: pickupTimeText(at, listingZone), ...overrides };
}

/** The step's line and the conversation as the server answers a pickup's step. */
function aPickupStep(summary: ConversationSummary, pickup: Pickup, senderId: string) {
  const body = pickupLine(pickup.status === 'confirmed' ? 'confirmed' : 'proposed', pickup.when, pickup.place);
  const message: ConversationMessage = { id: '30', conversationId, senderId, body, createdAt: new Date().toISOString(), safetyTip: null, isRead: false, offer: null };
  return { message, conversation: { ...summary, pickup } };
}

const isPickupStep = (request: SentRequest) => request.method === 'POST' && (request.path.endsWith('/pickups') || request.path.startsWith('/api/pickups/'));

/** The page of `summary`'s member; `answerStep` answers their pickup's steps. */
function renderThread(summary: ConversationSummary, answerStep: (request: SentRequest) => unknown = () => new Response(null, { status: 500 })) {
  const server = stubConversationServer({ conversation: () => summary, answer: (request) => (isPickupStep(request) ? answerStep(request) : undefined) });
  const page = renderConversationPage({ summary, messages: [hello], viewer: summary.isSeller ? seller : buyer });
  return { ...page, stepsSent: () => server.writes().filter(isPickupStep) };
}

const panel = () => screen.getByRole('region', { name: pickupMessages.panelLabel });
/** A toast's title ("Pickup confirmed" is the card's status too). */
const toastTitled = async (title: string) => expect(await within(screen.getByRole('region', { name: /^Notifications/ })).findByText(title)).toBeInTheDocument();
const timeField = () => screen.getByLabelText(pickupMessages.timeLabel);
const placeField = () => screen.getByRole('textbox', { name: pickupMessages.placeLabel });
/** A day and time `hours` from now, as the date-time field holds it. */
const fieldTime = (hours: number) => dateTimeFieldValue(new Date(Date.now() + hours * hourMs));
const setTime = (value: string) => fireEvent.change(timeField(), { target: { value } });

describe('Arrange pickup', () => {
  it('is offered to both members once an offer was accepted, and not before, nor in a blocked conversation or once the item went to someone else', () => {
    for (const summary of [buyerSummary, sellerSummary]) {
      const { unmount } = renderThread(summary);
      expect(within(panel()).getByText(pickupMessages.arrangePrompt)).toBeInTheDocument();
      expect(within(panel()).getByRole('button', { name: pickupMessages.arrangeButton })).toBeInTheDocument();
      unmount();
    }
    for (const summary of [
      { ...buyerSummary, offerAccepted: false, listingStatus: 'active' },
      { ...buyerSummary, isBlocked: true },
      { ...buyerSummary, listingStatus: 'sold' },
      { ...buyerSummary, listingStatus: 'reserved' },
    ] satisfies ConversationSummary[]) {
      const { unmount } = renderThread(summary);
      expect(screen.queryByRole('region', { name: pickupMessages.panelLabel })).toBeNull();
      expect(screen.queryByRole('button', { name: pickupMessages.arrangeButton })).toBeNull();
      unmount();
    }
  });

  it('refuses a missing, too early or too late time and a missing or short place in the server’s words, beside each field, before sending', async () => {
    const { user, stepsSent } = renderThread(buyerSummary);
    await user.click(screen.getByRole('button', { name: pickupMessages.arrangeButton }));
    expect(timeField()).toHaveFocus();
    expect(timeField()).toHaveAttribute('type', 'datetime-local');
    expect(timeField()).toHaveAttribute('min');
    expect(timeField()).toHaveAttribute('max');
    expect(placeField()).toHaveAttribute('maxLength', '200');
    expect(within(panel()).getByText(pickupMessages.safetyAdvice, { exact: false })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: pickupMessages.sendProposal }));
    expect(timeField()).toHaveAttribute('aria-invalid', 'true');
    expect(timeField()).toHaveAccessibleDescription(pickupMessages.timeRequired);
    expect(placeField()).toHaveAttribute('aria-invalid', 'true');
    expect(placeField()).toHaveAccessibleDescription(pickupMessages.placeRequired);
    expect(timeField()).toHaveFocus();

    setTime(fieldTime(0.2));
    await user.type(placeField(), 'ab');
    await user.click(screen.getByRole('button', { name: pickupMessages.sendProposal }));
    expect(timeField()).toHaveAccessibleDescription(pickupMessages.timeTooSoon);
    expect(placeField()).toHaveAccessibleDescription(pickupMessages.placeTooShort);

    setTime(fieldTime(24 * 40));
    await user.click(screen.getByRole('button', { name: pickupMessages.sendProposal }));
    expect(timeField()).toHaveAccessibleDescription(pickupMessages.timeTooFar);

    // A good time: the place alone is refused, and has the keyboard.
    setTime(fieldTime(24));
    await user.click(screen.getByRole('button', { name: pickupMessages.sendProposal }));
    expect(timeField()).not.toHaveAttribute('aria-invalid');
    expect(timeField()).toHaveAccessibleDescription(pickupMessages.timeHint);
    expect(placeField()).toHaveAccessibleDescription(pickupMessages.placeTooShort);
    expect(placeField()).toHaveFocus();
    expect(stepsSent()).toEqual([]);
  });

  it('sends the time with this browser’s offset and the place trimmed; the pickup then waits at the top for the other member', async () => {
    let proposed: Pickup | undefined;
    const { user, stepsSent } = renderThread(buyerSummary, (request) => {
      const body = request.body as { at: string; place: string };
      proposed = aPickup({ at: new Date(body.at).toISOString(), place: body.place, proposedBy: buyer.id, when: pickupTimeText(new Date(body.at), listingZone) });
      return aPickupStep(buyerSummary, proposed, buyer.id);
    });
    await user.click(screen.getByRole('button', { name: pickupMessages.arrangeButton }));
    const time = fieldTime(26);
    setTime(time);
    await user.type(placeField(), '  Fitzroy Library, front steps {Enter}');

    await toastTitled(pickupMessages.proposed);
    const [sent] = stepsSent();
    expect(sent.path).toBe(`/api/conversations/${conversationId}/pickups`);
    const body = sent.body as { at: string; place: string };
    expect(body.place).toBe('Fitzroy Library, front steps');
    expect(body.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    expect(new Date(body.at).getTime()).toBe(new Date(time).getTime());

    const status = within(panel()).getByText(pickupMessages.waitingFor('Mia'));
    expect(status).toHaveFocus();
    expect(within(panel()).getByText(proposed!.when)).toBeInTheDocument();
    expect(within(panel()).queryByRole('button', { name: pickupMessages.confirmButton })).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Messages' })).getByText(pickupLine('proposed', proposed!.when, proposed!.place))).toBeInTheDocument();
  });

  it('shows the server’s refusal of a field beside it, and any other refusal in a toast', async () => {
    let answer: Response = Response.json({ message: 'Please keep it clean', code: 'CONTENT_FILTERED', bannedWords: ['darn'] }, { status: 400 });
    const { user } = renderThread(buyerSummary, () => answer);
    await user.click(screen.getByRole('button', { name: pickupMessages.arrangeButton }));
    setTime(fieldTime(24));
    await user.type(placeField(), 'Darn car park');
    await user.click(screen.getByRole('button', { name: pickupMessages.sendProposal }));
    expect(await screen.findByText('Please keep it clean')).toBeInTheDocument();
    expect(placeField()).toHaveAttribute('aria-invalid', 'true');
    expect(placeField()).toHaveFocus();

    answer = Response.json({ message: pickupMessages.timeTooSoon, code: 'VALIDATION_FAILED', fieldErrors: [{ path: 'at', message: pickupMessages.timeTooSoon }] }, { status: 400 });
    await user.click(screen.getByRole('button', { name: pickupMessages.sendProposal }));
    expect(await screen.findByText(pickupMessages.timeTooSoon)).toBeInTheDocument();
    expect(timeField()).toHaveAccessibleDescription(pickupMessages.timeTooSoon);
    expect(timeField()).toHaveFocus();

    answer = Response.json({ message: pickupMessages.tooMany, code: 'RATE_LIMITED' }, { status: 429 });
    setTime(fieldTime(25));
    await user.click(screen.getByRole('button', { name: pickupMessages.sendProposal }));
    await toastTitled(pickupMessages.tooMany);
  });
});

describe('the pickup at the top of the thread', () => {
  it('asks the member who did not propose it to confirm: its details open, with their own time and the safety advice; confirming reads "Pickup confirmed"', async () => {
    const pickup = aPickup();
    const { user, stepsSent } = renderThread({ ...buyerSummary, pickup }, () => aPickupStep(buyerSummary, { ...pickup, status: 'confirmed' }, buyer.id));
    const top = within(panel());
    expect(top.getByText(pickupMessages.proposedByOther('Mia'))).toBeInTheDocument();
    expect(top.getByText(pickup.when)).toBeInTheDocument();
    expect(top.getByText(pickup.place, { exact: false })).toBeInTheDocument();
    expect(top.getByRole('button', { name: pickupMessages.details })).toHaveAttribute('aria-expanded', 'true');
    expect(top.getByText(pickupMessages.yourTime(pickupTimeText(new Date(pickup.at), ownZone)))).toBeVisible();
    expect(top.getByText(pickupMessages.safetyAdvice, { exact: false })).toBeVisible();
    expect(top.getByRole('link', { name: 'Read our safety tips' })).toHaveAttribute('href', '/safety');
    expect(top.getAllByRole('button', { name: /./ }).map((button) => button.textContent)).toEqual(['', pickupMessages.confirmButton, pickupMessages.proposeAnother]);

    await user.click(top.getByRole('button', { name: pickupMessages.confirmButton }));
    await toastTitled(pickupMessages.confirmed);
    expect(stepsSent()).toEqual([{ method: 'POST', path: '/api/pickups/pickup-1/confirm', body: undefined }]);
    expect(top.getByText(pickupMessages.confirmed)).toHaveFocus();
    expect(top.queryByRole('button', { name: pickupMessages.confirmButton })).toBeNull();
    expect(top.getByRole('button', { name: pickupMessages.proposeAnother })).toBeInTheDocument();
  });

  it('tells its proposer whom it waits for, in one closed line: no Confirm, only "Propose another time"; no second time when theirs reads the same', async () => {
    const at = new Date(Date.now() + 30 * hourMs);
    const pickup = aPickup({ proposedBy: buyer.id, at: at.toISOString(), when: pickupTimeText(at, ownZone) });
    const { user } = renderThread({ ...buyerSummary, pickup });
    const top = within(panel());
    expect(top.getByText(pickupMessages.waitingFor('Mia'))).toBeInTheDocument();
    const details = top.getByRole('button', { name: pickupMessages.details });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    expect(top.queryByRole('button', { name: pickupMessages.proposeAnother })).toBeNull();

    await user.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'true');
    expect(top.queryByRole('button', { name: pickupMessages.confirmButton })).toBeNull();
    expect(top.getByRole('button', { name: pickupMessages.proposeAnother })).toBeVisible();
    expect(top.queryByText(/^Your time/)).toBeNull();
  });

  it('reads "Pickup confirmed" for both members once agreed, and either may propose another time, in the same form with the place kept', async () => {
    const pickup = aPickup({ status: 'confirmed' });
    for (const summary of [buyerSummary, sellerSummary]) {
      const { user, unmount } = renderThread({ ...summary, pickup });
      const top = within(panel());
      expect(top.getByText(pickupMessages.confirmed)).toBeInTheDocument();
      await user.click(top.getByRole('button', { name: pickupMessages.details }));
      expect(top.queryByRole('button', { name: pickupMessages.confirmButton })).toBeNull();
      await user.click(top.getByRole('button', { name: pickupMessages.proposeAnother }));
      expect(placeField()).toHaveValue(pickup.place);
      expect(timeField()).toHaveFocus();
      // Escape gives up, and the keyboard goes back to the button.
      await user.keyboard('{Escape}');
      expect(top.getByRole('button', { name: pickupMessages.proposeAnother })).toHaveFocus();
      unmount();
    }
  });

  it('shows the pickup without its buttons in a conversation that is closed', async () => {
    const { user } = renderThread({ ...buyerSummary, isBlocked: true, pickup: aPickup() });
    expect(within(panel()).getByText(aPickup().when)).toBeInTheDocument();
    await user.click(within(panel()).getByRole('button', { name: pickupMessages.details, expanded: false }));
    expect(within(panel()).getByText(pickupMessages.safetyAdvice, { exact: false })).toBeVisible();
    expect(within(panel()).queryByRole('button', { name: pickupMessages.confirmButton })).toBeNull();
    expect(within(panel()).queryByRole('button', { name: pickupMessages.proposeAnother })).toBeNull();
  });

  it('opens for the member who has to answer a new proposal that arrives live', async () => {
    let summary: ConversationSummary = { ...buyerSummary, pickup: aPickup({ status: 'confirmed' }) };
    stubConversationServer({ conversation: () => summary });
    const { queryClient } = renderConversationPage({ summary, messages: [hello], viewer: buyer });
    expect(within(panel()).getByRole('button', { name: pickupMessages.details })).toHaveAttribute('aria-expanded', 'false');

    summary = { ...summary, pickup: aPickup({ id: 'pickup-2', place: 'Northcote Plaza, food court' }) };
    act(() => applyMemberEvent(queryClient, { type: 'conversation', conversationId }, buyer.id));
    expect(await within(panel()).findByText(pickupMessages.proposedByOther('Mia'))).toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: pickupMessages.details })).toHaveAttribute('aria-expanded', 'true');
    expect(within(panel()).getByRole('button', { name: pickupMessages.confirmButton })).toBeVisible();
  });
});
