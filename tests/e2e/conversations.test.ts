// Conversations between a buyer and a seller in two real browsers (decision 15): the first message
// from the listing page (after signing in from it), the seller's unread badge and the thread updating
// live without a reload, "Read", a safety tip for the receiver, selling to the buyer, blocking and
// unblocking, the message-mail setting, and an offer countered and accepted live (decision 45), which
// holds the item for the buyer (decision 46), then a pickup proposed and confirmed live (decision 47).
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { conversationMessages, listingStatusNotice, safetyTips } from '../../src/domain/conversations';
import { offerMessages } from '../../src/domain/offers';
import { pickupMessages } from '../../src/domain/pickups';
import { reservationMessages } from '../../src/domain/reservations';
import { dateTimeFieldValue } from '../../src/web/features/messages/pickup-times';
import { type ApiMember, memberPassword } from './support/api';
import { hasHorizontalScroll, saveScreenshot, toastTitled, viewports } from './support/browser';
import { useJourney } from './support/journey';

// Live updates arrive within seconds; shared machines can be slow to start a page.
const { api, openPageAs, seeVisible, seeHidden, captureBothSizes, listItem, readMember, verifiedSeller } = useJourney({ name: 'conversations', patientMs: 20_000 });

/** A live change must show without a reload, within seconds. */
const liveMs = 10_000;

const bike = { title: 'Blue bike, 20 inch', description: 'Gears work well, new tyres last month. Pickup in Fitzroy North.', price: '60' };

let seller: ApiMember;
let buyer: ApiMember;
let bikeId: string;

/** The header's way to the messages: "Messages", or "Messages, 2 unread". */
const messagesLink = (page: Page, name: RegExp = /^Messages/) => page.getByRole('banner').getByRole('link', { name });
/** A message in the open thread. */
const bubble = (page: Page, text: string) => page.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: text });
const composer = (page: Page, name: string) => page.getByRole('textbox', { name: `Message ${name}` });
/** The pickup at the top of the open thread. */
const pickupPanel = (page: Page) => page.getByRole('region', { name: pickupMessages.panelLabel });

/** Types an amount into the open offer form (the field labelled `label`), sends it, and waits for the toast that says it went. */
async function sendAmount(page: Page, { label, amount, button, sent }: { label: string; amount: string; button: string; sent: string }): Promise<void> {
  await page.getByLabel(label).fill(amount);
  await page.getByRole('button', { name: button }).click();
  await seeVisible(toastTitled(page, sent));
}

async function send(page: Page, name: string, text: string): Promise<void> {
  await composer(page, name).fill(text);
  await composer(page, name).press('Enter');
  await seeVisible(bubble(page, text));
}

describe('conversations', () => {
  beforeAll(async () => {
    [seller, buyer] = await Promise.all([verifiedSeller({ firstName: 'Mia', lastName: 'Tran' }), verifiedSeller({ firstName: 'Sam', lastName: 'Lee', postcode: '3065' })]);
    bikeId = await listItem(seller, bike);
  });

  it('a buyer messages the seller from the listing, and they chat live: unread badge, Read, a safety tip, a sale', async () => {
    // The seller has the site open on another page.
    const sellerPage = await openPageAs(seller);
    await sellerPage.goto('/dashboard');
    await seeVisible(messagesLink(sellerPage, /^Messages$/));

    // Signed out, the listing asks the buyer to sign in, and signing in comes back to it.
    const buyerPage = await openPageAs(null);
    await buyerPage.goto(`/listing/${bikeId}`);
    const messageBox = buyerPage.getByRole('region', { name: 'Message Mia' });
    await seeVisible(messageBox.getByText(conversationMessages.signInToMessage));
    await messageBox.getByRole('link', { name: 'Sign in to message' }).click();
    await buyerPage.getByLabel('Email').fill(buyer.email);
    await buyerPage.getByLabel('Password', { exact: true }).fill(memberPassword);
    await buyerPage.getByRole('button', { name: 'Sign In' }).click();
    await buyerPage.waitForURL(`**/listing/${bikeId}`, { timeout: 20_000 });

    // The buyer writes the first message in place, on the listing's page.
    const firstMessage = messageBox.getByLabel('Your message');
    await seeVisible(firstMessage);
    expect(await firstMessage.inputValue()).toBe(conversationMessages.firstMessageSuggestion);
    // Before the first message, the buyer sees which checks the seller has passed (decision 35).
    await seeVisible(messageBox.getByText('Mia has verified their email and phone.'));
    await firstMessage.fill('Hi Mia, is the bike still available?');
    await messageBox.getByRole('button', { name: 'Send' }).click();
    await buyerPage.waitForURL(/\/messages\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    const conversationPath = new URL(buyerPage.url()).pathname;
    await seeVisible(bubble(buyerPage, 'Hi Mia, is the bike still available?').getByText('Sent', { exact: true }));

    // The seller's open tab shows the unread message in the header, without a reload.
    await seeVisible(messagesLink(sellerPage, /^Messages, 1 unread$/), liveMs);

    // The inbox, then the thread: opening it tells the buyer's tab, which turns "Sent" into "Read".
    await messagesLink(sellerPage).click();
    const row = sellerPage.getByRole('link', { name: /Blue bike, 20 inch/ });
    await seeVisible(row.getByText('Sam', { exact: true }));
    await seeVisible(row.getByText('1 unread'));
    await captureBothSizes(sellerPage, 'messages-inbox');
    await row.click();
    await sellerPage.waitForURL(`**${conversationPath}`);
    await seeVisible(bubble(sellerPage, 'Hi Mia, is the bike still available?'));
    // And the seller sees the buyer's.
    await seeVisible(sellerPage.getByText('Sam has verified their email and phone.'));
    await seeVisible(bubble(buyerPage, 'Hi Mia, is the bike still available?').getByText('Read', { exact: true }), liveMs);
    await seeVisible(messagesLink(sellerPage, /^Messages$/), liveMs);

    // The seller answers with one tap (decision 43); the buyer has no such buttons.
    expect(await buyerPage.getByRole('group', { name: 'Quick replies' }).count()).toBe(0);
    await sellerPage.getByRole('group', { name: 'Quick replies' }).getByRole('button', { name: "Yes, it's available" }).click();
    await seeVisible(bubble(buyerPage, "Yes, it's available"), liveMs);
    // They reply to each other; each sees the other's message appear live.
    await send(sellerPage, 'Sam', 'Yes! Come by on Saturday morning.');
    await seeVisible(bubble(buyerPage, 'Yes! Come by on Saturday morning.'), liveMs);
    await send(buyerPage, 'Mia', 'Can I pay a deposit to hold it? My number is 0412 345 678');
    const risky = bubble(sellerPage, 'Can I pay a deposit to hold it?');
    await seeVisible(risky, liveMs);

    // The receiver sees the safety tip under it, the sender does not.
    const tip = risky.getByRole('note', { name: 'Safety tip' });
    await seeVisible(tip);
    await seeVisible(tip.getByText(safetyTips.depositFirst));
    await seeVisible(tip.getByRole('link', { name: 'Read our safety tips' }));
    expect(await bubble(buyerPage, 'Can I pay a deposit to hold it?').getByRole('note').count()).toBe(0);
    await seeVisible(bubble(buyerPage, 'Can I pay a deposit to hold it?').getByText('Read', { exact: true }), liveMs);
    await captureBothSizes(sellerPage, 'conversation-safety-tip');

    // Away from the thread, the buyer's header counts the seller's next message, live; at 360 px
    // nothing overflows.
    await buyerPage.goto('/dashboard');
    await seeVisible(messagesLink(buyerPage, /^Messages$/));
    await send(sellerPage, 'Sam', 'Cash on pickup is fine, see you then.');
    await seeVisible(messagesLink(buyerPage, /^Messages, 1 unread$/), liveMs);
    await saveScreenshot(buyerPage, 'header-messages-1280');
    await buyerPage.setViewportSize(viewports.phone);
    await seeVisible(messagesLink(buyerPage, /^Messages, 1 unread$/));
    expect(await hasHorizontalScroll(buyerPage)).toBe(false);
    await saveScreenshot(buyerPage, 'header-messages-360');
    await buyerPage.setViewportSize(viewports.desktop);
    await buyerPage.goto(conversationPath);
    await seeVisible(bubble(buyerPage, 'Cash on pickup is fine, see you then.'));

    // The seller sells it to this buyer from the dashboard: the buyer's thread says so, live.
    await sellerPage.goto('/dashboard');
    await sellerPage.getByRole('button', { name: `Mark as sold: ${bike.title}` }).click();
    const dialog = sellerPage.getByRole('dialog', { name: 'Who bought it?' });
    await seeVisible(dialog);
    await dialog.getByRole('radio', { name: /^Sam/ }).check();
    await saveScreenshot(sellerPage, 'mark-sold-dialog-1280');
    await dialog.getByRole('button', { name: 'Mark as sold' }).click();
    await seeVisible(toastTitled(sellerPage, 'Marked as sold'));
    await seeVisible(buyerPage.getByText(listingStatusNotice('soldToYou', false)!), liveMs);
  }, 180_000);

  it('a member blocks the other: the composer closes on both sides, and unblocking from /account opens it again', async () => {
    const [sellerPage, buyerPage] = await Promise.all([openPageAs(seller), openPageAs(buyer, viewports.phone)]);
    await sellerPage.goto('/messages');
    await sellerPage.getByRole('link', { name: /Blue bike, 20 inch/ }).click();
    await sellerPage.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    await buyerPage.goto(new URL(sellerPage.url()).pathname);
    await seeVisible(composer(buyerPage, 'Mia'));
    expect(await composer(buyerPage, 'Mia').isEnabled()).toBe(true);

    await sellerPage.getByRole('button', { name: 'Block Sam' }).click();
    const confirm = sellerPage.getByRole('dialog', { name: 'Block Sam?' });
    await seeVisible(confirm);
    await confirm.getByRole('button', { name: 'Block' }).click();
    await seeVisible(toastTitled(sellerPage, conversationMessages.blockedToast));
    await seeVisible(sellerPage.getByRole('button', { name: 'Unblock Sam' }));

    // The buyer's open thread closes, live, and says why.
    await seeVisible(buyerPage.getByText(conversationMessages.blocked), liveMs);
    expect(await composer(buyerPage, 'Mia').isDisabled()).toBe(true);
    await saveScreenshot(buyerPage, 'conversation-blocked-360');

    // Unblocking from the account page.
    await sellerPage.goto('/account');
    const blocked = sellerPage.getByRole('list', { name: 'Blocked members' });
    await seeVisible(blocked.getByRole('listitem').filter({ hasText: 'Sam' }));
    await captureBothSizes(sellerPage, 'account-blocked-members');
    await blocked.getByRole('button', { name: 'Unblock Sam' }).click();
    await seeVisible(toastTitled(sellerPage, conversationMessages.unblockedToast));
    await seeHidden(blocked);
    await seeVisible(sellerPage.getByText("You haven't blocked anyone."));

    await seeHidden(buyerPage.getByText(conversationMessages.blocked), liveMs);
    expect(await composer(buyerPage, 'Mia').isEnabled()).toBe(true);

    // The message mails can be turned off on the same page.
    const mails = sellerPage.getByRole('switch', { name: 'Email me when a message waits unread' });
    expect(await mails.getAttribute('aria-checked')).toBe('true');
    await mails.click();
    await seeVisible(toastTitled(sellerPage, 'Message emails off'));
    expect(await mails.getAttribute('aria-checked')).toBe('false');
    expect((await readMember<{ messageMail: boolean }>(seller)).messageMail).toBe(false);
  }, 120_000);

  it('the buyer makes an offer, the seller counters it live, the buyer accepts: both read Accepted, the item is Reserved, and a pickup is agreed', async () => {
    const sideboardId = await listItem(seller, { title: 'Walnut sideboard', price: '150' });
    const { conversation } = await api.callApi<{ conversation: { id: string } }>('POST', `/api/listings/${sideboardId}/conversations`, {
      token: buyer.token,
      body: { message: 'Hi Mia, would you take an offer?' },
    });
    const [buyerPage, sellerPage] = await Promise.all([openPageAs(buyer), openPageAs(seller)]);
    await Promise.all([buyerPage.goto(`/messages/${conversation.id}`), sellerPage.goto(`/messages/${conversation.id}`)]);
    await seeVisible(bubble(sellerPage, 'Hi Mia, would you take an offer?'));
    expect(await sellerPage.getByRole('button', { name: offerMessages.makeOffer }).count()).toBe(0);

    await buyerPage.getByRole('button', { name: offerMessages.makeOffer }).click();
    await sendAmount(buyerPage, { label: offerMessages.amountLabel, amount: '120', button: offerMessages.sendOffer, sent: offerMessages.sent });

    // The seller's open thread shows the offer live, and counters it.
    const offer = bubble(sellerPage, offerMessages.cardTitle('offer', 'Sam'));
    await seeVisible(offer.getByText('$120', { exact: true }), liveMs);
    await offer.getByRole('button', { name: offerMessages.counter }).click();
    await sendAmount(sellerPage, { label: offerMessages.counterLabel, amount: '140', button: offerMessages.sendCounter, sent: offerMessages.countered });

    // The buyer's offer reads Countered, live; the buyer accepts the counter-offer.
    const counter = bubble(buyerPage, offerMessages.cardTitle('counter', 'Mia'));
    await seeVisible(counter.getByText('$140', { exact: true }), liveMs);
    await seeVisible(bubble(buyerPage, offerMessages.cardTitle('offer', null)).getByText(offerMessages.statusLabels.countered, { exact: true }));
    await counter.getByRole('button', { name: offerMessages.accept }).click();
    await seeVisible(toastTitled(buyerPage, offerMessages.accepted));
    await seeVisible(counter.getByText(offerMessages.statusLabels.accepted, { exact: true }));
    expect(await counter.getByRole('button').count()).toBe(0);

    // The seller's card reads Accepted too, without a reload, under the buyer's answer.
    await seeVisible(bubble(sellerPage, offerMessages.cardTitle('counter', null)).getByText(offerMessages.statusLabels.accepted, { exact: true }), liveMs);
    await seeVisible(bubble(sellerPage, offerMessages.answerLine('accepted', 'Sam', '140')));
    await captureBothSizes(sellerPage, 'conversation-offers');

    // The accepted offer holds the item for the buyer (decision 46): its page says Reserved.
    await buyerPage.goto(`/listing/${sideboardId}`);
    await seeVisible(buyerPage.getByRole('main').getByText(reservationMessages.reservedLabel, { exact: true }).first());

    // The buyer proposes a pickup (decision 47); the seller sees it at the top of the thread, live, and confirms it.
    await buyerPage.goto(`/messages/${conversation.id}`);
    await buyerPage.getByRole('button', { name: pickupMessages.arrangeButton }).click();
    await buyerPage.getByLabel(pickupMessages.timeLabel).fill(dateTimeFieldValue(new Date(Date.now() + 2 * 24 * 3_600_000)));
    await buyerPage.getByLabel(pickupMessages.placeLabel).fill('Fitzroy Library, front steps');
    await buyerPage.getByRole('button', { name: pickupMessages.sendProposal }).click();
    await seeVisible(toastTitled(buyerPage, pickupMessages.proposed));
    await seeVisible(pickupPanel(buyerPage).getByText(pickupMessages.waitingFor('Mia')));

    await seeVisible(pickupPanel(sellerPage).getByText(pickupMessages.proposedByOther('Sam')), liveMs);
    await pickupPanel(sellerPage).getByRole('button', { name: pickupMessages.confirmButton }).click();
    await seeVisible(toastTitled(sellerPage, pickupMessages.confirmed));
    await seeVisible(pickupPanel(sellerPage).getByText(pickupMessages.confirmed, { exact: true }));
    await seeVisible(pickupPanel(buyerPage).getByText(pickupMessages.confirmed, { exact: true }), liveMs);
  }, 120_000);
});
