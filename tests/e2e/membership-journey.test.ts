// Choosing and paying for a membership in a real Chromium against the built app: the plans page,
// checkout with the built-in test provider, a declined card, Starter's instant switch, and the
// how-it-works page. Members are set up through the API.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasHorizontalScroll, toastTitled, viewports } from './support/browser';
import type { ApiMember } from './support/api';
import { useJourney } from './support/journey';

const patientMs = 20_000;
const { api, openPageAs, seeVisible, captureBothSizes, readMember, verifiedSeller } = useJourney({ name: 'membership', patientMs });

type CurrentUser = { membershipTier: string; trialEndDate: string | null };

/** `button`: "Pay $60", or "Save card" when the first charge waits for the free month to end. */
async function payWithCard(page: Page, cardNumber: string, button: string): Promise<void> {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: button }).click();
}

function createListing(member: ApiMember, index: number): Promise<Response> {
  return api.sendApi('POST', '/api/listings', {
    token: member.token,
    body: {
      title: `Garden chair number ${index}`,
      description: 'A sturdy timber garden chair, lightly weathered.',
      price: '20',
      category: 'home',
      imageUrls: [],
    },
  });
}

describe('membership', () => {
  it('a visitor compares the plans and is sent to join', async () => {
    const page = await openPageAs(null);
    await page.goto('/membership-plans');
    await seeVisible(page.getByRole('heading', { level: 1, name: 'A plan for every neighbour' }));
    expect(await page.title()).toBe('Membership Plans | Neighbourly');

    const cards = page.locator('#plan-cards');
    await seeVisible(cards.getByText('Most popular'));
    for (const price of ['Free', '$24/year', '$60/year']) await seeVisible(cards.getByText(price, { exact: true }));
    await seeVisible(cards.getByText('Billed annually, about $2 a month'));
    await seeVisible(cards.getByText('Billed annually, about $5 a month'));
    await seeVisible(cards.getByText('Search area: State-wide'));
    await seeVisible(cards.getByText('1 month free'));
    await seeVisible(cards.getByText('1 pinned post'));

    const table = page.getByRole('table', { name: 'Membership plans compared' });
    for (const row of ['Price', 'Listings at once', 'Photos per listing', 'Search area', 'Badge', 'Listing times', 'Pinned posts', 'Support', 'Free trial']) {
      await seeVisible(table.getByRole('rowheader', { name: row }));
    }
    await seeVisible(table.getByRole('cell', { name: '8, up to 5 MB each' }));
    for (const benefit of ['Search Wider', 'Stand Out', 'List More Items']) await seeVisible(page.getByRole('heading', { level: 3, name: benefit }));

    // The selector highlights the chosen plan.
    const connectorToggle = page.getByRole('group', { name: 'Choose a plan' }).getByRole('button', { name: 'Connector' });
    expect(await page.getByRole('group', { name: 'Choose a plan' }).getByRole('button', { name: 'Explorer' }).getAttribute('aria-pressed')).toBe('true');
    await connectorToggle.click();
    expect(await connectorToggle.getAttribute('aria-pressed')).toBe('true');

    // On a phone the page keeps still while the table scrolls inside its own box.
    await captureBothSizes(page, 'membership-plans');
    await page.setViewportSize(viewports.phone);
    const tableBox = page.getByRole('region', { name: /Plan comparison/ });
    expect(await tableBox.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await seeVisible(page.getByRole('link', { name: 'Choose Connector' }));
    await page.setViewportSize(viewports.desktop);

    await page.getByRole('link', { name: 'Choose Connector' }).click();
    await page.waitForURL('**/auth');
  });

  it('a member upgrades to Connector with a test card and can then hold 8 listings', async () => {
    const member = await verifiedSeller({ firstName: 'Priya' });
    const page = await openPageAs(member);
    const subscriptionCalls: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/create-subscription')) subscriptionCalls.push(request.url());
    });

    await page.goto('/membership-plans');
    await seeVisible(page.getByRole('heading', { level: 1, name: 'A plan for every neighbour' }));
    // New members are on Explorer's free month, which they can keep.
    await seeVisible(page.getByText(/Current plan · free month until/));
    await seeVisible(page.getByRole('link', { name: 'Keep Explorer' }));

    await page.getByRole('group', { name: 'Choose a plan' }).getByRole('button', { name: 'Connector' }).click();
    await page.getByRole('link', { name: 'Choose Connector' }).click();
    await page.waitForURL('**/subscribe/connector');

    await seeVisible(page.getByRole('heading', { level: 1, name: 'Subscribe to Connector' }));
    expect(await page.title()).toBe('Subscribe to Connector | Neighbourly');
    await seeVisible(page.getByText('$60/year'));
    await seeVisible(page.getByText('Billed annually in AUD, about $5 a month'));
    await seeVisible(page.getByText('8 listings at once'));
    await seeVisible(page.getByText('Priority support: first reply within 1 business day'));
    // During the free month, said before the card form: Connector is charged today and ends it.
    await seeVisible(page.getByText('Connector is charged $60 today, and your free month of Explorer ends when the payment goes through.'));
    await captureBothSizes(page, 'subscribe-connector');

    // A double click starts one checkout.
    await page.getByRole('button', { name: 'Subscribe Now' }).dblclick();
    await seeVisible(page.getByLabel('Card number'));
    expect(subscriptionCalls).toHaveLength(1);
    await seeVisible(page.getByText('4242 4242 4242 4242'));
    expect(await page.getByLabel('Card number').getAttribute('autocomplete')).toBe('cc-number');
    expect(await page.getByLabel('Expiry (MM/YY)').getAttribute('autocomplete')).toBe('cc-exp');
    expect(await page.getByLabel('CVC').getAttribute('inputmode')).toBe('numeric');
    await captureBothSizes(page, 'subscribe-connector-payment');

    await payWithCard(page, '4242 4242 4242 4242', 'Pay $60');
    await seeVisible(page.getByRole('heading', { level: 1, name: 'Welcome to the family!' }));
    await seeVisible(page.getByText("You're now a Connector member."));
    expect((await readMember<CurrentUser>(member)).membershipTier).toBe('connector');
    await captureBothSizes(page, 'subscribe-welcome');

    // The page knows the new plan without a reload.
    await page.getByRole('link', { name: 'Membership Plans' }).first().click();
    await page.waitForURL('**/membership-plans');
    await page.getByRole('group', { name: 'Choose a plan' }).getByRole('button', { name: 'Connector' }).click();
    const currentPlan = page.getByRole('button', { name: 'Current plan' });
    await seeVisible(currentPlan);
    expect(await currentPlan.isDisabled()).toBe(true);
    await seeVisible(page.getByText('Your plan:').locator('..').getByText('Connector'));

    // Paying again for the same plan is refused with a friendly note.
    await page.goto('/subscribe/connector');
    await seeVisible(page.getByText('You are already on this plan.'));

    // Connector's limit: 8 listings at once, the 9th refused.
    for (let index = 1; index <= 8; index += 1) {
      const response = await createListing(member, index);
      expect(response.status, `listing ${index}`).toBe(201);
    }
    const ninth = await createListing(member, 9);
    expect(ninth.status).toBe(403);
    expect(((await ninth.json()) as { code: string }).code).toBe('LISTING_LIMIT_REACHED');
  });

  it("a declined card shows 'Payment Failed' and leaves the plan as it was", async () => {
    const member = await verifiedSeller({ firstName: 'Sam' });
    const page = await openPageAs(member, viewports.phone);
    await page.goto('/subscribe/explorer');
    await seeVisible(page.getByRole('heading', { level: 1, name: 'Subscribe to Explorer' }));
    await seeVisible(page.getByText(/You're on your free month until/));
    await page.getByRole('button', { name: 'Subscribe Now' }).click();
    await payWithCard(page, '4000 0000 0000 0002', 'Save card');

    await seeVisible(toastTitled(page, 'Payment Failed'));
    const alert = page.getByRole('alert').filter({ hasText: 'Payment Failed' });
    await seeVisible(alert);
    await seeVisible(alert.getByText('Your card was declined. Please try another card.'));
    expect(await hasHorizontalScroll(page)).toBe(false);
    const after = await readMember<CurrentUser>(member);
    expect(after.membershipTier).toBe('explorer');
    expect(after.trialEndDate).not.toBeNull();
  });

  it('only Starter, Explorer and Connector can be bought', async () => {
    const member = await verifiedSeller({ firstName: 'Lee' });
    const page = await openPageAs(member);
    for (const path of ['/subscribe/lifetime', '/subscribe/platinum']) {
      await page.goto(path);
      await seeVisible(page.getByRole('heading', { level: 1, name: '404 Page Not Found' }));
      await seeVisible(page.getByRole('link', { name: 'Take me home' }));
    }
  });

  it('choosing Starter switches at once and goes home after about a second', async () => {
    const member = await verifiedSeller({ firstName: 'Jo' });
    const page = await openPageAs(member);
    await page.goto('/membership-plans');
    await page.getByRole('group', { name: 'Choose a plan' }).getByRole('button', { name: 'Starter' }).click();
    // The second counts from the server's answer, not from when the test notices the toast.
    const switched = page.waitForResponse((response) => response.url().endsWith('/api/create-subscription') && response.ok());
    await page.getByRole('link', { name: 'Switch to Starter' }).click();
    await switched;
    const switchedAt = Date.now();
    await page.waitForURL('**/subscribe/starter');
    await seeVisible(toastTitled(page, 'Membership updated'));
    expect(new URL(page.url()).pathname).toBe('/subscribe/starter');
    await page.waitForURL((url) => url.pathname === '/', { timeout: patientMs });
    const waited = Date.now() - switchedAt;
    expect(waited).toBeGreaterThanOrEqual(600);
    expect(waited).toBeLessThan(3000);
    expect((await readMember<CurrentUser>(member)).membershipTier).toBe('starter');
  });

  it('checkout explains what went wrong: a failed set-up and a signed-out session', async () => {
    const member = await verifiedSeller({ firstName: 'Ari' });
    const page = await openPageAs(member);

    // The server cannot start a checkout.
    await page.route('**/api/create-subscription', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Something went wrong on our side.', code: 'INTERNAL' }) }),
    );
    await page.goto('/subscribe/connector');
    await page.getByRole('button', { name: 'Subscribe Now' }).click();
    await seeVisible(toastTitled(page, 'Failed to create subscription'));
    await seeVisible(page.getByRole('button', { name: 'Subscribe Now' }));

    await page.unroute('**/api/create-subscription');

    // The session ends elsewhere: checkout says so and sends the member to sign in.
    await page.reload();
    await seeVisible(page.getByRole('button', { name: 'Subscribe Now' }));
    await api.callApi('POST', '/api/auth/logout', { token: member.token });
    await page.getByRole('button', { name: 'Subscribe Now' }).click();
    await seeVisible(toastTitled(page, 'Unauthorized'));
    await seeVisible(page.getByText('You are logged out. Logging in again...', { exact: true }));
    await page.waitForURL('**/auth', { timeout: patientMs });
  });

  it('how it works: the steps, the FAQ and a call to action for visitors and members', async () => {
    const visitorPage = await openPageAs(null);
    await visitorPage.goto('/how-it-works');
    await seeVisible(visitorPage.getByRole('heading', { level: 1, name: 'From hello to pickup' }));
    expect(await visitorPage.title()).toBe('How It Works | Neighbourly');
    for (const step of ['Join the community', 'Get verified', 'List with photos', 'Browse near you', 'Message the seller', 'Meet for pickup']) {
      await seeVisible(visitorPage.getByRole('heading', { level: 3, name: step }));
    }
    const expiry = visitorPage.locator('details').filter({ hasText: 'Do my listings expire?' });
    const answer = expiry.getByText(/Listings never expire/);
    expect(await answer.isVisible()).toBe(false);
    await expiry.getByText('Do my listings expire?').click();
    await seeVisible(answer);
    await seeVisible(visitorPage.getByText(/only your plan's listing limit applies/i));
    for (const fact of [/within 5 km/, /go back to Starter/, /gift from a Neighbourly admin/, /All prices are in AUD and billed annually/, /Delete the listing/]) {
      expect(await visitorPage.getByText(fact).count()).toBeGreaterThan(0);
    }
    await captureBothSizes(visitorPage, 'how-it-works');
    expect(await visitorPage.getByRole('link', { name: 'Join the Community!' }).last().getAttribute('href')).toBe('/auth');

    const member = await verifiedSeller({ firstName: 'Kim' });
    const memberPage = await openPageAs(member);
    await memberPage.goto('/how-it-works');
    await memberPage.getByRole('link', { name: 'Go to My Dashboard' }).click();
    await memberPage.waitForURL('**/dashboard');
  });
});
