// With Stripe keys set, in a real Chromium against the built app: the account's card check and the
// checkout use Stripe's card form (Stripe.js, played here because js.stripe.com is out of reach),
// the server talks to a local stand-in for Stripe's API through the stripe SDK, and the tier changes
// when Stripe's signed invoice.paid event arrives.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../api/support/fake-stripe';
import { saveScreenshot, toastTitled } from './support/browser';
import { declinedCard, installFakeStripeJs } from './support/fake-stripe-js';
import { useJourney } from './support/journey';

const webhookSecret = 'whsec_e2e_stripe_secret';

let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
});
afterAll(async () => {
  await stripe?.close();
});

const { api, baseUrl, openPageAs: openTab, seeVisible, verifiedSeller } = useJourney({
  name: 'stripe-payments',
  env: () => ({ STRIPE_SECRET_KEY: 'sk_test_e2e', STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e', STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_BASE: stripe.apiBase }),
});

async function openPageAs(token: string, options: { stripeReachable?: boolean } = {}): Promise<Page> {
  const page = await openTab({ token });
  if (options.stripeReachable === false) await page.route('https://js.stripe.com/**', (route) => route.abort('internetdisconnected'));
  else await installFakeStripeJs(page, { stripe, appBaseUrl: baseUrl(), webhookSecret });
  return page;
}

describe('paying through Stripe', () => {
  it("a member adds a card in Stripe's card form: a decline shows Stripe's words, a good card is verified", async () => {
    const member = await verifiedSeller({ firstName: 'Mei' });
    const page = await openPageAs(member.token);
    await page.goto('/account#add-card');
    await seeVisible(page.getByRole('heading', { name: 'Add a card' }));
    // The test provider's own fields are not offered: card numbers go to Stripe.
    expect(await page.getByLabel('Expiry (MM/YY)').count()).toBe(0);
    await page.getByRole('button', { name: 'Add Card' }).click();

    const cardForm = page.getByRole('form', { name: 'Card details' });
    await seeVisible(cardForm.getByLabel('Card number'));
    await cardForm.getByLabel('Card number').fill(declinedCard);
    await cardForm.getByRole('button', { name: 'Add Card' }).click();
    await seeVisible(page.getByRole('alert').filter({ hasText: 'Your card was declined.' }));
    expect((await api.callApi<{ isCardVerified: boolean }>('GET', '/api/verification-status', { token: member.token })).isCardVerified).toBe(false);

    await cardForm.getByLabel('Card number').fill('4242 4242 4242 4242');
    await cardForm.getByRole('button', { name: 'Add Card' }).click();
    await seeVisible(toastTitled(page, 'Card Verified!'));
    await seeVisible(page.getByRole('region', { name: /Notifications/ }).getByText("Visa ending 4242 verified. It won't be charged unless you upgrade.", { exact: true }));
    await seeVisible(page.getByText("Your card is verified. It won't be charged unless you upgrade."));
    expect((await api.callApi<{ isCardVerified: boolean }>('GET', '/api/verification-status', { token: member.token })).isCardVerified).toBe(true);
    await saveScreenshot(page, 'stripe-card-verified-1280');
  });

  it("a member upgrades to Connector with Stripe's Payment Element, and the plan changes when Stripe confirms", async () => {
    const member = await verifiedSeller({ firstName: 'Tom' });
    const page = await openPageAs(member.token);
    await page.goto('/subscribe/connector');
    await page.getByRole('button', { name: 'Subscribe Now' }).click();

    const paymentForm = page.getByRole('form', { name: 'Payment details' });
    await seeVisible(paymentForm.getByLabel('Card number'));
    await saveScreenshot(page, 'stripe-checkout-1280');
    await paymentForm.getByLabel('Card number').fill(declinedCard);
    await paymentForm.getByRole('button', { name: 'Pay $60' }).click();
    await seeVisible(page.getByRole('alert').filter({ hasText: 'Payment Failed' }).filter({ hasText: 'Your card was declined.' }));
    expect((await api.callApi<{ membershipTier: string }>('GET', '/api/auth/me', { token: member.token })).membershipTier).toBe('explorer');

    await paymentForm.getByLabel('Card number').fill('4242 4242 4242 4242');
    await paymentForm.getByRole('button', { name: 'Pay $60' }).click();
    await seeVisible(page.getByRole('heading', { name: /Welcome to the family/ }));
    await seeVisible(page.getByText('Connector', { exact: true }).first());
    expect((await api.callApi<{ membershipTier: string }>('GET', '/api/auth/me', { token: member.token })).membershipTier).toBe('connector');
    await saveScreenshot(page, 'stripe-checkout-paid-1280');
  });

  it('says so when Stripe.js cannot be loaded, instead of loading for ever', async () => {
    const member = await verifiedSeller({ firstName: 'Ana' });
    const page = await openPageAs(member.token, { stripeReachable: false });
    await page.goto('/account#add-card');
    await page.getByRole('button', { name: 'Add Card' }).click();
    await seeVisible(page.getByRole('alert').filter({ hasText: "The secure card form didn't load" }));
    expect(await page.getByText('Loading the secure card form…').count()).toBe(0);
  });
});
