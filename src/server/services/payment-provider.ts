// What the product asks of a payment provider (card checks and subscriptions), whichever provider
// takes the payments: Stripe (stripe-payments.ts) or the built-in test provider (test-payments.ts).
import type { TestCardBody } from '../../domain/account';
import type { MembershipTier, PurchasableTier } from '../../domain/tiers';

export type VerifiedCard = { brand: string; last4: string };

/** `intent` says what the client secret confirms: the first payment now, or saving the card for a later first charge. */
export type CreatedSubscription = { providerSubscriptionId: string; clientSecret: string; intent: 'payment' | 'setup' };

/**
 * The parts of a provider event the product reads, in Stripe's event shape. An invoice names its
 * subscription at `subscription` (the test provider, and Stripe before 2025) or at
 * `parent.subscription_details.subscription` (Stripe's API since then).
 */
export type PaymentEvent = {
  id: string;
  type: string;
  data: {
    object: {
      id?: string;
      subscription?: string | null;
      amount_paid?: number;
      default_payment_method?: string | null;
      parent?: { subscription_details?: { subscription?: string | null } | null } | null;
      period_end?: number;
      lines?: { data?: { period?: { end?: number } }[] };
      status?: string;
      customer?: string | null;
      metadata?: Record<string, string> | null;
      last_payment_error?: { message?: string } | null;
    };
  };
};

export type SubscriptionInput = {
  userId: string;
  email: string;
  tier: MembershipTier;
  amountCents: number;
  /** The member's Stripe customer (null with the test provider). */
  customerId: string | null;
  /** The end of the free month when the first charge waits for it; null: charged at once. */
  firstChargeAt: Date | null;
};

export type ProviderBase = {
  /** Starts an annual subscription that becomes active when its first payment succeeds. */
  createSubscription: (input: SubscriptionInput) => Promise<CreatedSubscription>;
  cancelSubscription: (providerSubscriptionId: string) => Promise<void>;
  /**
   * What the paid subscription does when its year ends (decision 31), said in full each time so a
   * repeat changes nothing: `starter` ends it then (Stripe's `cancel_at_period_end`), a cheaper tier
   * renews at that tier's price (nothing charged or refunded now), null renews as `tier`.
   */
  setScheduledChange: (input: { providerSubscriptionId: string; tier: MembershipTier; scheduledTier: PurchasableTier | null }) => Promise<void>;
};

/** The built-in provider: cards are typed into our own form and checked here. */
export type TestPaymentProvider = ProviderBase & {
  kind: 'test';
  /** Checks a card is real and usable without charging it. Throws an AppError when declined. */
  verifyCard: (card: TestCardBody, now?: Date) => Promise<VerifiedCard>;
};

/** What Stripe says about a card check (a SetupIntent) the page confirmed with Stripe.js. */
export type CardCheck = {
  customerId: string | null;
  status: string;
  card: VerifiedCard | null;
  /** Stripe's words when the card was refused. */
  failureMessage: string | null;
};

/** Stripe: card details go from the page straight to Stripe; the server only sees ids and outcomes. */
export type StripePaymentProvider = ProviderBase & {
  kind: 'stripe';
  /** One Stripe customer per member, made once; its id is kept in users.stripe_customer_id. */
  createCustomer: (input: { userId: string; email: string; name: string }) => Promise<string>;
  /** A SetupIntent for the member's customer; the page confirms it with its client secret. */
  startCardCheck: (input: { userId: string; customerId: string }) => Promise<{ setupIntentId: string; clientSecret: string }>;
  retrieveCardCheck: (setupIntentId: string) => Promise<CardCheck>;
};

export type PaymentProvider = TestPaymentProvider | StripePaymentProvider;
