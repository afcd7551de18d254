// Card checks and subscriptions go through one PaymentProvider: Stripe when STRIPE_SECRET_KEY is
// set (stripe-payments.ts), else the built-in test provider, which runs the same flows offline with
// the standard test card numbers and reports payments through the same signed webhook events Stripe
// sends.
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { accountMessages, cardExpiresAt, type TestCardBody } from '../../domain/account';
import { AppError } from '../../domain/errors';
import type { MembershipTier } from '../../domain/tiers';
import type { Config } from '../config';
import { createStripePaymentProvider } from './stripe-payments';

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

type SubscriptionInput = {
  userId: string;
  email: string;
  tier: MembershipTier;
  amountCents: number;
  /** The member's Stripe customer (null with the test provider). */
  customerId: string | null;
  /** The end of the free month when the first charge waits for it; null: charged at once. */
  firstChargeAt: Date | null;
};

type ProviderBase = {
  /** Starts an annual subscription that becomes active when its first payment succeeds. */
  createSubscription: (input: SubscriptionInput) => Promise<CreatedSubscription>;
  cancelSubscription: (providerSubscriptionId: string) => Promise<void>;
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

/** Card numbers the test provider declines, as the card networks' test numbers do. */
const declinedTestCards = new Set(['4000000000000002', '4000000000009995', '4000000000009987']);

function brandOf(cardNumber: string): string {
  if (/^4/.test(cardNumber)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(cardNumber)) return 'Mastercard';
  if (/^3[47]/.test(cardNumber)) return 'American Express';
  return 'Card';
}

/** Declines and expiries, the same for a card check and a payment. */
export async function checkTestCard(card: TestCardBody, now = new Date()): Promise<VerifiedCard> {
  if (cardExpiresAt(card.expiry) < now) throw new AppError('VALIDATION_FAILED', accountMessages.cardExpired);
  if (declinedTestCards.has(card.cardNumber)) throw new AppError('VALIDATION_FAILED', accountMessages.cardDeclined);
  return { brand: brandOf(card.cardNumber), last4: card.cardNumber.slice(-4) };
}

export function createTestPaymentProvider(): TestPaymentProvider {
  return {
    kind: 'test',
    verifyCard: checkTestCard,
    createSubscription: async ({ firstChargeAt }) => {
      const id = `sub_test_${randomUUID().replaceAll('-', '')}`;
      return { providerSubscriptionId: id, clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`, intent: firstChargeAt ? 'setup' : 'payment' };
    },
    cancelSubscription: async () => {},
  };
}

export function testPaymentEvent(
  type: 'invoice.paid' | 'invoice.payment_failed' | 'customer.subscription.deleted' | 'customer.subscription.updated',
  providerSubscriptionId: string,
  extra: { message?: string; status?: string; amountCents?: number } = {},
): PaymentEvent {
  const object =
    type === 'customer.subscription.deleted'
      ? { id: providerSubscriptionId }
      : type === 'customer.subscription.updated'
        ? // The card is saved for a first charge that waits (Stripe's trialing subscription).
          { id: providerSubscriptionId, status: extra.status ?? 'trialing', default_payment_method: `pm_test_${randomUUID().replaceAll('-', '')}` }
        : {
          id: `in_test_${randomUUID().replaceAll('-', '')}`,
          subscription: providerSubscriptionId,
          period_end: Math.floor(Date.now() / 1000) + 365 * 24 * 60 * 60,
          ...(extra.amountCents === undefined ? {} : { amount_paid: extra.amountCents }),
          ...(extra.message ? { last_payment_error: { message: extra.message } } : {}),
        };
  return { id: `evt_test_${randomUUID().replaceAll('-', '')}`, type, data: { object } };
}

/** Stripe when its keys are set, else the built-in test provider. */
export function createPaymentProvider(config: Pick<Config, 'stripe'>, log?: FastifyBaseLogger): PaymentProvider {
  return config.stripe ? createStripePaymentProvider(config.stripe, log) : createTestPaymentProvider();
}
