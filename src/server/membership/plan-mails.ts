// The mail that confirms a plan: what was bought, and when the member is (or was) charged.
import { eq } from 'drizzle-orm';
import { formatDateAU } from '../../domain/dates';
import { formatCents, tierRules } from '../../domain/tiers';
import { subscriptions, users } from '../db/schema';
import type { ServerDeps } from '../deps';

export async function mailPlanConfirmation(deps: ServerDeps, input: { subscriptionId: string | undefined }): Promise<void> {
  const { subscriptionId } = input;
  if (!subscriptionId) return;
  const [row] = await deps.db
    .select({ subscription: subscriptions, email: users.email, firstName: users.firstName })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(eq(subscriptions.id, subscriptionId));
  if (!row) return;
  const { subscription } = row;
  const label = tierRules[subscription.tier].label;
  const amount = formatCents(subscription.amountCents);
  const charge =
    subscription.status === 'trialing' && subscription.firstChargeAt
      ? [
          `Your card is saved. Your free month carries on, and your paid year of ${label} starts on ${formatDateAU(subscription.firstChargeAt)}, when you'll be charged ${amount}.`,
          `Changed your mind? Cancel on your account page before ${formatDateAU(subscription.firstChargeAt)} and you pay nothing.`,
        ]
      : [
          `You've been charged ${amount} for a year of ${label}.`,
          subscription.currentPeriodEnd ? `Your plan renews on ${formatDateAU(subscription.currentPeriodEnd)}.` : null,
        ];
  await deps.mail.send({
    to: row.email,
    subject: `Your ${label} membership`,
    text: [
      `G'day ${row.firstName ?? 'Mate'},`,
      '',
      `Welcome to the family! You're now a ${label} member.`,
      ...charge.filter((line): line is string => line !== null),
      '',
      `Your membership: ${deps.config.publicUrl}/account`,
    ].join('\n'),
  });
}
