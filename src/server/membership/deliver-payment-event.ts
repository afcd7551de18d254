// A provider event, applied and followed through: subscriptions it replaced end at the provider,
// and the mails it calls for (a plan confirmed, a lower listing limit) go out after it committed.
import type { ServerDeps } from '../deps';
import type { PaymentEvent } from '../services/payment-provider';
import { applyPaymentEvent, type EventResult } from './apply-payment-event';
import { mailListingLimitNotices } from './plan-limits';
import { mailPlanConfirmation } from './plan-mails';

export async function deliverPaymentEvent(deps: ServerDeps, event: PaymentEvent): Promise<EventResult> {
  const result = await applyPaymentEvent(deps, event);
  for (const replaced of result.replacedSubscriptionIds) await deps.payments.cancelSubscription(replaced).catch(() => {});
  await mailListingLimitNotices(deps, { userIds: result.limitNotices });
  await mailPlanConfirmation(deps, { subscriptionId: result.confirmedSubscriptionId });
  return result;
}
