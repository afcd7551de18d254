// A conversation's composer (decision 15): Enter sends, Shift+Enter starts a new line, the text
// leaves the box as it is sent and comes back with the server's reason when it is refused, and the
// box is closed (with why) when the members cannot message each other.
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { conversationMessages, sellerQuickReplies } from '../../src/domain';
import { Composer } from '../../src/web/features/messages/components/composer';
import { ApiError } from '../../src/web/lib/api-client';
import { renderPage } from './support/fixtures';

function renderComposer({
  send = vi.fn(async () => undefined),
  disabledReason = null,
  quickReplies,
}: { send?: (body: string) => Promise<unknown>; disabledReason?: string | null; quickReplies?: readonly string[] } = {}) {
  const rendered = renderPage(<Composer recipientName="Mia" send={send} disabledReason={disabledReason} quickReplies={quickReplies} />);
  return { ...rendered, send, field: screen.getByRole('textbox', { name: 'Message Mia' }) };
}

describe('the composer', () => {
  it('sends the trimmed text on Enter, empties the box and keeps the focus in it', async () => {
    const { user, send, field } = renderComposer();
    await user.type(field, '  Still available?  {Enter}');
    expect(send).toHaveBeenCalledExactlyOnceWith('Still available?');
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
  });

  it('starts a new line on Shift+Enter, and sends both lines with the Send button', async () => {
    const { user, send, field } = renderComposer();
    await user.type(field, 'Hi Mia,{Shift>}{Enter}{/Shift}Could I pick it up Saturday?');
    expect(send).not.toHaveBeenCalled();
    expect(field).toHaveValue('Hi Mia,\nCould I pick it up Saturday?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(send).toHaveBeenCalledExactlyOnceWith('Hi Mia,\nCould I pick it up Saturday?');
  });

  it('sends nothing for an empty message', async () => {
    const { user, send, field } = renderComposer();
    await user.type(field, '   {Enter}');
    expect(send).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts a refused message back in the box with the server’s reason, naming banned words', async () => {
    const send = vi.fn(async () => {
      throw new ApiError(400, 'Your listing contains words that are not allowed.', { code: 'CONTENT_FILTERED', bannedWords: ['scamword'] });
    });
    const { user, field } = renderComposer({ send });
    await user.type(field, 'Buy my scamword{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('“scamword”');
    expect(field).toHaveValue('Buy my scamword');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('“scamword”'));
    expect(field).toHaveFocus();
  });

  it('shows any other refusal in the server’s words', async () => {
    const send = vi.fn(async () => {
      throw new ApiError(403, conversationMessages.blocked, { code: 'MEMBER_BLOCKED' });
    });
    const { user, field } = renderComposer({ send });
    await user.type(field, 'Hello?{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(conversationMessages.blocked);
    expect(field).toHaveValue('Hello?');
  });

  it('is closed, with the reason, when the members cannot message each other', async () => {
    const { user, send, field } = renderComposer({ disabledReason: conversationMessages.blocked });
    expect(field).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent(conversationMessages.blocked);
    expect(field).toHaveAccessibleDescription(expect.stringContaining(conversationMessages.blocked));
    await user.type(field, 'Hello{Enter}');
    expect(send).not.toHaveBeenCalled();
  });

  it('counts the characters near the limit and refuses a message past it', async () => {
    const { user, send, field } = renderComposer();
    await user.click(field);
    await user.paste('a'.repeat(1950));
    expect(screen.getByText('1,950 / 2,000')).toBeInTheDocument();
    await user.paste('b'.repeat(60));
    expect(screen.getByText(/2,010 \/ 2,000/)).toHaveTextContent('10 too many');
    await user.keyboard('{Enter}');
    expect(send).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent(conversationMessages.messageTooLong);
  });

  it("sends a quick reply with one tap, leaving what the member was typing in the box", async () => {
    const { user, send, field } = renderComposer({ quickReplies: sellerQuickReplies });
    const replies = screen.getByRole('group', { name: 'Quick replies' });
    expect([...replies.querySelectorAll('button')].map((button) => button.textContent)).toEqual(["Yes, it's available", "It's on hold", "Sorry, it's sold"]);
    await user.type(field, 'Pickup is from');
    await user.click(screen.getByRole('button', { name: "It's on hold" }));
    expect(send).toHaveBeenCalledExactlyOnceWith("It's on hold");
    expect(field).toHaveValue('Pickup is from');
  });

  it('shows a refused quick reply’s reason, with the reply in the box to try again', async () => {
    const send = vi.fn(async () => {
      throw new ApiError(429, conversationMessages.tooManyMessages, { code: 'RATE_LIMITED' });
    });
    const { user, field } = renderComposer({ send, quickReplies: sellerQuickReplies });
    await user.click(screen.getByRole('button', { name: "Yes, it's available" }));
    expect(await screen.findByRole('alert')).toHaveTextContent(conversationMessages.tooManyMessages);
    expect(field).toHaveValue("Yes, it's available");
  });

  it('offers no quick replies when the conversation is closed', () => {
    renderComposer({ disabledReason: conversationMessages.blocked, quickReplies: sellerQuickReplies });
    expect(screen.queryByRole('group', { name: 'Quick replies' })).toBeNull();
  });
});
