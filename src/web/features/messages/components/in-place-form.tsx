import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { handleUnauthorizedError } from '@/lib/unauthorized';
import { toast } from '@/lib/use-toast';

/** The server's words for why it refused a field (ErrorBody.fieldErrors, by path), or null. */
export function serverFieldError(error: unknown, path: string): string | null {
  if (!(error instanceof ApiError)) return null;
  return error.fieldErrors?.find((fieldError) => fieldError.path === path)?.message ?? null;
}

type InPlaceFormProps = {
  submitLabel: string;
  sendingLabel: string;
  /**
   * Checks the fields with the server's own rules and words: the request that sends them, or null
   * when the form refused them (it shows why beside the field and puts the keyboard there).
   */
  send: () => Promise<unknown> | null;
  /** The server refused: shows its reason beside the field it names and answers true, else false (a toast says it). */
  showServerRefusal: (error: Error) => boolean;
  /** The server took it. */
  onSent: () => void;
  onCancel: () => void;
  children: ReactNode;
};

/**
 * A form that opens in the thread in place of its button (an offer, a counter-offer, a pickup): its
 * fields, then Send and Cancel. Escape cancels; a refusal of the server shows beside its field when it
 * names one, else in a toast.
 */
export function InPlaceForm({ submitLabel, sendingLabel, send, showServerRefusal, onSent, onCancel, children }: InPlaceFormProps) {
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  // Opened low in the thread (a counter-offer on the newest card): its buttons come into view too.
  useEffect(() => {
    formRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const request = send();
    if (!request) return;
    setSending(true);
    request.then(
      () => {
        setSending(false);
        onSent();
      },
      (error: Error) => {
        setSending(false);
        if (handleUnauthorizedError(error) || showServerRefusal(error)) return;
        toast({ title: error.message, variant: 'destructive' });
      },
    );
  };

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !sending) onCancel();
      }}
      noValidate
      className="@container space-y-1.5"
    >
      {children}
      {/* In a narrow place (an offer's card, a phone) the buttons share the width, a row each when they must. */}
      <div className="flex flex-wrap gap-2 pt-1.5 [&>button]:grow @xs:[&>button]:grow-0">
        <Button type="submit" disabled={sending}>
          {sending ? sendingLabel : submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={sending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
