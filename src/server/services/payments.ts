// Card checks and (later) subscriptions go through one PaymentProvider. Without Stripe keys the
// built-in test provider runs the same flows offline, with the standard test card numbers.
import { accountMessages, cardExpiresAt, type TestCardBody } from '../../domain/account';
import { AppError } from '../../domain/errors';

export type VerifiedCard = { brand: string; last4: string };

export type PaymentProvider = {
  kind: 'test';
  /** Checks a card is real and usable without charging it. Throws an AppError when declined. */
  verifyCard: (card: TestCardBody, now?: Date) => Promise<VerifiedCard>;
};

/** Card numbers the test provider declines, as the card networks' test numbers do. */
const declinedTestCards = new Set(['4000000000000002', '4000000000009995', '4000000000009987']);

function brandOf(cardNumber: string): string {
  if (/^4/.test(cardNumber)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(cardNumber)) return 'Mastercard';
  if (/^3[47]/.test(cardNumber)) return 'American Express';
  return 'Card';
}

export function createTestPaymentProvider(): PaymentProvider {
  return {
    kind: 'test',
    verifyCard: async (card, now = new Date()) => {
      if (cardExpiresAt(card.expiry) < now) throw new AppError('VALIDATION_FAILED', accountMessages.cardExpired);
      if (declinedTestCards.has(card.cardNumber)) throw new AppError('VALIDATION_FAILED', accountMessages.cardDeclined);
      return { brand: brandOf(card.cardNumber), last4: card.cardNumber.slice(-4) };
    },
  };
}

export function createPaymentProvider(): PaymentProvider {
  return createTestPaymentProvider();
}
