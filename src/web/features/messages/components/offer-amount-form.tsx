import { useId, useRef, useState } from 'react';
import { parsePrice } from '../../../../domain';
import { offerAmountProblem, offerMessages } from '../../../../domain/offers';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { InPlaceForm, serverFieldError } from './in-place-form';

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

/**
 * An amount in dollars, for an offer or a counter-offer: checked here with the server's own rules
 * and words (never above the asking price; a counter-offer another amount than the one it answers),
 * and the server's refusal shown beside the field when it is about the amount, else in a toast.
 */
export function OfferAmountForm({ label, submitLabel, askingPrice, answering, submit, onSent, onCancel }: OfferAmountFormProps) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const fieldRef = useRef<HTMLInputElement>(null);
  const id = useId();

  const refuse = (reason: string) => {
    setProblem(reason);
    fieldRef.current?.focus();
  };

  const send = () => {
    const amount = parsePrice(text);
    if (amount === null) {
      refuse(text.trim() === '' ? offerMessages.amountRequired : offerMessages.amountInvalid);
      return null;
    }
    const reason = offerAmountProblem(amount, askingPrice, answering);
    if (reason) {
      refuse(reason);
      return null;
    }
    setProblem(null);
    return submit(amount);
  };

  const showServerRefusal = (error: Error) => {
    const reason = serverFieldError(error, 'amount');
    if (reason) refuse(reason);
    return reason !== null;
  };

  const describedBy = problem ? `${id}-hint ${id}-problem` : `${id}-hint`;
  return (
    <InPlaceForm submitLabel={submitLabel} sendingLabel={offerMessages.sending} send={send} showServerRefusal={showServerRefusal} onSent={onSent} onCancel={onCancel}>
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
    </InPlaceForm>
  );
}
