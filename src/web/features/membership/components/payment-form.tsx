import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircle, FlaskConical, Lock } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { type ApiResponse, membershipMessages, testCardBody } from '../../../../domain';
import { CardFields } from '@/components/card-fields';
import { Button } from '@/components/ui/button';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { handleUnauthorizedError, isUnauthorizedError } from '@/lib/unauthorized';
import { toast } from '@/lib/use-toast';
import { usePayWithTestCard } from '@/features/membership/api';

const cardFields = ['cardNumber', 'expiry', 'cvc'] as const;

type PaymentFormProps = {
  clientSecret: string;
  /** "$60", shown on the pay button. */
  amount: string;
  /** The first charge waits for the free month to end: the card is saved, not charged. */
  chargeLater?: boolean;
  onPaid: (payment: ApiResponse<'payWithTestCard'>) => void;
};

/** The built-in test provider's card form (spec 4 Checkout: confirm the payment). */
export function PaymentForm({ clientSecret, amount, chargeLater = false, onPaid }: PaymentFormProps) {
  const pay = usePayWithTestCard();
  const form = useForm({
    resolver: zodResolver(testCardBody),
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
    mode: 'onTouched',
  });
  const failure = pay.isError && !isUnauthorizedError(pay.error) ? pay.error.message : null;

  // The form appears after "Subscribe Now"; put the member straight into the card number.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    formRef.current?.querySelector('input')?.focus();
  }, []);

  const submit = form.handleSubmit((card) => {
    if (pay.isPending) return;
    pay.mutate(
      { ...card, clientSecret },
      {
        onSuccess: onPaid,
        onError: (error) => {
          if (handleUnauthorizedError(error)) return;
          applyServerFieldErrors(error, form.setError, cardFields);
          // spec 4: failure shows 'Payment Failed' with the provider's message.
          toast({ title: membershipMessages.paymentFailedTitle, description: error.message, variant: 'destructive' });
        },
      },
    );
  });

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Payment details" className="space-y-5">
      <p className="flex gap-2 rounded-xl bg-sun-100 p-3 text-sm text-ink-900">
        <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          Payments here go through our test provider. It accepts the card <strong className="whitespace-nowrap">4242 4242 4242 4242</strong> with any
          future expiry and any CVC.
        </span>
      </p>
      {failure && (
        <div role="alert" className="flex gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 text-brand-800">
          <AlertCircle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-bold">{membershipMessages.paymentFailedTitle}</p>
            <p className="mt-1 text-sm">{failure}</p>
          </div>
        </div>
      )}
      <CardFields control={form.control} />
      <Button type="submit" size="lg" className="w-full" disabled={pay.isPending}>
        <Lock aria-hidden="true" />
        {pay.isPending ? (chargeLater ? 'Saving your card…' : 'Processing payment…') : chargeLater ? 'Save card' : `Pay ${amount}`}
      </Button>
    </form>
  );
}
