// The card check with Stripe: it confirms a SetupIntent and then asks our server to check it with
// Stripe (docs/decisions/0006-stripe-payments.md).
import { useMutation } from '@tanstack/react-query';
import type { Stripe, StripeElements as StripeElementsInstance } from '@stripe/stripe-js';
import { CreditCard, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { membershipMessages } from '../../../../domain';
import { Button } from '@/components/ui/button';
import { FailureAlert, StripeElements, StripeForm } from '@/shared/payments/stripe-form';
import { confirmCardCheck, startCardCheck, useVerifyCard } from '@/features/account/api';

function CardCheckFields({ onConfirmed }: { onConfirmed: (setupIntentId: string) => Promise<unknown> }) {
  const confirm = async (stripe: Stripe, elements: StripeElementsInstance) => {
    // Most cards finish here; a bank that needs its own page comes back to /account.
    const result = await stripe.confirmSetup({ elements, redirect: 'if_required', confirmParams: { return_url: `${window.location.origin}/account#add-card` } });
    if (result.error) return result.error.message ?? membershipMessages.cardCheckNotConfirmed;
    await onConfirmed(result.setupIntent.id);
    return null;
  };
  return (
    <StripeForm
      label="Card details"
      failureTitle="Card Verification Failed"
      confirm={confirm}
      idle={
        <>
          <CreditCard aria-hidden="true" />
          Add Card
        </>
      }
      busyText="Checking your card…"
      buttonClassName="w-full sm:w-auto"
    />
  );
}

/** The SetupIntent a bank's own page sent the member back with (?setup_intent=seti_…), if any. */
function returnedSetupIntent(): string | null {
  const params = new URLSearchParams(window.location.search);
  return params.get('redirect_status') ? params.get('setup_intent') : null;
}

/**
 * spec 2 Account, card step with Stripe: "Add Card" asks our server for a SetupIntent, Stripe's card
 * form confirms it, and our server checks it with Stripe before the card counts as verified.
 */
export function StripeCardCheck({ publishableKey }: { publishableKey: string }) {
  const setup = useMutation({ mutationFn: startCardCheck });
  const confirm = useVerifyCard(confirmCardCheck);
  const [returned] = useState(returnedSetupIntent);

  useEffect(() => {
    if (!returned) return;
    // Back from the bank: report it once, then tidy the address.
    window.history.replaceState(null, '', `${window.location.pathname}${window.location.hash}`);
    confirm.mutate(returned);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the SetupIntent the page opened with
  }, [returned]);

  const notice = (
    <p className="flex gap-2 rounded-xl bg-leaf-50 p-3 text-sm text-ink-700">
      <ShieldCheck className="mt-0.5 size-4 shrink-0 text-leaf-700" aria-hidden="true" />
      <span>Your card is for verification only. It won't be charged unless you upgrade your membership.</span>
    </p>
  );

  if (setup.data) {
    return (
      <div className="space-y-5">
        {notice}
        <StripeElements publishableKey={publishableKey} clientSecret={setup.data.clientSecret}>
          <CardCheckFields onConfirmed={(setupIntentId) => confirm.mutateAsync(setupIntentId)} />
        </StripeElements>
      </div>
    );
  }
  return (
    <div className="space-y-5">
      {notice}
      {setup.isError && <FailureAlert title="Card Verification Failed" message={setup.error.message} />}
      <Button size="lg" className="w-full sm:w-auto" onClick={() => setup.mutate()} disabled={setup.isPending || confirm.isPending}>
        <CreditCard aria-hidden="true" />
        {setup.isPending || confirm.isPending ? 'Opening the secure card form…' : 'Add Card'}
      </Button>
    </div>
  );
}
