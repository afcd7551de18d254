// Card checks and subscriptions go through one PaymentProvider: Stripe when STRIPE_SECRET_KEY is
// set (stripe-payments.ts), else the built-in test provider (test-payments.ts), which runs the same
// flows offline with the standard test card numbers and reports payments through the same signed
// webhook events Stripe sends.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { PaymentProvider } from './payment-provider';
import { createStripePaymentProvider } from './stripe-payments';
import { createTestPaymentProvider } from './test-payments';

export type * from './payment-provider';
export { checkTestCard, createTestPaymentProvider, testPaymentEvent } from './test-payments';

/** Stripe when its keys are set, else the built-in test provider. */
export function createPaymentProvider(config: Pick<Config, 'stripe'>, log?: FastifyBaseLogger): PaymentProvider {
  return config.stripe ? createStripePaymentProvider(config.stripe, log) : createTestPaymentProvider();
}
