// The Stripe payment provider (docs/decisions/0006-stripe-payments.md). Card details never touch
// this server: the page confirms a SetupIntent (card check) or the subscription's first invoice
// (checkout) with Stripe.js, and what Stripe confirms reaches us as signed webhook events or, for a
// card check, by asking Stripe for the SetupIntent. Nothing here changes a tier.
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { AppError } from '../../domain/errors';
import { membershipMessages } from '../../domain/membership';
import { currency, productName } from '../../domain/product';
import { tierRules, type MembershipTier } from '../../domain/tiers';
import type { StripeSettings } from '../config';
import type { CardCheck, CreatedSubscription, StripePaymentProvider } from './payment-provider';

const stripeCurrency = currency.toLowerCase();

/** Stripe's failures in the member's words; the cause is logged for us. */
function toAppError(error: unknown, log: FastifyBaseLogger | undefined): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof Stripe.errors.StripeCardError) {
    return new AppError('CARD_DECLINED', error.message || undefined);
  }
  log?.error({ err: error }, 'a Stripe request failed');
  return new AppError('UNAVAILABLE', membershipMessages.paymentsUnavailable);
}

function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';
}

function apiAddress(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** The price a tier is sold at: the configured one, checked against the tier table, or one made from it. */
function createPriceResolver(stripe: Stripe, settings: StripeSettings) {
  const resolved = new Map<MembershipTier, Promise<string>>();

  async function checkConfiguredPrice(tier: MembershipTier, priceId: string, amountCents: number): Promise<string> {
    const price = await stripe.prices.retrieve(priceId);
    const matches = price.currency === stripeCurrency && price.unit_amount === amountCents && price.recurring?.interval === 'year' && price.recurring.interval_count === 1;
    if (!matches) {
      throw new Error(
        `STRIPE_PRICE_${tier.toUpperCase()} (${priceId}) is ${price.unit_amount} ${price.currency} every ${price.recurring?.interval_count ?? '?'} ${price.recurring?.interval ?? 'once'}; the ${tierRules[tier].label} plan is ${amountCents} ${stripeCurrency} a year`,
      );
    }
    return price.id;
  }

  async function findOrCreatePrice(tier: MembershipTier, amountCents: number): Promise<string> {
    // The amount is part of the key, so a new price in the tier table makes a new Stripe price.
    const lookupKey = `membership_${tier}_annual_${stripeCurrency}_${amountCents}`;
    const existing = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    if (existing.data[0]) return existing.data[0].id;
    const created = await stripe.prices.create(
      {
        currency: stripeCurrency,
        unit_amount: amountCents,
        recurring: { interval: 'year', interval_count: 1 },
        lookup_key: lookupKey,
        product_data: { name: `${productName} ${tierRules[tier].label} membership` },
      },
      { idempotencyKey: `price-${lookupKey}` },
    );
    return created.id;
  }

  return (tier: MembershipTier, amountCents: number): Promise<string> => {
    let price = resolved.get(tier);
    if (!price) {
      const configured = tier === 'explorer' || tier === 'connector' ? settings.priceIds[tier] : undefined;
      price = configured ? checkConfiguredPrice(tier, configured, amountCents) : findOrCreatePrice(tier, amountCents);
      // A failure is not remembered: the next checkout asks again.
      price.catch(() => resolved.delete(tier));
      resolved.set(tier, price);
    }
    return price;
  };
}

function cardOf(setupIntent: Stripe.SetupIntent): CardCheck['card'] {
  const method = setupIntent.payment_method;
  if (!method || typeof method === 'string' || !method.card) return null;
  const brand = method.card.brand;
  return { brand: brand.length > 0 ? brand[0].toUpperCase() + brand.slice(1) : 'Card', last4: method.card.last4 };
}

export function createStripePaymentProvider(settings: StripeSettings, log?: FastifyBaseLogger): StripePaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    ...apiAddress(settings.apiBase),
    // Every POST carries an idempotency key, so a retried request never charges or creates twice.
    maxNetworkRetries: 1,
    // Checkout waits on Stripe while it holds the member's row; give up well before a browser would.
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: productName },
  });
  const priceFor = createPriceResolver(stripe, settings);

  const guarded =
    <Args extends unknown[], Result>(operation: (...args: Args) => Promise<Result>) =>
    async (...args: Args): Promise<Result> => {
      try {
        return await operation(...args);
      } catch (error) {
        throw toAppError(error, log);
      }
    };

  return {
    kind: 'stripe',

    createCustomer: guarded(async ({ userId, email, name }) => {
      // The key makes a retry after a lost answer return the same customer, not a second one.
      const customer = await stripe.customers.create({ email, name, metadata: { userId } }, { idempotencyKey: `customer-${userId}` });
      return customer.id;
    }),

    createSubscription: guarded(async ({ userId, tier, amountCents, customerId, firstChargeAt }): Promise<CreatedSubscription> => {
      if (!customerId) throw new Error('a Stripe subscription needs the member’s Stripe customer');
      const price = await priceFor(tier, amountCents);
      if (firstChargeAt) {
        // The free month runs on: Stripe's trial ends with it, the page saves the card (the
        // subscription's pending SetupIntent), and the first invoice is charged then. Without a
        // card by then the subscription simply ends, costing nothing.
        const trialing = await stripe.subscriptions.create({
          customer: customerId,
          items: [{ price }],
          trial_end: Math.floor(firstChargeAt.getTime() / 1000),
          trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: ['card'] },
          expand: ['pending_setup_intent'],
          metadata: { userId, tier },
        });
        const setupIntent = trialing.pending_setup_intent;
        const setupSecret = setupIntent && typeof setupIntent !== 'string' ? setupIntent.client_secret : null;
        if (!setupSecret) {
          await stripe.subscriptions.cancel(trialing.id).catch(() => {});
          throw new Error(`Stripe subscription ${trialing.id} came back without its pending SetupIntent`);
        }
        return { providerSubscriptionId: trialing.id, clientSecret: setupSecret, intent: 'setup' };
      }
      const subscription = await stripe.subscriptions.create({
        customer: customerId,
        items: [{ price }],
        // Stays incomplete until the page confirms the first invoice's payment with Stripe.js.
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: ['card'] },
        expand: ['latest_invoice.confirmation_secret'],
        metadata: { userId, tier },
      });
      const invoice = subscription.latest_invoice;
      const clientSecret = invoice && typeof invoice !== 'string' ? invoice.confirmation_secret?.client_secret : undefined;
      if (!clientSecret) {
        // Nothing to pay with: do not leave an unpayable subscription behind.
        await stripe.subscriptions.cancel(subscription.id).catch(() => {});
        throw new Error(`Stripe subscription ${subscription.id} came back without its invoice's confirmation secret`);
      }
      return { providerSubscriptionId: subscription.id, clientSecret, intent: 'payment' };
    }),

    cancelSubscription: guarded(async (providerSubscriptionId) => {
      try {
        await stripe.subscriptions.cancel(providerSubscriptionId);
      } catch (error) {
        // Already gone at Stripe is what we wanted.
        if (!isMissing(error)) throw error;
      }
    }),

    setScheduledChange: guarded(async ({ providerSubscriptionId, tier, scheduledTier }) => {
      const subscription = await stripe.subscriptions.retrieve(providerSubscriptionId);
      const item = subscription.items.data[0];
      // The year paid for is kept either way: no proration, so nothing is charged or refunded now.
      const renewsAs = scheduledTier && scheduledTier !== 'starter' ? scheduledTier : tier;
      const price = await priceFor(renewsAs, tierRules[renewsAs].annualPriceCents ?? 0);
      await stripe.subscriptions.update(providerSubscriptionId, {
        cancel_at_period_end: scheduledTier === 'starter',
        ...(item && item.price.id !== price ? { items: [{ id: item.id, price }], proration_behavior: 'none' as const } : {}),
      });
    }),

    startCardCheck: guarded(async ({ userId, customerId }) => {
      const setupIntent = await stripe.setupIntents.create({
        customer: customerId,
        allowed_payment_method_types: ['card'],
        usage: 'off_session',
        metadata: { userId, purpose: 'card_check' },
      });
      if (!setupIntent.client_secret) throw new Error(`Stripe SetupIntent ${setupIntent.id} came back without a client secret`);
      return { setupIntentId: setupIntent.id, clientSecret: setupIntent.client_secret };
    }),

    retrieveCardCheck: guarded(async (setupIntentId): Promise<CardCheck> => {
      let setupIntent: Stripe.SetupIntent;
      try {
        setupIntent = await stripe.setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] });
      } catch (error) {
        if (isMissing(error)) throw new AppError('CARD_CHECK_NOT_FOUND');
        throw error;
      }
      return {
        customerId: typeof setupIntent.customer === 'string' ? setupIntent.customer : (setupIntent.customer?.id ?? null),
        status: setupIntent.status,
        card: cardOf(setupIntent),
        failureMessage: setupIntent.last_setup_error?.message ?? null,
      };
    }),
  };
}

/** What the page needs the Content-Security-Policy to allow for Stripe.js and its card fields (iframes). */
export const stripeBrowserSources = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
} as const;
