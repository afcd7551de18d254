// The built-in test provider's payment step: the page sends the checkout's client secret and a
// test card; a good card produces the same signed "invoice.paid" event Stripe would send, which
// goes through the webhook like any other.
import { eq } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { formatDateAU } from '../../domain/dates';
import { planChargeMessages, welcomeMessage } from '../../domain/membership';
import { formatCents } from '../../domain/tiers';
import type { TestCardBody } from '../../domain/account';
import { subscriptions } from '../db/schema';
import type { ServerDeps } from '../deps';
import { checkTestCard, testPaymentEvent } from '../services/payments';
import { deliverPaymentEvent } from './deliver-payment-event';

export async function payWithTestCard(
  deps: ServerDeps,
  input: { userId: string; clientSecret: string; card: TestCardBody },
) {
  const [subscription] = await deps.db.select().from(subscriptions).where(eq(subscriptions.clientSecret, input.clientSecret)).limit(1);
  if (!subscription || subscription.userId !== input.userId || subscription.provider !== 'test') {
    throw new AppError('SUBSCRIPTION_NOT_FOUND');
  }
  const chargeLater = subscription.firstChargeAt
    ? planChargeMessages.firstChargeLater(subscription.tier, formatCents(subscription.amountCents), formatDateAU(subscription.firstChargeAt))
    : null;
  if (subscription.status === 'active' || subscription.status === 'trialing') return { message: chargeLater ?? welcomeMessage(subscription.tier), tier: subscription.tier };
  try {
    await checkTestCard(input.card);
  } catch (error) {
    if (!chargeLater) await deliverPaymentEvent(deps, testPaymentEvent('invoice.payment_failed', subscription.providerSubscriptionId, { message: (error as Error).message }));
    throw error;
  }
  // Keeping the plan after the free month: the card is saved and charged when the month ends
  // (by the upkeep, as Stripe would); otherwise it is charged now.
  await deliverPaymentEvent(deps, testPaymentEvent(chargeLater ? 'customer.subscription.updated' : 'invoice.paid', subscription.providerSubscriptionId));
  return { message: chargeLater ?? welcomeMessage(subscription.tier), tier: subscription.tier };
}
