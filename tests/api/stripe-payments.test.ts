// The Stripe path, through the real stripe SDK against a local stand-in for Stripe's API: checkout
// makes one customer and one annual AUD subscription, the tier changes only on Stripe's signed word,
// and a card check counts only when Stripe says the SetupIntent succeeded.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountMessages } from '../../src/domain/account';
import { membershipMessages } from '../../src/domain/membership';
import { tierRules } from '../../src/domain/tiers';
import { subscriptions, users } from '../../src/server/db/schema';
import { runMembershipUpkeep } from '../../src/server/membership/membership-upkeep';
import { signPayload } from '../../src/server/membership/webhook-signature';
import { startFakeStripe, type FakeStripe } from './support/fake-stripe';
import { registerMember } from './support/factories';
import { useTestServer } from './support/use-test-server';

const webhookSecret = 'whsec_stripe_path_test_secret';
let stripe: FakeStripe;

beforeAll(async () => {
  stripe = await startFakeStripe();
});
afterAll(async () => {
  await stripe?.close();
});

const { server, client } = useTestServer(() => ({
  STRIPE_SECRET_KEY: 'sk_test_neighbourly',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_neighbourly',
  STRIPE_WEBHOOK_SECRET: webhookSecret,
  STRIPE_API_BASE: stripe.apiBase,
}));
beforeEach(() => stripe.setDown(false));

const me = async (token: string) => (await client.get('/api/auth/me', token)).body;

async function postEvent(event: unknown) {
  const raw = JSON.stringify(event);
  return client.call('POST', '/api/webhooks/payments', {
    rawBody: raw,
    headers: { 'content-type': 'application/json', 'stripe-signature': signPayload(webhookSecret, raw) },
  });
}

/** invoice.paid as Stripe's current API sends it: the subscription under parent, the year on the line. */
function invoicePaid(subscriptionId: string, eventId = `evt_${Math.random().toString(36).slice(2)}`) {
  const yearFromNow = Math.floor(Date.now() / 1000) + 365 * 24 * 60 * 60;
  return {
    id: eventId,
    object: 'event',
    type: 'invoice.paid',
    data: {
      object: {
        id: `in_${Math.random().toString(36).slice(2)}`,
        object: 'invoice',
        parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
        lines: { data: [{ period: { start: Math.floor(Date.now() / 1000), end: yearFromNow } }] },
      },
    },
  };
}

describe('the page and the server with Stripe keys set', () => {
  it('tells the page to use Stripe, lets Stripe.js run under the CSP, and has no test payment or test card route', async () => {
    const config = await client.get('/api/public-config');
    expect(config.body).toMatchObject({ paymentProvider: 'stripe', stripePublishableKey: 'pk_test_neighbourly' });
    const csp = config.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/);

    const member = await registerMember(client);
    const pay = await client.post('/api/payments/test/pay', { clientSecret: 'sub_test_x_secret_y', cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' }, member.token);
    expect(pay.status).toBe(404);
    // Card numbers never come to this server when Stripe takes them: the test card form's route does not exist.
    const typedCard = await client.post('/api/verify-card', { cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' }, member.token);
    expect(typedCard.status).toBe(404);
    expect((await client.get('/api/verification-status', member.token)).body.isCardVerified).toBe(false);
  });
});

describe('checkout through Stripe', () => {
  it('makes one customer and one annual AUD subscription at the plan price, even on a double click, and waits for the paid invoice', async () => {
    const member = await registerMember(client);
    const [first, second] = await Promise.all([
      client.post('/api/create-subscription', { tier: 'connector' }, member.token),
      client.post('/api/create-subscription', { tier: 'connector' }, member.token),
    ]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ tier: 'connector', status: 'incomplete', provider: 'stripe', amountCents: tierRules.connector.annualPriceCents });
    expect(first.body.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    expect(second.body.clientSecret).toBe(first.body.clientSecret);

    const ownCustomers = [...stripe.customers.values()].filter((customer) => (customer.metadata as { userId?: string }).userId === member.user.id);
    expect(ownCustomers).toHaveLength(1);
    expect(ownCustomers[0].email).toBe(member.email);
    const ownSubscriptions = [...stripe.subscriptions.values()].filter((subscription) => subscription.customer === ownCustomers[0].id);
    expect(ownSubscriptions).toHaveLength(1);
    expect(ownSubscriptions[0].payment_behavior).toBe('default_incomplete');
    const price = (ownSubscriptions[0].items as { data: { price: { currency: string; unit_amount: number; recurring: { interval: string } } }[] }).data[0].price;
    expect(price).toMatchObject({ currency: 'aud', unit_amount: 6000, recurring: { interval: 'year' } });
    // Every object-making call carries an idempotency key, so a retried request makes nothing twice.
    const creations = stripe.requests.filter((request) => request.method === 'POST');
    expect(creations.every((request) => request.idempotencyKey)).toBe(true);

    // The page confirming the payment changes nothing by itself: the tier waits for Stripe.
    expect((await me(member.token)).membershipTier).toBe('explorer');
    const paid = invoicePaid(String(ownSubscriptions[0].id));
    const delivered = await postEvent(paid);
    expect(delivered.body).toEqual({ received: true, outcome: 'applied' });
    const upgraded = await me(member.token);
    expect(upgraded.membershipTier).toBe('connector');
    expect(upgraded.trialEndDate).toBeNull();
    const [stored] = await server.database.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, String(ownSubscriptions[0].id)));
    expect(stored.status).toBe('active');
    expect(stored.currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now() + 364 * 24 * 60 * 60 * 1000);

    // Stripe retries deliveries: the same event again is recognised and changes nothing.
    expect((await postEvent(paid)).body).toEqual({ received: true, outcome: 'duplicate' });
  });

  it('keeps Explorer after the free month on a Stripe trial: the card is saved now, the first charge waits for the month to end', async () => {
    const member = await registerMember(client);
    const trialEnd = new Date((await me(member.token)).trialEndDate);
    const checkout = await client.post('/api/create-subscription', { tier: 'explorer' }, member.token);
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    expect(checkout.body).toMatchObject({ intent: 'setup', firstChargeAt: trialEnd.toISOString() });
    expect(checkout.body.clientSecret).toMatch(/^seti_\w+_secret_\w+$/);
    const [trialing] = [...stripe.subscriptions.values()].filter((subscription) => subscription.status === 'trialing' && (subscription.metadata as { userId?: string }).userId === member.user.id);
    expect(trialing.trial_end).toBe(Math.floor(trialEnd.getTime() / 1000));
    expect(trialing.trial_settings).toMatchObject({ end_behavior: { missing_payment_method: 'cancel' } });

    // Stripe's $0 trial invoice changes nothing; the saved card (the subscription's default payment method) starts the plan.
    const zeroInvoice = invoicePaid(String(trialing.id));
    (zeroInvoice.data.object as Record<string, unknown>).amount_paid = 0;
    expect((await postEvent(zeroInvoice)).body.outcome).toBe('ignored');
    expect((await client.get('/api/membership', member.token)).body.subscription).toBeNull();
    const saved = await postEvent({
      id: `evt_${Math.random().toString(36).slice(2)}`,
      object: 'event',
      type: 'customer.subscription.updated',
      data: { object: { id: trialing.id, object: 'subscription', status: 'trialing', default_payment_method: 'pm_card_visa' } },
    });
    expect(saved.body.outcome).toBe('applied');
    expect((await client.get('/api/membership', member.token)).body.subscription).toMatchObject({ status: 'trialing', firstChargeAt: trialEnd.toISOString() });
    expect(await me(member.token)).toMatchObject({ membershipTier: 'explorer', trialEndDate: trialEnd.toISOString() });

    // Cancelling before the first charge ends the subscription at Stripe too.
    expect((await client.post('/api/membership/cancel-upcoming-charge', undefined, member.token)).status).toBe(200);
    expect(stripe.subscriptions.get(String(trialing.id))?.status).toBe('canceled');
  });

  it('uses the same customer and one price per plan for every later checkout', async () => {
    const member = await registerMember(client);
    const explorer = await client.post('/api/create-subscription', { tier: 'explorer' }, member.token);
    expect(explorer.status).toBe(200);
    const connector = await client.post('/api/create-subscription', { tier: 'connector' }, member.token);
    expect(connector.status).toBe(200);
    const ownCustomers = [...stripe.customers.values()].filter((customer) => (customer.metadata as { userId?: string }).userId === member.user.id);
    expect(ownCustomers).toHaveLength(1);
    const [row] = await server.database.db.select({ customerId: users.stripeCustomerId }).from(users).where(eq(users.id, member.user.id));
    expect(row.customerId).toBe(ownCustomers[0].id);
    const aud = [...stripe.prices.values()].filter((price) => price.currency === 'aud');
    expect(aud.map((price) => price.unit_amount).sort()).toEqual([tierRules.explorer.annualPriceCents, tierRules.connector.annualPriceCents].sort());
  });

  it("answers in the product's words when Stripe cannot be reached, and keeps no half-made checkout", async () => {
    const member = await registerMember(client);
    stripe.setDown(true);
    const checkout = await client.post('/api/create-subscription', { tier: 'connector' }, member.token);
    expect(checkout.status).toBe(503);
    expect(checkout.body.message).toBe(membershipMessages.paymentsUnavailable);
    const cardCheck = await client.post('/api/verify-card/setup', undefined, member.token);
    expect(cardCheck.status).toBe(503);
    expect(cardCheck.body.message).toBe(membershipMessages.paymentsUnavailable);
    expect(await server.database.db.select().from(subscriptions).where(eq(subscriptions.userId, member.user.id))).toEqual([]);
    expect((await me(member.token)).membershipTier).toBe('explorer');

    // Once Stripe is back, the same member checks out as usual.
    stripe.setDown(false);
    expect((await client.post('/api/create-subscription', { tier: 'connector' }, member.token)).status).toBe(200);
  });
});

describe('the card check through Stripe', () => {
  it('verifies the card only once Stripe says the SetupIntent succeeded, and names the card', async () => {
    const member = await registerMember(client);
    const setup = await client.post('/api/verify-card/setup', undefined, member.token);
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    const setupIntentId = /^(seti_\w+?)_secret_/.exec(setup.body.clientSecret)![1];
    const setupIntent = stripe.setupIntents.get(setupIntentId)!;
    expect(setupIntent).toMatchObject({ usage: 'off_session', metadata: { userId: member.user.id, purpose: 'card_check' } });

    // The page says it is done before Stripe agrees: not verified.
    const early = await client.post('/api/verify-card/confirm', { setupIntentId }, member.token);
    expect(early.status).toBe(400);
    expect(early.body).toEqual({ code: 'CARD_NOT_CONFIRMED', message: membershipMessages.cardCheckNotConfirmed });

    // A refused card: Stripe's words, still pending.
    stripe.settleSetupIntent(setupIntentId, { succeeded: false, message: 'Your card was declined.' });
    const declined = await client.post('/api/verify-card/confirm', { setupIntentId }, member.token);
    expect(declined.status).toBe(400);
    expect(declined.body).toEqual({ code: 'CARD_DECLINED', message: 'Your card was declined.' });
    expect((await client.get('/api/verification-status', member.token)).body.isCardVerified).toBe(false);

    // Another member cannot claim this card check.
    const other = await registerMember(client);
    await client.post('/api/verify-card/setup', undefined, other.token);
    stripe.settleSetupIntent(setupIntentId, { succeeded: true, brand: 'visa', last4: '4242' });
    const stolen = await client.post('/api/verify-card/confirm', { setupIntentId }, other.token);
    expect(stolen.status).toBe(404);
    expect(stolen.body).toEqual({ code: 'CARD_CHECK_NOT_FOUND', message: membershipMessages.cardCheckNotFound });
    expect((await client.get('/api/verification-status', other.token)).body.isCardVerified).toBe(false);

    const confirmed = await client.post('/api/verify-card/confirm', { setupIntentId }, member.token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.message).toBe("Visa ending 4242 verified. It won't be charged unless you upgrade.");
    expect((await client.get('/api/verification-status', member.token)).body.isCardVerified).toBe(true);

    const again = await client.post('/api/verify-card/setup', undefined, member.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(accountMessages.cardAlreadyVerified);
  });

  it('refuses a made-up or malformed SetupIntent id', async () => {
    const member = await registerMember(client);
    await client.post('/api/verify-card/setup', undefined, member.token);
    const unknown = await client.post('/api/verify-card/confirm', { setupIntentId: 'seti_doesnotexist' }, member.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: 'CARD_CHECK_NOT_FOUND', message: membershipMessages.cardCheckNotFound });
    const malformed = await client.post('/api/verify-card/confirm', { setupIntentId: "seti_1' or 1=1" }, member.token);
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe(membershipMessages.cardCheckNotFound);
  });

  it('verifies the card from the signed setup_intent.succeeded event when the page never reports back', async () => {
    const member = await registerMember(client);
    const setup = await client.post('/api/verify-card/setup', undefined, member.token);
    const setupIntentId = /^(seti_\w+?)_secret_/.exec(setup.body.clientSecret)![1];
    const customer = String(stripe.setupIntents.get(setupIntentId)!.customer);
    const event = { id: `evt_${setupIntentId}`, object: 'event', type: 'setup_intent.succeeded', data: { object: { id: setupIntentId, object: 'setup_intent', status: 'succeeded', customer } } };
    expect((await postEvent(event)).body).toEqual({ received: true, outcome: 'applied' });
    expect((await client.get('/api/verification-status', member.token)).body.isCardVerified).toBe(true);
  });
});

describe('leaving a plan paid through Stripe', () => {
  /** A member who paid Connector through Stripe today: Stripe's id of the subscription. */
  async function payingConnector() {
    const member = await registerMember(client);
    const checkout = await client.post('/api/create-subscription', { tier: 'connector' }, member.token);
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const [row] = await server.database.db.select().from(subscriptions).where(eq(subscriptions.userId, member.user.id));
    expect((await postEvent(invoicePaid(row.providerSubscriptionId))).body.outcome).toBe('applied');
    expect((await me(member.token)).membershipTier).toBe('connector');
    return { member, subscriptionId: row.providerSubscriptionId };
  }
  const atStripe = (id: string) => stripe.subscriptions.get(id)!;
  const renewalPrice = (id: string) => (atStripe(id).items as { data: { price: { unit_amount: number } }[] }).data[0].price.unit_amount;

  it('ends the subscription at the end of the paid year rather than now, and undoing keeps it renewing', async () => {
    const { member, subscriptionId } = await payingConnector();
    const asked = await client.post('/api/create-subscription', { tier: 'starter' }, member.token);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body).toMatchObject({ tier: 'starter', status: 'scheduled', provider: 'stripe' });
    expect(atStripe(subscriptionId)).toMatchObject({ cancel_at_period_end: true });
    expect(atStripe(subscriptionId).status).not.toBe('canceled');
    expect(stripe.requests.some((request) => request.method === 'DELETE' && request.path.endsWith(subscriptionId))).toBe(false);
    expect((await me(member.token)).membershipTier).toBe('connector');

    expect((await client.post('/api/membership/undo-scheduled-change', undefined, member.token)).status).toBe(200);
    expect(atStripe(subscriptionId)).toMatchObject({ cancel_at_period_end: false });
    expect(renewalPrice(subscriptionId)).toBe(6000);

    // Stripe cannot be reached: the member is told, and neither side holds the change.
    stripe.setDown(true);
    const failed = await client.post('/api/create-subscription', { tier: 'starter' }, member.token);
    stripe.setDown(false);
    expect(failed.status).toBe(503);
    expect(failed.body.message).toBe(membershipMessages.paymentsUnavailable);
    expect((await client.get('/api/membership', member.token)).body.subscription).toMatchObject({ tier: 'connector', scheduledTier: null });
    expect(atStripe(subscriptionId)).toMatchObject({ cancel_at_period_end: false });

    // Asked again; at the end of the year Stripe ends it and says so: Starter from then, for good.
    expect((await client.post('/api/create-subscription', { tier: 'starter' }, member.token)).body.status).toBe('scheduled');
    const ended = { id: `evt_${Math.random().toString(36).slice(2)}`, object: 'event', type: 'customer.subscription.deleted', data: { object: { id: subscriptionId, object: 'subscription', status: 'canceled' } } };
    expect((await postEvent(ended)).body.outcome).toBe('applied');
    expect((await me(member.token)).membershipTier).toBe('starter');
    expect(await client.post('/api/membership/undo-scheduled-change', undefined, member.token)).toMatchObject({ status: 409, body: { code: 'SCHEDULED_CHANGE_PASSED' } });
  });

  it("renews as the cheaper plan at its price with nothing charged now, whichever of Stripe's renewal and the upkeep comes first", async () => {
    const { member, subscriptionId } = await payingConnector();
    const asked = await client.post('/api/create-subscription', { tier: 'explorer' }, member.token);
    expect(asked.body).toMatchObject({ tier: 'explorer', status: 'scheduled', clientSecret: null });
    expect(renewalPrice(subscriptionId)).toBe(tierRules.explorer.annualPriceCents);
    expect(atStripe(subscriptionId)).toMatchObject({ proration_behavior: 'none', cancel_at_period_end: false });
    const ownAtStripe = [...stripe.subscriptions.values()].filter((subscription) => (subscription.metadata as { userId?: string }).userId === member.user.id);
    expect(ownAtStripe).toHaveLength(1);
    expect((await me(member.token)).membershipTier).toBe('connector');

    // The year is over and Stripe's renewal invoice comes before the hourly upkeep.
    await server.database.db.update(subscriptions).set({ currentPeriodEnd: new Date(Date.now() - 60_000) }).where(eq(subscriptions.providerSubscriptionId, subscriptionId));
    expect((await postEvent(invoicePaid(subscriptionId))).body.outcome).toBe('applied');
    expect((await me(member.token)).membershipTier).toBe('explorer');
    expect((await client.get('/api/membership', member.token)).body.subscription).toMatchObject({ tier: 'explorer', amountCents: 2400, status: 'active', scheduledTier: null });
    const result = await runMembershipUpkeep(server.deps, { now: new Date(Date.now() + 60_000) });
    expect(result.planChanges).toBe(0);
    expect((await me(member.token)).membershipTier).toBe('explorer');
  });
});
