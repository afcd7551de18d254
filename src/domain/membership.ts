// Membership checkout (spec sections 2, 4, 7 and 8).
import { z } from 'zod';
import { testCardBody } from './account';
import { membershipTiers, purchasableTiers, tierRules, type MembershipTier } from './tiers';

export const membershipMessages = {
  unknownTier: 'Choose Starter, Explorer or Connector.',
  paymentFailedTitle: 'Payment Failed',
  subscriptionNotFound: 'That checkout has expired. Please start again.',
  alreadyOnTier: 'You are already on this plan.',
  starterSetupFailed: 'Failed to set up membership',
  paidSetupFailed: 'Failed to create subscription',
  forgedWebhook: 'The webhook signature does not match.',
  pinNotAllowed: 'Pinned posts come with Connector membership. Upgrade to pin a listing.',
  pinSoldListing: 'Only active listings can be pinned.',
  paymentsUnavailable: "We couldn't reach our payment provider, so nothing has been charged. Please try again in a few minutes.",
  cardCheckNotFound: 'That card check has expired. Please start again.',
  cardCheckNotConfirmed: "Your card hasn't been confirmed yet. Please enter your card details and try again.",
  cardCheckWithStripe: 'Add your card with the secure card form on your account page.',
  cardCheckWithTestForm: 'Add your card with the card form on your account page.',
  paymentConfirming: "We're confirming your payment with your bank. This usually takes a few seconds.",
} as const;

/** The Stripe card check: the page asks for a SetupIntent, confirms it with Stripe.js, then reports its id. */
export const cardCheckResponseSchema = z.object({ clientSecret: z.string() });
export const confirmCardCheckBody = z.object({
  setupIntentId: z.string({ error: membershipMessages.cardCheckNotFound }).regex(/^seti_\w{1,200}$/, membershipMessages.cardCheckNotFound),
});
export type ConfirmCardCheckBody = z.infer<typeof confirmCardCheckBody>;

export const createSubscriptionBody = z.object({
  tier: z.enum(purchasableTiers, { error: membershipMessages.unknownTier }),
});

export const subscriptionResponseSchema = z.object({
  tier: z.enum(membershipTiers),
  status: z.enum(['active', 'incomplete']),
  subscriptionId: z.string().nullable(),
  clientSecret: z.string().nullable(),
  amountCents: z.number(),
  provider: z.enum(['test', 'stripe']),
  message: z.string(),
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

/** The built-in test provider's payment form: the checkout's client secret and a test card. */
export const testPaymentBody = testCardBody.extend({
  clientSecret: z.string({ error: membershipMessages.subscriptionNotFound }).max(200),
});

export const pinListingBody = z.object({ pinned: z.boolean({ error: 'Say whether the listing is pinned (true) or not (false).' }) });

/** Tiers whose members may pin a post (spec 9: 1 pinned post, Connector only; Lifetime shares Connector's perks). */
export const tiersWithPinnedPosts = membershipTiers.filter((tier) => tierRules[tier].pinnedPosts > 0);

export function welcomeMessage(tier: MembershipTier): string {
  return `Welcome to the family! You're now a ${tierRules[tier].label} member.`;
}

