// The composer's check before sending is the server's own schema: the same refusals, in the same words.
import { describe, expect, it } from 'vitest';
import { conversationLimits, conversationMessages } from '../../src/domain/conversations';
import { checkMessageText } from '../../src/web/shared/messages/message-text';

describe('checking a message before it is sent', () => {
  it('refuses what the server refuses, in its words, and lets ordinary text through', () => {
    expect(checkMessageText('   ')).toBe(conversationMessages.messageRequired);
    expect(checkMessageText('x'.repeat(conversationLimits.messageMax + 1))).toBe(conversationMessages.messageTooLong);
    expect(checkMessageText(`  ${'x'.repeat(conversationLimits.messageMax)}  `)).toBeNull();
    expect(checkMessageText('Ding\u0007dong')).toBe(conversationMessages.messageControlCharacter);
    expect(checkMessageText('Hi,\r\n\tis it still available? 👋')).toBeNull();
  });
});
