// Card entry when Stripe takes the payments (docs/decisions/0006-stripe-payments.md): Stripe's
// Payment Element in Stripe's own frames, so card numbers go from the page to Stripe and never to
// our server. The account's card check (features/account) and the checkout's payment
// (features/membership) are both this form. Loaded only when the server is set up for Stripe.
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { type Appearance, type Stripe, type StripeElements as StripeElementsInstance, loadStripe } from '@stripe/stripe-js';
import { AlertCircle, Loader2 } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { membershipMessages } from '../../../domain';
import { Button } from '@/components/ui/button';

const stripeByKey = new Map<string, Promise<Stripe | null>>();

/** Stripe.js from js.stripe.com, once per key (the CSP allows it only when Stripe is set up). */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey, { locale: 'en-AU' });
    // A failed load is not kept: the next card form tries again.
    stripe.then((loaded) => loaded ?? stripeByKey.delete(publishableKey)).catch(() => stripeByKey.delete(publishableKey));
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

/** The Payment Element in the product's colours and type. */
const appearance: Appearance = {
  theme: 'stripe',
  variables: { colorPrimary: '#c2410c', borderRadius: '12px', fontFamily: 'system-ui, sans-serif' },
};

export function StripeElements({ publishableKey, clientSecret, children }: { publishableKey: string; clientSecret: string; children: ReactNode }) {
  const [stripe] = useState(() => stripeFor(publishableKey));
  const [unavailable, setUnavailable] = useState(false);
  // Stripe.js could not be loaded (offline, blocked): say so instead of loading for ever.
  useEffect(() => {
    let current = true;
    stripe.then(
      (loaded) => current && !loaded && setUnavailable(true),
      () => current && setUnavailable(true),
    );
    return () => {
      current = false;
    };
  }, [stripe]);
  if (unavailable) return <FailureAlert title="The secure card form didn't load" message={membershipMessages.paymentsUnavailable} />;
  return (
    <Elements stripe={stripe} options={{ clientSecret, appearance }}>
      {children}
    </Elements>
  );
}

export function FailureAlert({ title, message }: { title: string; message: string }) {
  return (
    <div role="alert" className="flex gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 text-brand-800">
      <AlertCircle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-bold">{title}</p>
        <p className="mt-1 text-sm">{message}</p>
      </div>
    </div>
  );
}

/** Shown until Stripe's frames are ready, so the form never jumps. */
function CardFieldsLoading() {
  return (
    <p role="status" className="flex items-center gap-2 rounded-xl bg-sand-100 p-4 text-sm text-ink-700">
      <Loader2 className="size-4 animate-spin" aria-hidden="true" />
      Loading the secure card form…
    </p>
  );
}

type StripeFormProps = {
  label: string;
  failureTitle: string;
  /** Confirms with Stripe (and anything after it); answers the words to show when it failed, or null. */
  confirm: (stripe: Stripe, elements: StripeElementsInstance) => Promise<string | null>;
  /** The submit button's content while idle and while busy. */
  idle: ReactNode;
  busyText: string;
  buttonClassName: string;
};

/** Stripe's Payment Element in a form: busy while Stripe answers, Stripe's words when it refuses. */
export function StripeForm({ label, failureTitle, confirm, idle, busyText, buttonClassName }: StripeFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      setFailure(await confirm(stripe, elements));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : membershipMessages.paymentsUnavailable);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-5" aria-label={label}>
      {failure && <FailureAlert title={failureTitle} message={failure} />}
      {!ready && <CardFieldsLoading />}
      <PaymentElement onReady={() => setReady(true)} options={{ layout: 'tabs' }} />
      <Button type="submit" size="lg" className={buttonClassName} disabled={!stripe || !ready || busy}>
        {busy ? busyText : idle}
      </Button>
    </form>
  );
}
