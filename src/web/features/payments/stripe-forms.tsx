// Card entry when Stripe takes the payments (docs/decisions/0006-stripe-payments.md): Stripe's
// Payment Element in Stripe's own frames, so card numbers go from the page to Stripe and never to
// our server. The card check confirms a SetupIntent and then asks our server to check it with
// Stripe; a checkout confirms the first invoice's payment and then waits for Stripe's signed word
// (the webhook) to change the tier. Loaded only when the server is set up for Stripe.
import { useMutation } from '@tanstack/react-query';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { type Appearance, type Stripe, type StripeElements as StripeElementsInstance, loadStripe } from '@stripe/stripe-js';
import { AlertCircle, CreditCard, Loader2, Lock, ShieldCheck } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { type MembershipTier, membershipMessages } from '../../../domain';
import { Button } from '../../components/ui/button';
import { useCurrentUser } from '../../lib/auth';
import { confirmCardCheck, startCardCheck, useVerifyCard } from '../account/api';

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

function StripeElements({ publishableKey, clientSecret, children }: { publishableKey: string; clientSecret: string; children: ReactNode }) {
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

function FailureAlert({ title, message }: { title: string; message: string }) {
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
function StripeForm({ label, failureTitle, confirm, idle, busyText, buttonClassName }: StripeFormProps) {
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

// ---- The card check (account page) ----

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

// ---- The checkout's payment ----

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
