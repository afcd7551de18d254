// The card step of verification (spec 2 and 4). With the built-in test provider the page sends a
// test card and it is checked here; with Stripe the card goes from the page to Stripe in a
// SetupIntent, and the card counts as verified only when Stripe says the SetupIntent succeeded
// (asked here, or told by the signed setup_intent.succeeded webhook), never on the page's word.
import { eq } from 'drizzle-orm';
import type { TestCardBody } from '../../domain/account';
import { AppError } from '../../domain/errors';
import { users, type UserRow } from '../db/schema';
import { touchMemberListings, writeTransaction } from '../db/write-transaction';
import type { ServerDeps } from '../deps';
import { ensurePaymentCustomer } from '../membership';
import type { StripePaymentProvider, VerifiedCard } from '../services/payment-provider';

/** The member's card counts as verified from now on. */
async function markCardVerified(deps: ServerDeps, userId: string): Promise<void> {
  await writeTransaction(deps, async (tx, changes) => {
    await tx.update(users).set({ isCardVerified: true }).where(eq(users.id, userId));
    changes.touch('members', userId);
    // Their listings show the checks the seller has passed.
    await touchMemberListings(tx, changes, userId);
  });
}

function verifiedMessage(card: VerifiedCard | null): string {
  const which = card ? `${card.brand} ending ${card.last4}` : 'Your card';
  return `${which} verified. It won't be charged unless you upgrade.`;
}

function stripeProvider(deps: ServerDeps): StripePaymentProvider {
  if (deps.payments.kind !== 'stripe') throw new AppError('STRIPE_CARD_CHECK_UNAVAILABLE');
  return deps.payments;
}

/** A card on file proves a real person; it is checked, never charged, and never stored here. */
export async function verifyCard(deps: ServerDeps, input: { member: UserRow; card: TestCardBody }): Promise<{ message: string }> {
  const { member: user, card } = input;
  if (user.isCardVerified) throw new AppError('CARD_ALREADY_VERIFIED');
  if (deps.payments.kind !== 'test') throw new AppError('TEST_CARD_UNAVAILABLE');
  const verified = await deps.payments.verifyCard(card);
  await markCardVerified(deps, user.id);
  return { message: verifiedMessage(verified) };
}

/** Stripe: a SetupIntent on the member's customer, for the page to confirm with Stripe.js. */
export async function startCardCheck(deps: ServerDeps, input: { member: UserRow }): Promise<{ clientSecret: string }> {
  const user = input.member;
  const provider = stripeProvider(deps);
  if (user.isCardVerified) throw new AppError('CARD_ALREADY_VERIFIED');
  const customerId = await ensurePaymentCustomer(deps, { provider, userId: user.id });
  const { clientSecret } = await provider.startCardCheck({ userId: user.id, customerId });
  return { clientSecret };
}

/** Stripe: the page says it confirmed a SetupIntent; Stripe is asked whether it did. */
export async function confirmCardCheck(deps: ServerDeps, input: { member: UserRow; setupIntentId: string }): Promise<{ message: string }> {
  const user = input.member;
  const provider = stripeProvider(deps);
  const check = await provider.retrieveCardCheck(input.setupIntentId);
  // Another member's SetupIntent is as good as none.
  const [member] = await deps.db.select({ customerId: users.stripeCustomerId, isCardVerified: users.isCardVerified }).from(users).where(eq(users.id, user.id));
  if (!member.customerId || check.customerId !== member.customerId) throw new AppError('CARD_CHECK_NOT_FOUND');
  if (check.status !== 'succeeded') {
    // Stripe's own words for a card it refused; otherwise the bank is still at it, or the member never finished.
    if (check.failureMessage) throw new AppError('CARD_DECLINED', check.failureMessage);
    throw new AppError(check.status === 'processing' ? 'CARD_CHECK_PROCESSING' : 'CARD_NOT_CONFIRMED');
  }
  // The webhook may have marked it first; the answer is the same.
  if (!member.isCardVerified) await markCardVerified(deps, user.id);
  return { message: verifiedMessage(check.card) };
}
