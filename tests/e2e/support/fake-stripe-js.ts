// Stripe.js as the browser sees it, served in place of https://js.stripe.com (unreachable from the
// test machine): a Stripe() whose Payment Element is one "Card number" field, and whose
// confirmSetup / confirmPayment go to https://api.stripe.com, answered here by playing Stripe on
// top of the fake Stripe API the server talks to. A confirmed payment is followed, as with Stripe,
// by a signed invoice.paid event to the app's webhook.
import type { Page, Route } from 'playwright-core';
import type { FakeStripe } from '../../api/support/fake-stripe';
import { signPayload } from '../../../src/server/membership/webhook-signature';

/** The card number Stripe's test mode declines. */
export const declinedCard = '4000000000000002';

const stripeJs = `(() => {
  function Stripe() {
    let clientSecret = null;
    let cardInput = null;
    function elements(options) {
      clientSecret = (options && options.clientSecret) || null;
      return {
        create(type) {
          const handlers = {};
          let node = null;
          const element = {
            mount(target) {
              node = document.createElement('div');
              node.innerHTML = '<label style="display:grid;gap:4px;font-weight:600">Card number<input inputmode="numeric" autocomplete="cc-number" style="border:1px solid #ccc;border-radius:12px;padding:10px"></label>';
              target.appendChild(node);
              cardInput = node.querySelector('input');
              setTimeout(() => (handlers.ready || []).forEach((handler) => handler({ elementType: type })), 50);
            },
            on(event, handler) { (handlers[event] = handlers[event] || []).push(handler); return element; },
            off(event, handler) { handlers[event] = (handlers[event] || []).filter((h) => h !== handler); return element; },
            update() {}, focus() {}, blur() {}, clear() {},
            unmount() { if (node) node.remove(); },
            destroy() { if (node) node.remove(); },
          };
          return element;
        },
        update() {},
        getElement() { return null; },
        submit: async () => ({}),
        fetchUpdates: async () => ({}),
      };
    }
    async function confirm(kind) {
      const card = cardInput ? cardInput.value.replace(/\\s/g, '') : '';
      const response = await fetch('https://api.stripe.com/v1/fake/' + kind, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ clientSecret, card }) });
      return response.json();
    }
    return {
      elements,
      createToken: async () => ({}),
      createPaymentMethod: async () => ({}),
      confirmCardPayment: async () => ({}),
      confirmSetup: () => confirm('confirm_setup'),
      confirmPayment: () => confirm('confirm_payment'),
    };
  }
  window.Stripe = Stripe;
})();`;

type Options = { stripe: FakeStripe; appBaseUrl: string; webhookSecret: string };

async function answer(route: Route, body: unknown): Promise<void> {
  await route.fulfill({ status: 200, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: JSON.stringify(body) });
}

const declined = { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } };

/** Serves the fake Stripe.js to this page and plays Stripe's part when the page confirms. */
export async function installFakeStripeJs(page: Page, { stripe, appBaseUrl, webhookSecret }: Options): Promise<void> {
  await page.route('https://js.stripe.com/**', (route) => route.fulfill({ status: 200, contentType: 'application/javascript', body: stripeJs }));
  await page.route('https://api.stripe.com/v1/fake/*', async (route) => {
    const { clientSecret, card } = JSON.parse(route.request().postData() ?? '{}') as { clientSecret: string; card: string };
    if (route.request().url().endsWith('/confirm_setup')) {
      const setupIntentId = /^(seti_\w+?)_secret_/.exec(clientSecret)?.[1] ?? '';
      if (card === declinedCard) {
        stripe.settleSetupIntent(setupIntentId, { succeeded: false, message: declined.error.message });
        return answer(route, declined);
      }
      stripe.settleSetupIntent(setupIntentId, { succeeded: true, brand: 'visa', last4: card.slice(-4) });
      return answer(route, { setupIntent: { id: setupIntentId, object: 'setup_intent', status: 'succeeded' } });
    }
    if (card === declinedCard) return answer(route, declined);
    // Paid: Stripe tells the app through its signed webhook, a moment later.
    const subscriptionId = stripe.subscriptionForPayment(clientSecret);
    const event = JSON.stringify({
      id: `evt_${Date.now()}`,
      object: 'event',
      type: 'invoice.paid',
      data: {
        object: {
          id: `in_${Date.now()}`,
          object: 'invoice',
          parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
          lines: { data: [{ period: { end: Math.floor(Date.now() / 1000) + 365 * 24 * 60 * 60 } }] },
        },
      },
    });
    setTimeout(() => {
      void fetch(`${appBaseUrl}/api/webhooks/payments`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signPayload(webhookSecret, event) }, body: event });
    }, 500);
    return answer(route, { paymentIntent: { id: clientSecret.split('_secret_')[0], object: 'payment_intent', status: 'succeeded' } });
  });
}
