// The built-in test provider: it runs the same flows as Stripe offline, with the standard test card
// numbers, and reports payments through the same signed webhook events Stripe sends.
import { randomBytes, randomUUID } from 'node:crypto';
import { cardExpiresAt, type TestCardBody } from '../../domain/account';
import { AppError } from '../../domain/errors';
import type { PaymentEvent, TestPaymentProvider, VerifiedCard } from './payment-provider';

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
  if (cardExpiresAt(card.expiry) < now) throw new AppError('CARD_EXPIRED');
  if (declinedTestCards.has(card.cardNumber)) throw new AppError('CARD_DECLINED');
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
    // No billing engine here: the hourly upkeep ends or renews the subscription on its day, as Stripe would.
    setScheduledChange: async () => {},
  };
}

export function testPaymentEvent(
  type: 'invoice.paid' | 'invoice.payment_failed' | 'customer.subscription.deleted' | 'customer.subscription.updated',
  providerSubscriptionId: string,
  extra: { message?: string; status?: string; amountCents?: number; periodEndAt?: Date } = {},
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
          period_end: Math.floor((extra.periodEndAt?.getTime() ?? Date.now() + 365 * 24 * 60 * 60 * 1000) / 1000),
          ...(extra.amountCents === undefined ? {} : { amount_paid: extra.amountCents }),
          ...(extra.message ? { last_payment_error: { message: extra.message } } : {}),
        };
  return { id: `evt_test_${randomUUID().replaceAll('-', '')}`, type, data: { object } };
}
