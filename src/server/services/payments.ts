// Card checks and subscriptions go through one PaymentProvider. Without Stripe keys the built-in
// test provider runs the same flows offline, with the standard test card numbers, and reports
// payments through the same signed webhook events Stripe sends.
import { randomBytes, randomUUID } from 'node:crypto';
import { accountMessages, cardExpiresAt, type TestCardBody } from '../../domain/account';
import { AppError } from '../../domain/errors';
import type { MembershipTier } from '../../domain/tiers';

export type VerifiedCard = { brand: string; last4: string };

export type CreatedSubscription = { providerSubscriptionId: string; clientSecret: string };

/** The parts of a provider event the product reads (Stripe's event shape). */
export type PaymentEvent = {
  id: string;
  type: string;
  data: { object: { id?: string; subscription?: string | null; period_end?: number; last_payment_error?: { message?: string } } };
};

export type PaymentProvider = {
  kind: 'test' | 'stripe';
  /** Checks a card is real and usable without charging it. Throws an AppError when declined. */
  verifyCard: (card: TestCardBody, now?: Date) => Promise<VerifiedCard>;
  /** Starts an annual subscription that becomes active when its first payment succeeds. */
  createSubscription: (input: { userId: string; email: string; tier: MembershipTier; amountCents: number }) => Promise<CreatedSubscription>;
  cancelSubscription: (providerSubscriptionId: string) => Promise<void>;
};

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

export function createTestPaymentProvider(): PaymentProvider {
  return {
    kind: 'test',
    verifyCard: checkTestCard,
    createSubscription: async () => {
      const id = `sub_test_${randomUUID().replaceAll('-', '')}`;
      return { providerSubscriptionId: id, clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}` };
    },
    cancelSubscription: async () => {},
  };
}

export function testPaymentEvent(type: 'invoice.paid' | 'invoice.payment_failed' | 'customer.subscription.deleted', providerSubscriptionId: string, extra: { message?: string } = {}): PaymentEvent {
  const object =
    type === 'customer.subscription.deleted'
      ? { id: providerSubscriptionId }
      : {
          id: `in_test_${randomUUID().replaceAll('-', '')}`,
          subscription: providerSubscriptionId,
          period_end: Math.floor(Date.now() / 1000) + 365 * 24 * 60 * 60,
          ...(extra.message ? { last_payment_error: { message: extra.message } } : {}),
        };
  return { id: `evt_test_${randomUUID().replaceAll('-', '')}`, type, data: { object } };
}

export function createPaymentProvider(): PaymentProvider {
  return createTestPaymentProvider();
}
