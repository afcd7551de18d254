// What the two places a member writes a message share (the listing page's "Message seller" box and
// a conversation's composer): the checks before sending, the words of a refusal, and the counter
// that shows near the limit. The checks are the server's own rule (messageTextProblem, which its
// schema applies), imported from the zod-free module so the listing page does not download zod.
import { bannedWordsInMessage, conversationLimits, messageTextProblem } from '../../../domain/conversations';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';

/** The counter shows once a message is this close to the limit. */
const counterFromCharacters = conversationLimits.messageMax - 200;

const characterCount = new Intl.NumberFormat('en-AU');

/** Why the text cannot be sent as it is, or null. */
export function checkMessageText(text: string): string | null {
  return messageTextProblem(text.trim());
}

/** A refused message in the member's words: the banned words by name, else the server's sentence. */
export function describeSendError(error: Error): string {
  if (error instanceof ApiError && error.code === 'CONTENT_FILTERED' && error.bannedWords?.length) return bannedWordsInMessage(error.bannedWords);
  return error.message || 'Your message could not be sent. Please try again.';
}

/** "1,850 / 2,000" under the field, once the message nears the limit (red past it). */
export function CharacterCounter({ id, length, className }: { id: string; length: number; className?: string }) {
  if (length < counterFromCharacters) return null;
  const over = length > conversationLimits.messageMax;
  return (
    <p id={id} className={cn('text-xs font-semibold tabular-nums', over ? 'text-brand-700' : 'text-ink-500', className)}>
      {characterCount.format(length)} / {characterCount.format(conversationLimits.messageMax)}
      {over && <span> · {characterCount.format(length - conversationLimits.messageMax)} too many</span>}
    </p>
  );
}

