import { SendHorizontal } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { CharacterCounter, checkMessageText, describeSendError } from '@/shared/messages/message-text';
import { handleUnauthorizedError } from '@/lib/unauthorized';

/** The field grows with the message up to this many lines, then scrolls. */
const tallestRows = 6;

type ComposerProps = {
  /** Who the message goes to, for the field's label. */
  recipientName: string;
  /** Sends the text; rejects with the server's error. The message shows in the thread at once (useSendMessage). */
  send: (body: string) => Promise<unknown>;
  /** Why nothing can be sent (blocked, the listing deleted), or null. */
  disabledReason: string | null;
  /** Messages sent with one tap (the seller's answers to "is this still available?"). */
  quickReplies?: readonly string[];
};

/**
 * The box at the foot of a conversation. Enter sends, Shift+Enter starts a new line. The text leaves
 * the box as it is sent; a refused message comes back into it with the reason.
 */
export function Composer({ recipientName, send, disabledReason, quickReplies = [] }: ComposerProps) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (disabledReason) return;
    const invalid = checkMessageText(text);
    if (invalid) {
      // An empty Enter is not worth a complaint; too long is.
      setProblem(text.trim() === '' ? null : invalid);
      fieldRef.current?.focus();
      return;
    }
    const body = text.trim();
    setText('');
    sendBody(body);
  };

  const sendBody = (body: string) => {
    setProblem(null);
    fieldRef.current?.focus();
    send(body).catch((error: Error) => {
      if (handleUnauthorizedError(error)) return;
      // Back into the box, unless the member has started another message meanwhile.
      setText((current) => (current === '' ? body : current));
      setProblem(describeSendError(error));
      fieldRef.current?.focus();
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  const rows = Math.min(tallestRows, Math.max(1, text.split('\n').length));
  const describedBy = [disabledReason ? `${id}-closed` : null, problem ? `${id}-problem` : null, `${id}-hint`].filter(Boolean).join(' ');
  return (
    <form onSubmit={submit} noValidate>
      {!disabledReason && quickReplies.length > 0 && (
        <div role="group" aria-label="Quick replies" className="mb-2 flex gap-2 overflow-x-auto pb-1">
          {quickReplies.map((reply) => (
            <Button key={reply} type="button" variant="secondary" className="shrink-0 rounded-full text-sm" onClick={() => sendBody(reply)}>
              {reply}
            </Button>
          ))}
        </div>
      )}
      {disabledReason && (
        <p id={`${id}-closed`} role="status" className="mb-2 rounded-2xl bg-sand-100 px-4 py-2.5 text-center text-sm font-semibold text-ink-700">
          {disabledReason}
        </p>
      )}
      <div className="flex items-end gap-2">
        <label htmlFor={`${id}-field`} className="sr-only">
          Message {recipientName}
        </label>
        <Textarea
          ref={fieldRef}
          id={`${id}-field`}
          value={text}
          rows={rows}
          placeholder={disabledReason ? undefined : `Message ${recipientName}…`}
          disabled={disabledReason !== null}
          onChange={(event) => {
            setText(event.target.value);
            if (problem) setProblem(null);
          }}
          onKeyDown={onKeyDown}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy}
          className="max-h-44 min-h-12 resize-none rounded-3xl py-2.5"
        />
        <Button type="submit" size="icon" aria-label="Send" className="shrink-0" disabled={disabledReason !== null}>
          <SendHorizontal aria-hidden="true" />
        </Button>
      </div>
      <div className="mt-1 flex flex-wrap items-start justify-between gap-x-3 px-2">
        <p id={`${id}-hint`} className="hidden text-xs text-ink-500 sm:block">
          Enter to send, Shift+Enter for a new line
        </p>
        <CharacterCounter id={`${id}-counter`} length={text.trim().length} className="ml-auto" />
      </div>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="mt-1 px-2 text-sm font-medium text-brand-700">
          {problem}
        </p>
      )}
    </form>
  );
}
