import { ArrowLeft, CreditCard } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import {
  type ApiResponse,
  type CurrentUser,
  type PurchasableTier,
  firstChargeDate,
  formatCents,
  formatDateAU,
  membershipMessages,
  planChargeMessages,
  rulesForTier,
  tierRules,
} from '../../../../domain';
import { Button, buttonVariants } from '@/components/ui/button';
import { LoadingState } from '@/components/loading-state';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { usePublicConfig } from '@/lib/public-config';
import { handleUnauthorizedError } from '@/lib/unauthorized';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useHydrated } from '@/lib/use-hydrated';
import { toast } from '@/lib/use-toast';
import { isAlreadyOnPlanError, refreshAfterTierChange, useCreateSubscription } from '@/features/membership/api';
import { useMembershipStatus } from '@/shared/membership/membership-status';
import { CheckoutSummary } from './checkout-summary';
import { AlreadyOnPlanNotice } from './checkout-notices';
import { PaymentForm } from './payment-form';
import { PaymentSuccess } from './payment-success';
import { PlanChangePlanned } from './scheduled-plan-change';

// Stripe's Payment Element and Stripe.js load only where Stripe takes the payments.
const StripePayment = lazy(() => import('@/features/membership/components/stripe-payment').then((module) => ({ default: module.StripePayment })));
const PaymentConfirming = lazy(() => import('@/features/membership/components/stripe-payment').then((module) => ({ default: module.PaymentConfirming })));

type PaidCheckoutProps = { tier: Exclude<PurchasableTier, 'starter'>; user: CurrentUser };

/** What the member's current plan means for this checkout, in one sentence (or nothing). */
function describeChange(user: CurrentUser, tier: PurchasableTier): string | null {
  const rules = tierRules[tier];
  const chargeAt = firstChargeDate(user, tier);
  if (chargeAt) {
    return `You're on your free month until ${formatDateAU(chargeAt)}. Keep ${rules.label} after it: add your card now and you'll be charged ${formatCents(rules.annualPriceCents ?? 0)} on ${formatDateAU(chargeAt)}. Cancel before then and you pay nothing.`;
  }
  if (user.membershipTier !== tier && user.trialEndDate && new Date(user.trialEndDate) > new Date()) {
    // Said before the card form: this one is charged today and ends the free month.
    return planChargeMessages.chargedNowDuringFreeMonth(tier, formatCents(rules.annualPriceCents ?? 0), user.membershipTier);
  }
  if (user.membershipTier !== 'starter' && user.membershipTier !== tier) {
    return `This replaces your ${rulesForTier(user.membershipTier).label} plan once the payment goes through.`;
  }
  return null;
}

/** spec 4 Checkout, paid tiers: request a subscription, receive its client secret, pay, welcome. */
export function PaidCheckout({ tier, user }: PaidCheckoutProps) {
  const rules = tierRules[tier];
  const subscribe = useCreateSubscription();
  const [payment, setPayment] = useState<ApiResponse<'payWithTestCard'> | null>(null);
  // Paid through Stripe (here, or on a bank's page that sent the member back): waiting for Stripe's word.
  // Back from a bank's own page after paying with Stripe (Stripe adds redirect_status to the address).
  const [params] = useSearchParams();
  const [awaitingStripe, setAwaitingStripe] = useState(() => params.get('redirect_status') === 'succeeded');
  const chargeAt = firstChargeDate(user, tier);
  const checkoutChargesLater = subscribe.data?.intent === 'setup';
  const cardSavedThroughStripe = awaitingStripe && checkoutChargesLater;
  const membership = useMembershipStatus({ refreshEveryMs: cardSavedThroughStripe ? 2000 : undefined });
  // Stripe's parts run in the browser only; rendered on the server, the page shows their placeholder.
  const hydrated = useHydrated();
  const { data: config } = usePublicConfig();
  const paidThroughStripe = awaitingStripe && user.membershipTier === tier && !user.trialEndDate;
  useDocumentTitle(payment || paidThroughStripe ? 'Welcome to the family' : `Subscribe to ${rules.label}`);
  // The new tier opens a wider search area and more listings: ask again for what depends on it.
  const queryClient = useQueryClient();
  useEffect(() => {
    if (paidThroughStripe) void refreshAfterTierChange(queryClient, tier);
  }, [paidThroughStripe, queryClient, tier]);

  // Two quick clicks must not start two checkouts: the second is ignored before React re-renders.
  const requested = useRef(false);
  const startCheckout = () => {
    if (requested.current) return;
    requested.current = true;
    subscribe.mutate({ tier }, {
      onError: (error) => {
        requested.current = false;
        if (handleUnauthorizedError(error) || isAlreadyOnPlanError(error)) return;
        toast({ title: membershipMessages.paidSetupFailed, description: error.message, variant: 'destructive' });
      },
    });
  };

  if (payment) return <PaymentSuccess tier={payment.tier} detail={checkoutChargesLater ? payment.message : null} />;
  if (paidThroughStripe) return <PaymentSuccess tier={tier} />;
  // A card saved through Stripe for a first charge that waits: done once Stripe's word has reached us.
  if (cardSavedThroughStripe && membership.data?.subscription?.firstChargeAt) {
    return (
      <PaymentSuccess
        tier={tier}
        detail={planChargeMessages.firstChargeLater(tier, formatCents(membership.data.subscription.amountCents), formatDateAU(membership.data.subscription.firstChargeAt))}
      />
    );
  }

  const checkout = subscribe.data;
  if (checkout?.status === 'active') return <PaymentSuccess tier={checkout.tier} />;
  // A cheaper plan than a paid year that turned up after the page looked: it waits for the year's end (decision 31).
  if (checkout?.status === 'scheduled' && checkout.scheduledAt) return <PlanChangePlanned from={user.membershipTier} tier={tier} changesOn={checkout.scheduledAt} />;

  const alreadyOnPlan =
    user.membershipTier === 'lifetime' || (user.membershipTier === tier && !user.trialEndDate) || isAlreadyOnPlanError(subscribe.error);
  const amount = formatCents(rules.annualPriceCents ?? 0);
  const change = describeChange(user, tier);
  const clientSecret = !alreadyOnPlan && checkout ? checkout.clientSecret : null;
  const stripeKey = checkout?.provider === 'stripe' ? config?.stripePublishableKey : null;
  const showPaymentForm = clientSecret !== null || awaitingStripe;

  const paymentStep = (secret: string) =>
    checkout?.provider === 'stripe' ? (
      stripeKey ? (
        <Suspense fallback={<LoadingState className="min-h-24" />}>
          <StripePayment
            publishableKey={stripeKey}
            clientSecret={secret}
            tier={tier}
            amount={amount}
            intent={checkout?.intent ?? 'payment'}
            onPaid={() => setAwaitingStripe(true)}
          />
        </Suspense>
      ) : config ? (
        <p role="alert" className="rounded-xl bg-brand-50 p-4 text-brand-800">
          {membershipMessages.paymentsUnavailable}
        </p>
      ) : (
        <LoadingState className="min-h-24" />
      )
    ) : (
      <PaymentForm clientSecret={secret} amount={amount} chargeLater={checkoutChargesLater} onPaid={setPayment} />
    );

  return (
    <>
      <Link href="/membership-plans" className={cn(buttonVariants({ variant: 'ghost' }), '-ml-3 mb-4')}>
        <ArrowLeft aria-hidden="true" />
        All plans
      </Link>
      <p className="text-xs font-bold tracking-wide text-brand-700 uppercase">
        {alreadyOnPlan ? 'Membership checkout' : `Step ${showPaymentForm ? 2 : 1} of 2`}
      </p>
      <h1 className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">Subscribe to {rules.label}</h1>
      <p className="mt-2 max-w-2xl text-ink-700">
        {rules.label} is {formatCents(rules.annualPriceCents ?? 0)} a year in AUD, billed annually. You can go back to Starter at any time.
      </p>

      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:gap-8">
        <CheckoutSummary rules={rules} />
        {alreadyOnPlan ? (
          <AlreadyOnPlanNotice user={user} />
        ) : (
          <Card className="p-6 sm:p-8">
            <h2 className="text-xl font-extrabold tracking-tight">{showPaymentForm ? 'Payment details' : 'Confirm your plan'}</h2>
            {change && <p className="mt-2 rounded-xl bg-sand-100 p-3 text-sm text-ink-700">{change}</p>}
            {awaitingStripe ? (
              <div className="mt-5">
                {hydrated ? (
                  <Suspense fallback={<LoadingState className="min-h-24" />}>
                    <PaymentConfirming message={cardSavedThroughStripe ? membershipMessages.cardSaving : undefined} />
                  </Suspense>
                ) : (
                  <LoadingState className="min-h-24" />
                )}
              </div>
            ) : clientSecret ? (
              <div className="mt-5">{paymentStep(clientSecret)}</div>
            ) : (
              <>
                <p className="mt-2 text-ink-700">
                  {chargeAt
                    ? `Nothing is charged today. Your first charge of ${amount} is on ${formatDateAU(chargeAt)}, for a year of ${rules.label}.`
                    : `You'll pay ${amount} today for a year of ${rules.label}. Your new plan starts as soon as the payment goes through.`}
                </p>
                <Button size="lg" className="mt-6 w-full" onClick={startCheckout} disabled={subscribe.isPending}>
                  <CreditCard aria-hidden="true" />
                  {subscribe.isPending ? 'Setting up your plan…' : 'Subscribe Now'}
                </Button>
              </>
            )}
          </Card>
        )}
      </div>
    </>
  );
}
