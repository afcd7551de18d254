// The checkout's payment with Stripe: it confirms the first invoice's payment and then waits for
// Stripe's signed word (the webhook) to change the tier (docs/decisions/0006-stripe-payments.md).
import type { Stripe, StripeElements as StripeElementsInstance } from '@stripe/stripe-js';
import { Loader2, Lock } from 'lucide-react';
import { type MembershipTier, membershipMessages } from '../../../../domain';
import { useCurrentUser } from '@/lib/auth';
import { StripeElements, StripeForm } from '@/shared/payments/stripe-form';

type StripePaymentProps = {
  publishableKey: string;
  /** The first invoice's client secret from POST /api/create-subscription. */
  clientSecret: string;
  tier: MembershipTier;
  /** "$60", shown on the pay button. */
  amount: string;
  /** 'setup': the first charge waits for the free month to end, so the card is saved, not charged. */
  intent: 'payment' | 'setup';
  /** Stripe took the payment; the tier follows when Stripe's signed event reaches our server. */
  onPaid: () => void;
};

/**
 * After Stripe took the payment: the tier changes when Stripe's signed event reaches our server,
 * usually within seconds. Until the checkout sees the new tier on the member, asked for here every
 * two seconds, the member reads that the payment is being confirmed.
 */
export function PaymentConfirming({ message = membershipMessages.paymentConfirming }: { message?: string }) {
  useCurrentUser({ refreshEveryMs: 2000 });
  return (
    <p role="status" className="flex gap-2 rounded-xl bg-sand-100 p-4 text-ink-700">
      <Loader2 className="mt-0.5 size-4 shrink-0 animate-spin" aria-hidden="true" />
      {message}
    </p>
  );
}

function PaymentFields({ tier, amount, intent, onPaid }: Omit<StripePaymentProps, 'publishableKey' | 'clientSecret'>) {
  const confirm = async (stripe: Stripe, elements: StripeElementsInstance) => {
    // A bank that needs its own page sends the member back here (Stripe adds redirect_status).
    const confirmParams = { return_url: `${window.location.origin}/subscribe/${tier}` };
    const result =
      intent === 'setup'
        ? await stripe.confirmSetup({ elements, redirect: 'if_required', confirmParams })
        : await stripe.confirmPayment({ elements, redirect: 'if_required', confirmParams });
    // spec 4: failure shows 'Payment Failed' with the provider's message.
    if (result.error) return result.error.message ?? membershipMessages.paymentsUnavailable;
    onPaid();
    return null;
  };
  return (
    <StripeForm
      label="Payment details"
      failureTitle={membershipMessages.paymentFailedTitle}
      confirm={confirm}
      idle={
        <>
          <Lock aria-hidden="true" />
          {intent === 'setup' ? 'Save card' : `Pay ${amount}`}
        </>
      }
      busyText={intent === 'setup' ? 'Saving your card…' : 'Processing payment…'}
      buttonClassName="w-full"
    />
  );
}

export function StripePayment({ publishableKey, clientSecret, ...rest }: StripePaymentProps) {
  return (
    <StripeElements publishableKey={publishableKey} clientSecret={clientSecret}>
      <PaymentFields {...rest} />
    </StripeElements>
  );
}
