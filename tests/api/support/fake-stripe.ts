// A local stand-in for the parts of Stripe's HTTP API the server calls (customers, prices,
// subscriptions, SetupIntents), so the Stripe path runs for real through the stripe SDK, with
// STRIPE_API_BASE pointing here. It records every request, and a test can play Stripe's part in a
// card check (succeeding or refusing a SetupIntent) or go down.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Fields = Record<string, unknown>;

export type StripeRequest = { method: string; path: string; fields: Fields; idempotencyKey: string | null };

export type FakeStripe = {
  apiBase: string;
  requests: StripeRequest[];
  customers: Map<string, Fields>;
  prices: Map<string, Fields>;
  subscriptions: Map<string, Fields>;
  setupIntents: Map<string, Fields>;
  /** Plays the page and Stripe.js: the SetupIntent is confirmed with a card (or refused with Stripe's words). */
  settleSetupIntent: (id: string, outcome: { succeeded: true; brand?: string; last4?: string } | { succeeded: false; message: string }) => void;
  /** The subscription whose first invoice a PaymentIntent client secret pays. */
  subscriptionForPayment: (clientSecret: string) => string;
  /** While down, every request fails as an unreachable Stripe does (a 500 with Stripe's api_error). */
  setDown: (down: boolean) => void;
  close: () => Promise<void>;
};

/** Stripe's form encoding (`a[b][0]=c`) into nested objects and arrays. */
function parseForm(text: string): Fields {
  const root: Fields = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: Record<string, unknown> = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      const next = node[part];
      if (typeof next !== 'object' || next === null) node[part] = /^\d+$/.test(path[index + 1]) ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function stripeError(status: number, type: string, message: string, code?: string) {
  return { status, body: { error: { type, message, ...(code ? { code } : {}) } } };
}

const missing = (what: string, id: string) => stripeError(404, 'invalid_request_error', `No such ${what}: '${id}'`, 'resource_missing');

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: StripeRequest[] = [];
  const customers = new Map<string, Fields>();
  const prices = new Map<string, Fields>();
  const subscriptions = new Map<string, Fields>();
  const setupIntents = new Map<string, Fields>();
  const paymentMethods = new Map<string, Fields>();
  const subscriptionBySecret = new Map<string, string>();
  let down = false;

  /** A SetupIntent waiting for its card, as Stripe makes one for a card check or a trial's subscription. */
  function createSetupIntent(input: { customer: unknown; usage: unknown; metadata?: unknown }) {
    const setupIntentId = newId('seti');
    const setupIntent = {
      id: setupIntentId,
      object: 'setup_intent',
      customer: input.customer,
      status: 'requires_payment_method',
      usage: input.usage,
      metadata: input.metadata ?? {},
      client_secret: `${setupIntentId}_secret_${randomBytes(8).toString('hex')}`,
      payment_method: null as string | null,
      last_setup_error: null as Fields | null,
    };
    setupIntents.set(setupIntentId, setupIntent);
    return setupIntent;
  }

  function route(method: string, path: string, fields: Fields, query: URLSearchParams): { status: number; body: unknown } {
    const [, , resource, id] = path.split('/');
    // expand travels in the query of a GET and in the body of a POST.
    const expandFields = Array.isArray(fields.expand) ? (fields.expand as string[]) : [];
    const expand = [...expandFields, ...[...query.entries()].filter(([key]) => key.startsWith('expand')).map(([, value]) => value)];
    if (method === 'POST' && resource === 'customers' && !id) {
      const customer = { id: newId('cus'), object: 'customer', email: fields.email, name: fields.name, metadata: fields.metadata ?? {} };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (resource === 'prices') {
      if (method === 'GET' && id) return prices.has(id) ? { status: 200, body: prices.get(id) } : missing('price', id);
      if (method === 'GET') {
        const keys = [...query.entries()].filter(([key]) => key.startsWith('lookup_keys')).map(([, value]) => value);
        const data = [...prices.values()].filter((price) => keys.includes(String(price.lookup_key)) && price.active !== false);
        return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/prices' } };
      }
      if (method === 'POST') {
        const recurring = fields.recurring as Fields;
        const price = {
          id: newId('price'),
          object: 'price',
          active: true,
          currency: fields.currency,
          unit_amount: Number(fields.unit_amount),
          lookup_key: fields.lookup_key ?? null,
          recurring: { interval: recurring.interval, interval_count: Number(recurring.interval_count ?? 1) },
          product: newId('prod'),
          product_name: (fields.product_data as Fields | undefined)?.name,
        };
        prices.set(price.id, price);
        return { status: 200, body: price };
      }
    }
    if (resource === 'subscriptions') {
      if (method === 'POST' && !id) {
        if (!customers.has(String(fields.customer))) return missing('customer', String(fields.customer));
        const items = fields.items as { price: string }[];
        const price = prices.get(items[0].price);
        if (!price) return missing('price', items[0].price);
        const subscriptionId = newId('sub');
        if (fields.trial_end) {
          // A trial: nothing to pay yet; the page saves the card through the pending SetupIntent.
          const setupIntent = createSetupIntent({ customer: fields.customer, usage: 'off_session' });
          const setupIntentId = setupIntent.id;
          const trialing = {
            id: subscriptionId,
            object: 'subscription',
            customer: fields.customer,
            status: 'trialing',
            trial_end: Number(fields.trial_end),
            trial_settings: fields.trial_settings,
            items: { object: 'list', data: [{ id: newId('si'), object: 'subscription_item', price }] },
            metadata: fields.metadata ?? {},
            payment_behavior: fields.payment_behavior,
            pending_setup_intent: setupIntentId,
          };
          subscriptions.set(subscriptionId, trialing);
          return { status: 200, body: { ...trialing, pending_setup_intent: expand.includes('pending_setup_intent') ? setupIntent : setupIntentId } };
        }
        const invoice = {
          id: newId('in'),
          object: 'invoice',
          amount_due: price.unit_amount,
          currency: price.currency,
          parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
          confirmation_secret: { type: 'payment_intent', client_secret: `${newId('pi')}_secret_${randomBytes(8).toString('hex')}` },
        };
        const subscription = {
          id: subscriptionId,
          object: 'subscription',
          customer: fields.customer,
          status: 'incomplete',
          items: { object: 'list', data: [{ id: newId('si'), object: 'subscription_item', price }] },
          metadata: fields.metadata ?? {},
          payment_behavior: fields.payment_behavior,
        };
        subscriptions.set(subscription.id, subscription);
        subscriptionBySecret.set(invoice.confirmation_secret.client_secret, subscriptionId);
        const latest = expand.includes('latest_invoice.confirmation_secret') ? invoice : { ...invoice, confirmation_secret: undefined };
        return { status: 200, body: { ...subscription, latest_invoice: latest } };
      }
      if (method === 'GET' && id) return subscriptions.has(id) ? { status: 200, body: subscriptions.get(id) } : missing('subscription', id);
      if (method === 'POST' && id) {
        // What happens when the paid year ends: ended (cancel_at_period_end) or renewed at another price.
        const subscription = subscriptions.get(id);
        if (!subscription) return missing('subscription', id);
        if (subscription.status === 'canceled') return stripeError(400, 'invalid_request_error', 'A canceled subscription can only update its cancellation_details and metadata.');
        if (fields.cancel_at_period_end !== undefined) subscription.cancel_at_period_end = fields.cancel_at_period_end === 'true';
        const itemChanges = (fields.items as { id: string; price: string }[] | undefined) ?? [];
        for (const change of itemChanges) {
          const item = (subscription.items as { data: { id: string; price: Fields }[] }).data.find((entry) => entry.id === change.id);
          if (!item) return missing('subscription_item', change.id);
          const price = prices.get(change.price);
          if (!price) return missing('price', change.price);
          item.price = price;
        }
        if (fields.proration_behavior !== undefined) subscription.proration_behavior = fields.proration_behavior;
        return { status: 200, body: subscription };
      }
      if (method === 'DELETE' && id) {
        const subscription = subscriptions.get(id);
        if (!subscription) return missing('subscription', id);
        subscription.status = 'canceled';
        return { status: 200, body: subscription };
      }
    }
    if (resource === 'setup_intents') {
      if (method === 'POST' && !id) {
        const setupIntent = createSetupIntent({ customer: fields.customer, usage: fields.usage, metadata: fields.metadata });
        return { status: 200, body: setupIntent };
      }
      if (method === 'GET' && id) {
        const setupIntent = setupIntents.get(id);
        if (!setupIntent) return missing('setup_intent', id);
        const methodId = setupIntent.payment_method as string | null;
        const paymentMethod = methodId && expand.includes('payment_method') ? paymentMethods.get(methodId) : methodId;
        return { status: 200, body: { ...setupIntent, payment_method: paymentMethod } };
      }
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stripe.local');
      const fields = parseForm(Buffer.concat(chunks).toString('utf8'));
      const idempotencyKey = typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : null;
      requests.push({ method: request.method ?? 'GET', path: url.pathname, fields, idempotencyKey });
      const answer = down
        ? stripeError(500, 'api_error', 'An unknown error occurred.')
        : request.headers.authorization?.startsWith('Bearer sk_test_')
          ? route(request.method ?? 'GET', url.pathname, fields, url.searchParams)
          : stripeError(401, 'invalid_request_error', 'Invalid API Key provided.');
      response.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': newId('req') });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    apiBase: `http://127.0.0.1:${port}`,
    requests,
    customers,
    prices,
    subscriptions,
    setupIntents,
    settleSetupIntent(id, outcome) {
      const setupIntent = setupIntents.get(id);
      if (!setupIntent) throw new Error(`the fake Stripe has no SetupIntent ${id}`);
      if (outcome.succeeded) {
        const paymentMethod = { id: newId('pm'), object: 'payment_method', type: 'card', card: { brand: outcome.brand ?? 'visa', last4: outcome.last4 ?? '4242' } };
        paymentMethods.set(paymentMethod.id, paymentMethod);
        Object.assign(setupIntent, { status: 'succeeded', payment_method: paymentMethod.id, last_setup_error: null });
      } else {
        Object.assign(setupIntent, { status: 'requires_payment_method', last_setup_error: { type: 'card_error', code: 'card_declined', message: outcome.message } });
      }
    },
    subscriptionForPayment(clientSecret) {
      const subscriptionId = subscriptionBySecret.get(clientSecret);
      if (!subscriptionId) throw new Error('the fake Stripe made no invoice with that client secret');
      return subscriptionId;
    },
    setDown(value) {
      down = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
