// A conversation's thread (decision 15): a received message that carries a safety tip shows it under
// the bubble with a way to the safety tips; my newest message says whether it is sending, sent or read.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ConversationMessage, safetyTips } from '../../src/domain';
import { MessageList } from '../../src/web/features/messages/components/message-list';
import { type ThreadMessage, makeLocalMessage } from '../../src/web/shared/messages/thread-cache';
import { renderPage } from './support/fixtures';

const me = 'buyer-1';
const seller = 'seller-1';
const clock = { now: new Date('2026-03-05T10:00:00Z'), timeZone: 'Australia/Sydney' };

let nextId = 100;
function aMessage(overrides: Partial<ConversationMessage> = {}): ConversationMessage {
  nextId += 1;
  return { id: String(nextId), conversationId: 'conversation-1', senderId: me, body: `Message ${nextId}`, createdAt: '2026-03-05T09:00:00Z', safetyTip: null, isRead: false, offer: null, ...overrides };
}

function renderThread(messages: ThreadMessage[]) {
  return renderPage(<MessageList messages={messages} viewerId={me} otherName="Mia" clock={clock} />);
}

const bubble = (text: string) => screen.getByText(text).closest('li')!;

describe('the safety tip', () => {
  it('shows under a received message that carries one, with a link to the safety tips', () => {
    renderThread([aMessage({ senderId: seller, body: 'Pay a deposit first please', safetyTip: safetyTips.depositFirst })]);
    const tip = within(bubble('Pay a deposit first please')).getByRole('note', { name: 'Safety tip' });
    expect(tip).toHaveTextContent(safetyTips.depositFirst);
    expect(within(tip).getByRole('link', { name: 'Read our safety tips' })).toHaveAttribute('href', '/safety');
  });

  it('is not shown to the member who sent the message, nor under a message without one', () => {
    renderThread([aMessage({ body: 'Call me on 0412 345 678', safetyTip: safetyTips.contactDetails }), aMessage({ senderId: seller, body: 'Sure, see you then' })]);
    expect(screen.queryByRole('note')).toBeNull();
  });
});

describe('the status of my messages', () => {
  it('says Sending… on a message on its way', () => {
    renderThread([aMessage({ isRead: true }), makeLocalMessage({ conversationId: 'conversation-1', senderId: me, body: 'On my way' })]);
    expect(within(bubble('On my way')).getByText('Sending…')).toBeInTheDocument();
  });

  it('says Sent under my newest message until the other member reads it, then Read, and only there', () => {
    const first = aMessage({ body: 'First' });
    const second = aMessage({ body: 'Second' });
    const { rerender } = renderThread([first, second]);
    expect(within(bubble('Second')).getByText('Sent')).toBeInTheDocument();
    expect(within(bubble('First')).queryByText('Sent')).toBeNull();

    rerender(<MessageList messages={[{ ...first, isRead: true }, { ...second, isRead: true }]} viewerId={me} otherName="Mia" clock={clock} />);
    expect(within(bubble('Second')).getByText('Read')).toBeInTheDocument();
    expect(screen.getAllByText('Read')).toHaveLength(1);
  });

  it('shows no status under the other member’s messages', () => {
    renderThread([aMessage({ senderId: seller, body: 'Hello from Mia' })]);
    expect(screen.queryByText(/^(Sent|Read|Sending…)$/)).toBeNull();
  });
});

describe('days and times', () => {
  it('puts a line before each new day and the time under each message', () => {
    renderThread([aMessage({ body: 'Yesterday’s', createdAt: '2026-03-04T01:00:00Z' }), aMessage({ body: 'Today’s', createdAt: '2026-03-04T23:30:00Z' })]);
    expect(screen.getByText('Yesterday')).toBeInTheDocument();
    expect(screen.getByText('Today')).toBeInTheDocument();
    // 23:30 UTC is 10:30 am in Sydney (daylight time) on the 5th.
    expect(within(bubble('Today’s')).getByText('10:30 am')).toBeInTheDocument();
  });
});
