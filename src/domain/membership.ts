// Membership checkout (spec sections 2, 4, 7 and 8).
import { z } from 'zod';
import { testCardBody } from './account';
import { formatDateAU } from './dates';
import { countOf, searchAreaPhrase } from './plan-copy';
import { nowMemberSentence } from './plan-copy';
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
  cardSaving: "We're saving your card with our payment provider. This usually takes a few seconds.",
  lifetimeIncludesEverything: 'Your Lifetime membership already includes everything this plan offers, so there is nothing to buy.',
  lifetimeChangeUnconfirmed:
    'You have Lifetime membership, a gift from our team. Switching to Starter ends it for good: confirm that you want to give it up.',
} as const;

/**
 * When a plan allows fewer active listings than a member has (a switch to Starter, the free month
 * ending, a paid plan ending): the member has this long to choose which stay active; then the
 * newest are kept and the rest paused, never deleted (decision 12).
 */
export const planLimitNoticeDays = 7;

/** The day listings over the limit are paused unless the member chose first. */
export function listingLimitDeadline(noticeAt: Date | string): Date {
  return new Date(new Date(noticeAt).getTime() + planLimitNoticeDays * 24 * 60 * 60 * 1000);
}

const listingsCount = (count: number) => `${count} active ${count === 1 ? 'listing' : 'listings'}`;

/** The dashboard's and the mail's one sentence about it. */
export function listingLimitNotice(input: { tier: MembershipTier; activeCount: number; noticeAt: Date | string }): string {
  const rules = tierRules[input.tier];
  const limit = rules.listingLimit ?? 0;
  return (
    `Your ${rules.label} plan allows ${listingsCount(limit)} and you have ${input.activeCount}. ` +
    `Choose which stay active by ${formatDateAU(listingLimitDeadline(input.noticeAt))}; otherwise we'll keep your newest ${limit === 1 ? 'one' : limit} and pause the rest. ` +
    'Paused listings are not deleted: they come back when you upgrade.'
  );
}

export const keepActiveListingsBody = z.object({
  listingIds: z.array(z.string().max(100), { error: 'Choose the listings to keep active.' }).min(1, 'Choose at least one listing to keep active.').max(50),
});
export type KeepActiveListingsBody = z.infer<typeof keepActiveListingsBody>;

export const planLimitMessages = {
  tooManyKept: (limit: number) => `Your plan allows ${listingsCount(limit)}: choose at most ${limit}.`,
  notYourActiveListing: 'Choose among your own active listings.',
  settled: 'Done: the listings you chose stay active and the rest are paused until you upgrade.',
  nothingToChoose: 'Your plan allows all your active listings, so there is nothing to choose.',
} as const;

/** What a Lifetime member gives up by switching to Starter, one line each (spec 1 and 9). */
export function lifetimeLosses(): string[] {
  const lifetime = tierRules.lifetime;
  const starter = tierRules.starter;
  return [
    `Listings from ${searchAreaPhrase(lifetime)}: Starter shows ${searchAreaPhrase(starter)}`,
    `${countOf(lifetime.listingLimit ?? 0, 'listing')} at once: Starter allows ${starter.listingLimit}`,
    `${countOf(lifetime.maxImagesPerListing, 'photo')} per listing: Starter allows ${starter.maxImagesPerListing}`,
    `${countOf(lifetime.pinnedPosts, 'pinned post')}: Starter has none`,
    'Lifetime itself: it is a gift and cannot be bought back',
  ];
}

/** The Stripe card check: the page asks for a SetupIntent, confirms it with Stripe.js, then reports its id. */
export const cardCheckResponseSchema = z.object({ clientSecret: z.string() });
export const confirmCardCheckBody = z.object({
  setupIntentId: z.string({ error: membershipMessages.cardCheckNotFound }).regex(/^seti_\w{1,200}$/, membershipMessages.cardCheckNotFound),
});
export type ConfirmCardCheckBody = z.infer<typeof confirmCardCheckBody>;

export const createSubscriptionBody = z.object({
  tier: z.enum(purchasableTiers, { error: membershipMessages.unknownTier }),
  /** A Lifetime member switching to Starter says they mean it (the gift cannot be bought back). */
  confirm: z.boolean().optional(),
});

export const subscriptionResponseSchema = z.object({
  tier: z.enum(membershipTiers),
  /** `scheduled`: a move to Starter or a cheaper plan that waits for the end of the paid year (decision 31). */
  status: z.enum(['active', 'incomplete', 'scheduled']),
  subscriptionId: z.string().nullable(),
  clientSecret: z.string().nullable(),
  amountCents: z.number(),
  provider: z.enum(['test', 'stripe']),
  message: z.string(),
  /** Null: charged at once. Otherwise the end of the free month, when the paid year starts. */
  firstChargeAt: z.string().nullable(),
  /** What the client secret confirms: a payment now, or saving the card for the first charge later. */
  intent: z.enum(['payment', 'setup']),
  /** While `scheduled`: when the change happens (the end of the paid year). */
  scheduledAt: z.string().nullable(),
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

/**
 * spec 1: Explorer's first month is free. A member who decides during it to keep Explorer is not
 * charged until it ends: the paid year starts then (decision 12). Any other checkout (Connector
 * during the free month included) is charged at once. Returns the first charge's date, or null for now.
 */
export function firstChargeDate(member: { membershipTier: MembershipTier; trialEndDate: Date | string | null }, tier: MembershipTier, now = new Date()): Date | null {
  if (member.membershipTier !== tier || !member.trialEndDate) return null;
  const trialEnd = new Date(member.trialEndDate);
  return trialEnd > now ? trialEnd : null;
}

/** The member's paid plan as /account shows it (GET /api/membership). */
export const membershipStatusSchema = z.object({
  subscription: z
    .object({
      tier: z.enum(membershipTiers),
      status: z.enum(['trialing', 'active', 'past_due']),
      amountCents: z.number(),
      /** While trialing: when the first charge is made. */
      firstChargeAt: z.string().nullable(),
      /** While active: when the paid year renews (null when it ends then, with a move to Starter). */
      renewsAt: z.string().nullable(),
      /** A change the member asked for that waits for the end of the paid year (decision 31), or null. */
      scheduledTier: z.enum(purchasableTiers).nullable(),
      /** When that change happens. */
      scheduledAt: z.string().nullable(),
    })
    .nullable(),
});
export type MembershipStatus = z.infer<typeof membershipStatusSchema>;

export const planChargeMessages = {
  firstChargeLater: (tier: MembershipTier, amount: string, date: string) =>
    `Your card is saved. Your paid year of ${tierRules[tier].label} starts on ${date}, when you'll be charged ${amount}. Cancel before then and you pay nothing.`,
  chargedNowDuringFreeMonth: (tier: MembershipTier, amount: string, freeTier: MembershipTier) =>
    `${tierRules[tier].label} is charged ${amount} today, and your free month of ${tierRules[freeTier].label} ends when the payment goes through.`,
  cancelledBeforeCharge: (tier: MembershipTier, date: string) =>
    `Cancelled: you won't be charged. You keep ${tierRules[tier].label} until your free month ends on ${date}.`,
  nothingToCancel: 'There is no upcoming charge to cancel.',
} as const;

/** The built-in test provider's payment form: the checkout's client secret and a test card. */
export const testPaymentBody = testCardBody.extend({
  clientSecret: z.string({ error: membershipMessages.subscriptionNotFound }).max(200),
});

export const pinListingBody = z.object({ pinned: z.boolean({ error: 'Say whether the listing is pinned (true) or not (false).' }) });

/** Tiers whose members may pin a post (spec 9: 1 pinned post, Connector only; Lifetime shares Connector's perks). */
export const tiersWithPinnedPosts = membershipTiers.filter((tier) => tierRules[tier].pinnedPosts > 0);

export function welcomeMessage(tier: MembershipTier): string {
  return `Welcome to the family! ${nowMemberSentence(tier)}`;
}

