// The hourly upkeep of plans: free months kept with a saved card are charged (the built-in test
// provider's; Stripe charges its own), the others go back to Starter, changes asked for at the end
// of a paid year are made on its day (decision 31), members whose notice
// about a lower listing limit has run out have their extra listings paused, and those newly over
// a limit are told by mail.
import type { ServerDeps } from '../deps';
import { testPaymentEvent } from '../services/payments';
import { applyDuePlanChanges } from './apply-due-plan-changes';
import { deliverPaymentEvent } from './deliver-payment-event';
import { expireTrials } from './expire-trials';
import { dueTestCharges } from './membership-status';
import { mailListingLimitNotices, pauseOverdueListings } from './plan-limits';

export type UpkeepResult = { trialsEnded: number; membersPaused: number; testCharges: number; planChanges: number };

export async function runMembershipUpkeep(deps: ServerDeps, input: { now?: Date } = {}): Promise<UpkeepResult> {
  const now = input.now ?? deps.clock.now();
  // First the charges that end free months (kept plans), so that those members are not sent back to Starter.
  const charges = await dueTestCharges(deps.db, now);
  for (const providerSubscriptionId of charges) await deliverPaymentEvent(deps, testPaymentEvent('invoice.paid', providerSubscriptionId));
  const trials = await expireTrials(deps, { now });
  await mailListingLimitNotices(deps, { userIds: trials.limitNotices });
  const planChanges = await applyDuePlanChanges(deps, { now });
  await mailListingLimitNotices(deps, { userIds: planChanges.limitNotices });
  const membersPaused = await pauseOverdueListings(deps, { now });
  return { trialsEnded: trials.reverted, membersPaused, testCharges: charges.length, planChanges: planChanges.applied };
}
