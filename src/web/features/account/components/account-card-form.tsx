import { zodResolver } from '@hookform/resolvers/zod';
import { CreditCard, ShieldCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { testCardBody } from '../../../../domain';
import { CardFields } from '@/components/card-fields';
import { Button } from '@/components/ui/button';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useVerifyCard, verifyCard as verifyTestCard } from '@/features/account/api';

const cardFields = ['cardNumber', 'expiry', 'cvc'] as const;

/** The card step of verification (spec 2): checked by the payment provider, never charged, never stored. */
export function AccountCardForm() {
  const verifyCard = useVerifyCard(verifyTestCard);
  const form = useForm({
    resolver: zodResolver(testCardBody),
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
    mode: 'onTouched',
  });

  const submit = form.handleSubmit((card) =>
    verifyCard.mutate(card, {
      onSuccess: () => form.reset(),
      onError: (error) => applyServerFieldErrors(error, form.setError, cardFields),
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <p className="flex gap-2 rounded-xl bg-leaf-50 p-3 text-sm text-ink-700">
        <ShieldCheck className="mt-0.5 size-4 shrink-0 text-leaf-700" aria-hidden="true" />
        <span>Your card is for verification only. It won't be charged unless you upgrade your membership.</span>
      </p>
      <CardFields control={form.control} />
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={verifyCard.isPending}>
        <CreditCard aria-hidden="true" />
        {verifyCard.isPending ? 'Checking your card…' : 'Add Card'}
      </Button>
    </form>
  );
}
