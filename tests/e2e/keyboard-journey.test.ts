// A buyer's journey with the keyboard alone, in a real Chromium against the built app: no mouse and
// no clicking by selector. Focus moves with Tab and Shift+Tab, Enter follows links and presses
// buttons, Escape closes a dialog. What is focused is read from the page itself, by its name as a
// screen reader would say it.
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { moderationActionLabels, moderationLabels, moderationMessages } from '../../src/domain/moderation';
import { ratingMessages } from '../../src/domain/ratings';
import { memberPassword } from './support/api';
import { expectVisible, toastTitled, viewports } from './support/browser';
import { useJourney } from './support/journey';

const { api, openPageAs, listItem, verifiedSeller, adminMember } = useJourney({
  name: 'keyboard-journey',
  // A dozen members verified from this one address within minutes: past one address's code budget (20 a quarter hour) otherwise.
  env: { ADMIN_EMAILS: 'keyboard-admin@example.com', RATE_LIMIT_MULTIPLIER: '5' },
});

type Focused = { tag: string; name: string; inDialog: boolean; ring: boolean };

/** What has focus: its tag, its accessible name (label, aria-label or text), whether it is in an open dialog and shows a focus ring. */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { tag: 'BODY', name: '', inDialog: false, ring: false };
    const labelled = element.getAttribute('aria-labelledby');
    const name =
      element.getAttribute('aria-label') ??
      (labelled ? labelled.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ') : null) ??
      (element as HTMLInputElement).labels?.[0]?.textContent ??
      element.textContent ??
      '';
    const style = getComputedStyle(element);
    return { tag: element.tagName, name: name.replace(/\s+/g, ' ').trim(), inDialog: element.closest('dialog[open]') !== null, ring: style.outlineStyle !== 'none' && style.outlineWidth !== '0px' };
  });
}

/** Presses Tab (or Shift+Tab) until what has focus is named `name` (and is a `tag`, when given); fails after `most` presses. */
async function tabTo(page: Page, name: string | RegExp, options: { back?: boolean; most?: number; tag?: string } = {}): Promise<Focused> {
  const matches = (current: Focused) => (typeof name === 'string' ? current.name === name : name.test(current.name)) && (!options.tag || current.tag === options.tag);
  for (let press = 0; press < (options.most ?? 120); press += 1) {
    const current = await focused(page);
    if (matches(current)) return current;
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached "${name}"; focus is on ${JSON.stringify(await focused(page))}`);
}

describe('a newcomer with the keyboard alone', () => {
  it('joins and verifies their email with the mailed code', async () => {
    const email = api.uniqueEmail('wren');
    const page = await openPageAs(null, viewports.desktop);
    await page.goto('/auth');
    await tabTo(page, 'Create New Account', { tag: 'BUTTON' });
    await page.keyboard.press('Enter');
    // The form changes in place: focus goes to its heading, which shows it.
    await expect.poll(async () => focused(page)).toMatchObject({ tag: 'H1' });
    expect((await focused(page)).ring).toBe(true);
    await tabTo(page, 'First name');
    await page.keyboard.type('Wren');
    await tabTo(page, 'Last name');
    await page.keyboard.type('Harper');
    await tabTo(page, 'Email');
    await page.keyboard.type(email);
    await tabTo(page, 'Password');
    await page.keyboard.type(memberPassword);
    await tabTo(page, 'Create Account', { tag: 'BUTTON' });
    await page.keyboard.press('Enter');
    await expectVisible(page.getByRole('heading', { level: 1, name: "G'day Wren" }));

    // The account page says the email is not verified yet, with the way to do it; then the code.
    await page.goto('/account');
    await expectVisible(page.getByText('Not verified yet.'));
    await tabTo(page, 'Verify Now', { tag: 'A' });
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).tag, { timeout: 10_000 }).toBe('H1');
    await tabTo(page, 'Send Code', { tag: 'BUTTON' });
    await page.keyboard.press('Enter');
    const code = await api.latestCode(email);
    await tabTo(page, 'Verification code');
    await page.keyboard.type(code);
    await tabTo(page, 'Verify Email', { tag: 'BUTTON' });
    await page.keyboard.press('Enter');
    await expectVisible(page.getByText(/Email Verified/i).first());
  });
});

describe('a buyer with the keyboard alone', () => {
  it('signs in, searches, narrows by condition, opens a listing, opens and leaves the report dialog, and messages the seller', async () => {
    const seller = await verifiedSeller({ firstName: 'Imogen', postcode: '3068' });
    await listItem(seller, { title: 'Brass desk lamp', description: 'Adjustable arm, warm light, works perfectly.', price: '45', category: 'home', condition: 'like-new' });
    await listItem(seller, { title: 'Brass floor lamp', description: 'Tall brass lamp, the switch is loose.', price: '20', category: 'home', condition: 'fair' });
    const buyer = await api.createVerifiedMember({ firstName: 'Kai', postcode: '3068' });
    const page = await openPageAs(null, viewports.desktop);

    // Sign in: the fields by their labels, Enter submits.
    await page.goto('/auth');
    await tabTo(page, 'Email');
    await page.keyboard.type(buyer.email);
    await tabTo(page, 'Password');
    await page.keyboard.type(memberPassword);
    await page.keyboard.press('Enter');
    await expectVisible(page.getByRole('heading', { level: 1, name: "G'day Kai" }));

    // To browse by the header's link; focus lands on the new page's heading.
    await page.keyboard.press('Shift+Tab');
    const browse = await tabTo(page, 'Browse');
    expect(browse.ring).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).tag, { timeout: 10_000 }).toBe('H1');

    // Search for it, then open it from the results.
    // The search box sits above the heading: back up to it.
    await tabTo(page, 'Search', { back: true, tag: 'INPUT' });
    await page.keyboard.type('brass lamp');
    await page.keyboard.press('Enter');
    await expectVisible(page.getByRole('link', { name: /Brass desk lamp/ }).first());
    await expectVisible(page.getByRole('link', { name: /Brass floor lamp/ }).first());

    // Only Like new: the Condition filter opens with Enter, Space ticks a box, Escape closes it onto its button.
    const conditionFilter = await tabTo(page, 'Condition Any condition', { tag: 'BUTTON' });
    expect(conditionFilter.ring).toBe(true);
    await page.keyboard.press('Enter');
    const likeNew = await tabTo(page, 'Like new', { tag: 'INPUT' });
    expect(likeNew.ring).toBe(true);
    await page.keyboard.press('Space');
    await page.waitForURL((url) => url.searchParams.get('condition') === 'like-new');
    await page.keyboard.press('Escape');
    expect(await focused(page)).toMatchObject({ tag: 'BUTTON', name: 'Condition Like new' });
    await expect.poll(() => page.getByRole('link', { name: /Brass floor lamp/ }).count(), { timeout: 10_000 }).toBe(0);
    await tabTo(page, /Brass desk lamp/, { tag: 'A' });
    await page.keyboard.press('Enter');
    await expect.poll(async () => focused(page), { timeout: 10_000 }).toMatchObject({ tag: 'H1', name: 'Brass desk lamp' });

    // The report dialog: focus goes in, stays in while tabbing, Escape closes it and focus comes back.
    const report = await tabTo(page, 'Report this listing', { back: true });
    expect(report.tag).toBe('BUTTON');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Report this listing' });
    await expectVisible(dialog.getByRole('button', { name: moderationMessages.submitReport }));
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
    // Nothing behind the dialog takes focus: Tab cycles through it (past its last control the
    // browser's own toolbar has focus for a press, as with any modal <dialog>, then its first again).
    const stops: Focused[] = [];
    for (let press = 0; press < 12; press += 1) {
      await page.keyboard.press('Tab');
      stops.push(await focused(page));
    }
    expect(stops.filter((stop) => !stop.inDialog && stop.tag !== 'BODY')).toEqual([]);
    expect(stops.filter((stop) => stop.inDialog).length).toBeGreaterThan(8);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await focused(page)).toMatchObject({ tag: 'BUTTON', name: 'Report this listing' });
    expect(await toastTitled(page, 'Report sent').count()).toBe(0);

    // Message the seller.
    await tabTo(page, 'Your message');
    await page.keyboard.type('Hi Imogen, could I collect it on Saturday morning?');
    await tabTo(page, 'Send');
    await page.keyboard.press('Enter');
    await expectVisible(page.getByText('Hi Imogen, could I collect it on Saturday morning?').first());
  });
});

describe('a seller with the keyboard alone', () => {
  it('lists something with two photos: every field by its label, the photo picker opened with Space, the category by typing, the condition with the arrow keys', async () => {
    const seller = await verifiedSeller({ firstName: 'Ruth', postcode: '3068' });
    const page = await openPageAs(seller, viewports.desktop);
    await page.goto('/create-listing');
    await expectVisible(page.getByRole('heading', { level: 1 }));

    await tabTo(page, 'Title', { tag: 'INPUT' });
    await page.keyboard.type('Rattan armchair');
    await tabTo(page, 'Price (AUD)');
    await page.keyboard.type('120');
    await tabTo(page, 'Description');
    await page.keyboard.type('Sturdy rattan armchair with a linen cushion. Pickup from Fitzroy North.');

    const picker = await tabTo(page, /^Add photos/, { tag: 'INPUT' });
    expect(picker.name).toContain('0 of');
    const photo = (red: number) => sharp({ create: { width: 900, height: 700, channels: 3, background: { r: red, g: 120, b: 80 } } }).jpeg().toBuffer();
    // Space on the focused picker opens the chooser. A browser busy with the other journeys sometimes
    // lets that first press go by before the page is ready for it: one more press, still the keyboard.
    const openChooser = async (waitMs: number) => (await Promise.all([page.waitForEvent('filechooser', { timeout: waitMs }), page.keyboard.press('Space')]))[0];
    const chooser = await openChooser(8_000).catch(() => openChooser(20_000));
    await chooser.setFiles([
      { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await photo(200) },
      { name: 'side.jpg', mimeType: 'image/jpeg', buffer: await photo(90) },
    ]);
    await expect.poll(() => page.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem').count()).toBe(2);

    await tabTo(page, 'Category', { tag: 'SELECT' });
    await page.keyboard.type('Home');
    expect(await page.evaluate(() => (document.activeElement as HTMLSelectElement).value)).toBe('home');
    // The condition's radios: Tab reaches the first, the arrow keys move and choose.
    const firstCondition = await tabTo(page, 'New', { tag: 'INPUT' });
    expect(firstCondition.ring).toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toMatchObject({ tag: 'INPUT', name: 'Good' });
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).checked)).toBe(true);
    await tabTo(page, 'List It Now');
    await page.keyboard.press('Enter');
    // Back on the dashboard, its heading focused; the new listing is there, and opens with Enter.
    await expect.poll(async () => focused(page), { timeout: 20_000 }).toMatchObject({ tag: 'H1', name: "G'day Ruth" });
    await tabTo(page, /Rattan armchair/, { tag: 'A' });
    await page.keyboard.press('Enter');
    await expect.poll(async () => focused(page), { timeout: 10_000 }).toMatchObject({ tag: 'H1', name: 'Rattan armchair' });
    expect(page.url()).toMatch(/\/listing\/[0-9a-f-]{36}$/);
    await expectVisible(page.getByText('$120').first());
    await expectVisible(page.getByText('Condition: Good'));
    // Both photos made it: the gallery names the second.
    await expectVisible(page.getByRole('button', { name: /2 of 2|Photo 2/ }).first());
  });
});

describe('an admin with the keyboard alone', () => {
  it('hides a reported listing from the queue: the action opens its dialog on the reason, and the report leaves the queue', async () => {
    const seller = await verifiedSeller({ firstName: 'Sid', postcode: '3068' });
    const listing = await listItem(seller, { title: 'Genuine designer watch', description: 'Brand new, pay by gift card only please.', price: '900', category: 'other' });
    const reporter = await api.createVerifiedMember({ firstName: 'Rae', postcode: '3068' });
    await api.callApi('POST', '/api/reports', { token: reporter.token, body: { listingId: listing, reason: 'scam', details: 'Asks for gift cards.' } });
    const admin = await adminMember();
    const page = await openPageAs(admin, viewports.desktop);
    await page.goto('/admin');
    const group = page.getByRole('article', { name: /Listing/ }).filter({ hasText: 'Genuine designer watch' });
    await expectVisible(group);

    const hide = await tabTo(page, moderationActionLabels['hide-listing'], { tag: 'BUTTON' });
    expect(hide.inDialog).toBe(false);
    await page.keyboard.press('Enter');
    // The dialog opens on its reason field.
    await expect.poll(async () => focused(page)).toMatchObject({ tag: 'TEXTAREA', name: moderationLabels.actionReasonLabel, inDialog: true });
    await page.keyboard.type('Gift-card payment: a scam pattern.');
    const confirm = await tabTo(page, moderationActionLabels['hide-listing'], { tag: 'BUTTON' });
    expect(confirm.inDialog).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => group.count(), { timeout: 10_000 }).toBe(0);
    expect((await api.sendApi('GET', `/api/listings/${listing}`)).status).toBe(404);
  });
});

describe('a member checking out with the keyboard alone', () => {
  it('chooses Connector on the plans page and pays with the test card', async () => {
    const member = await api.createVerifiedMember({ firstName: 'Noor', postcode: '3068' });
    const page = await openPageAs(member, viewports.desktop);
    await page.goto('/membership-plans');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'A plan for every neighbour' }));
    // The member's own plan has arrived (the page draws its choices again when it does).
    await expectVisible(page.getByText(/Current plan · free month until/));

    // The plan switcher's Connector button, then the link it shows.
    await tabTo(page, 'Connector', { tag: 'BUTTON' });
    await page.keyboard.press('Enter');
    await tabTo(page, 'Choose Connector', { tag: 'A' });
    await page.keyboard.press('Enter');
    await expect.poll(async () => focused(page), { timeout: 10_000 }).toMatchObject({ tag: 'H1', name: 'Subscribe to Connector' });

    await tabTo(page, 'Subscribe Now', { tag: 'BUTTON' });
    await page.keyboard.press('Enter');
    await expectVisible(page.getByLabel('Card number'));
    await tabTo(page, 'Card number', { tag: 'INPUT' });
    await page.keyboard.type('4242 4242 4242 4242');
    await page.keyboard.press('Tab');
    expect((await focused(page)).name).toBe('Expiry (MM/YY)');
    await page.keyboard.type('12/30');
    await page.keyboard.press('Tab');
    expect((await focused(page)).name).toBe('CVC');
    await page.keyboard.type('123');
    await tabTo(page, 'Pay $60', { tag: 'BUTTON' });
    await page.keyboard.press('Enter');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Welcome to the family!' }));
    expect((await api.callApi<{ membershipTier: string }>('GET', '/api/auth/me', { token: member.token })).membershipTier).toBe('connector');
  });
});

describe('saving with the keyboard alone', () => {
  it('saves a listing with its heart and a search with its dialog, and finds both on /saved', async () => {
    const seller = await verifiedSeller({ firstName: 'Otis', postcode: '3068' });
    await listItem(seller, { title: 'Copper kettle', description: 'Whistling copper kettle, gas or electric stove.', price: '28', category: 'home' });
    const member = await api.createVerifiedMember({ firstName: 'Bea', postcode: '3068' });
    const page = await openPageAs(member, viewports.desktop);
    await page.goto('/listings?search=copper');
    await expectVisible(page.getByRole('link', { name: /Copper kettle/ }).first());

    await tabTo(page, /^Save Copper kettle/, { tag: 'BUTTON' });
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).name).toMatch(/^Remove Copper kettle from Saved/);

    await tabTo(page, 'Save this search', { tag: 'BUTTON', back: true });
    await page.keyboard.press('Enter');
    // The dialog opens on its name; the frequency is a radio group moved with the arrows.
    await expect.poll(async () => focused(page)).toMatchObject({ tag: 'INPUT', name: 'Name', inDialog: true });
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Copper things');
    await page.keyboard.press('Tab');
    expect((await focused(page)).tag).toBe('INPUT');
    await page.keyboard.press('ArrowDown');
    const frequency = await page.evaluate(() => (document.activeElement as HTMLInputElement).value);
    await tabTo(page, 'Save search', { tag: 'BUTTON' });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    const saved = await api.callApi<{ name: string; frequency: string }[]>('GET', '/api/saved-searches', { token: member.token });
    expect(saved).toEqual([expect.objectContaining({ name: 'Copper things', frequency })]);
    const favourites = await api.callApi<{ title: string }[]>('GET', '/api/favourites', { token: member.token });
    expect(favourites.map((listing) => listing.title)).toEqual(['Copper kettle']);

    // The header's Saved link, then both on the page.
    await tabTo(page, 'Saved', { tag: 'A', back: true });
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).tag, { timeout: 10_000 }).toBe('H1');
    await expectVisible(page.getByText('Copper things').first());
    await expectVisible(page.getByRole('link', { name: /Copper kettle/ }).first());
  });
});

describe('rating an exchange with the keyboard alone', () => {
  it('reads the reply in the thread, then gives four stars with the arrows and a comment', async () => {
    const seller = await verifiedSeller({ firstName: 'Gus', postcode: '3068' });
    const listing = await listItem(seller, { title: 'Folding ladder', description: 'Three-step aluminium ladder, light and steady.', price: '40', category: 'home' });
    const buyer = await api.createVerifiedMember({ firstName: 'Ivy', postcode: '3068' });
    const { conversation } = await api.callApi<{ conversation: { id: string } }>('POST', `/api/listings/${listing}/conversations`, { token: buyer.token, body: { message: 'Could I pick it up tonight?' } });
    await api.callApi('POST', `/api/conversations/${conversation.id}/messages`, { token: seller.token, body: { body: 'Tonight works, after six.' } });
    await api.callApi('PATCH', `/api/listings/${listing}`, { token: seller.token, body: { isActive: false, soldToConversationId: conversation.id } });

    const page = await openPageAs(buyer, viewports.desktop);
    await page.goto('/messages');
    await expectVisible(page.getByRole('heading', { level: 1 }));
    await tabTo(page, /Folding ladder/, { tag: 'A' });
    await page.keyboard.press('Enter');
    await expectVisible(page.getByText('Tonight works, after six.').first());

    // "Rate Gus" opens the rating; its stars are a radio group: Tab reaches the first, the arrows move along it.
    await tabTo(page, /^Rate Gus/, { tag: 'BUTTON' });
    await page.keyboard.press('Enter');
    await tabTo(page, ratingMessages.starLabel(1), { tag: 'INPUT' });
    for (let press = 0; press < 3; press += 1) await page.keyboard.press('ArrowRight');
    expect((await focused(page)).name).toBe(ratingMessages.starLabel(4));
    await tabTo(page, ratingMessages.commentLabel);
    await page.keyboard.type('Easy pickup, ladder as described.');
    await tabTo(page, ratingMessages.submit, { tag: 'BUTTON' });
    await page.keyboard.press('Enter');
    await expectVisible(page.getByText(ratingMessages.posted).first());
    const { id: sellerId } = await api.callApi<{ id: string }>('GET', '/api/auth/me', { token: seller.token });
    const ratings = await api.callApi<{ stars: number; comment: string }[]>('GET', `/api/sellers/${sellerId}/ratings`);
    expect(ratings).toEqual([expect.objectContaining({ stars: 4, comment: 'Easy pickup, ladder as described.' })]);
  });
});
