// A provider event, applied and followed through: subscriptions it replaced end at the provider,
// and the mails it calls for (a plan confirmed, a lower listing limit) go out after it committed.
import type { Database } from '../db/open-database';
import type { MailSender } from '../services/mail';
import type { PaymentEvent, PaymentProvider } from '../services/payments';
import { applyPaymentEvent, type EventResult } from './apply-payment-event';
import { mailListingLimitNotices } from './plan-limits';
import { mailPlanConfirmation } from './plan-mails';

export type DeliveryDeps = { db: Database; mail: MailSender; payments: Pick<PaymentProvider, 'cancelSubscription'>; publicUrl: string };

export async function deliverPaymentEvent(deps: DeliveryDeps, event: PaymentEvent): Promise<EventResult> {
  const result = await applyPaymentEvent(deps.db, event);
  for (const replaced of result.replacedSubscriptionIds) await deps.payments.cancelSubscription(replaced).catch(() => {});
  await mailListingLimitNotices(deps, result.limitNotices);
  await mailPlanConfirmation(deps, result.confirmedSubscriptionId);
  return result;
}
