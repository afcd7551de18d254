import { zodResolver } from '@hookform/resolvers/zod';
import { CreditCard, ShieldCheck } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { testCardBody } from '../../../../domain';
import { FormField } from '../../../components/form-field';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useVerifyCard } from '../api';

const cardFields = ['cardNumber', 'expiry', 'cvc'] as const;

/** "4242424242424242" -> "4242 4242 4242 4242" as the member types. */
function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1230" -> "12/30" as the member types. */
function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** The card step of verification (spec 2): checked by the payment provider, never charged, never stored. */
export function AccountCardForm() {
  const verifyCard = useVerifyCard();
  const form = useForm({
    resolver: zodResolver(testCardBody),
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;

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
      <Controller
        control={form.control}
        name="cardNumber"
        render={({ field }) => (
          <FormField label="Card number" error={errors.cardNumber?.message}>
            <Input
              {...field}
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 1234 1234 1234"
              onChange={(event) => field.onChange(formatCardNumber(event.target.value))}
            />
          </FormField>
        )}
      />
      <div className="grid grid-cols-2 gap-4">
        <Controller
          control={form.control}
          name="expiry"
          render={({ field }) => (
            <FormField label="Expiry (MM/YY)" error={errors.expiry?.message}>
              <Input
                {...field}
                inputMode="numeric"
                autoComplete="cc-exp"
                placeholder="MM/YY"
                maxLength={5}
                onChange={(event) => field.onChange(formatExpiry(event.target.value))}
              />
            </FormField>
          )}
        />
        <Controller
          control={form.control}
          name="cvc"
          render={({ field }) => (
            <FormField label="CVC" error={errors.cvc?.message}>
              <Input
                {...field}
                inputMode="numeric"
                autoComplete="cc-csc"
                placeholder="123"
                maxLength={4}
                onChange={(event) => field.onChange(event.target.value.replace(/\D/g, '').slice(0, 4))}
              />
            </FormField>
          )}
        />
      </div>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={verifyCard.isPending}>
        <CreditCard aria-hidden="true" />
        {verifyCard.isPending ? 'Checking your card…' : 'Add Card'}
      </Button>
    </form>
  );
}
