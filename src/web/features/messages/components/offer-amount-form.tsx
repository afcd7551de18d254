import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { parsePrice } from '../../../../domain';
import { offerAmountProblem, offerMessages } from '../../../../domain/offers';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api-client';
import { handleUnauthorizedError } from '@/lib/unauthorized';
import { toast } from '@/lib/use-toast';

type OfferAmountFormProps = {
  /** The field's label: "Your offer", "Your counter-offer". */
  label: string;
  submitLabel: string;
  /** The listing's asking price: no offer goes above it. */
  askingPrice: string;
  /** The amount a counter-offer answers (it must be another). */
  answering?: string;
  /** Sends the amount (canonical, as parsePrice gives it); rejects with the server's error. */
  submit: (amount: string) => Promise<unknown>;
  /** The server took it. */
  onSent: () => void;
  onCancel: () => void;
};

/** The server's words for why it refused the amount, when it names the field. */
function amountFieldError(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  return error.fieldErrors?.find((fieldError) => fieldError.path === 'amount')?.message ?? null;
}

/**
 * An amount in dollars, for an offer or a counter-offer: checked here with the server's own rules
 * and words (never above the asking price; a counter-offer another amount than the one it answers),
 * and the server's refusal shown beside the field when it is about the amount, else in a toast.
 */
export function OfferAmountForm({ label, submitLabel, askingPrice, answering, submit, onSent, onCancel }: OfferAmountFormProps) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const fieldRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();

  // Opened low in the thread (a counter-offer on the newest card): its buttons come into view too.
  useEffect(() => {
    formRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);

  const refuse = (reason: string) => {
    setProblem(reason);
    fieldRef.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const amount = parsePrice(text);
    if (amount === null) return refuse(text.trim() === '' ? offerMessages.amountRequired : offerMessages.amountInvalid);
    const reason = offerAmountProblem(amount, askingPrice, answering);
    if (reason) return refuse(reason);
    setProblem(null);
    setSending(true);
    submit(amount).then(
      () => {
        setSending(false);
        onSent();
      },
      (error: Error) => {
        setSending(false);
        if (handleUnauthorizedError(error)) return;
        const fieldError = amountFieldError(error);
        if (fieldError) return refuse(fieldError);
        toast({ title: error.message, variant: 'destructive' });
      },
    );
  };

  const describedBy = problem ? `${id}-hint ${id}-problem` : `${id}-hint`;
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
      <Label htmlFor={`${id}-amount`}>{label}</Label>
      <div className="relative">
        <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-4 flex items-center font-semibold text-ink-700">
          $
        </span>
        <Input
          ref={fieldRef}
          id={`${id}-amount`}
          inputMode="decimal"
          enterKeyHint="send"
          autoComplete="off"
          autoFocus
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (problem) setProblem(null);
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy}
          className="pl-8 tabular-nums"
        />
      </div>
      <p id={`${id}-hint`} className="text-xs text-ink-500">
        {offerMessages.askingHint(askingPrice)}
      </p>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="text-sm font-medium text-brand-700">
          {problem}
        </p>
      )}
      {/* In a narrow place (an offer's card, a phone) the buttons share the width, a row each when they must. */}
      <div className="flex flex-wrap gap-2 pt-1.5 [&>button]:grow @xs:[&>button]:grow-0">
        <Button type="submit" disabled={sending}>
          {sending ? offerMessages.sending : submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={sending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
