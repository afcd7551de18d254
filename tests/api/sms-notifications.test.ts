// Texts to a member's verified phone (decision 33): turned on only for the member's own verified
// number, a text for a new message while they are away and for an instant saved-search alert, each
// with a short link and how to stop, at most three a day whatever sends them, and none once the
// phone is changed or no longer verified.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { smsLimits, smsMessages } from '../../src/domain/sms-notifications';
import { mailAwayMembers } from '../../src/server/conversations';
import { messages, users, verificationCodes } from '../../src/server/db/schema';
import { sendSavedSearchMail } from '../../src/server/listings/saved-search-alerts';
import { mailsTo, sellerMember, validListing } from './support/factories';
import { useTestServer } from './support/use-test-server';

const { server, client } = useTestServer();

type Member = Awaited<ReturnType<typeof sellerMember>>;
type Outbox = { to: string; channel: string; text: string }[];

let numbers = Math.floor(Math.random() * 90_000_000);
/** A mobile number no other test uses, as typed ("04…") and as stored ("+614…"). */
function aMobile(): { typed: string; stored: string } {
  numbers += 1;
  const digits = String(10_000_000 + (numbers % 90_000_000)).padStart(8, '0');
  return { typed: `04${digits}`, stored: `+614${digits}` };
}

// Members who may trade (email and phone verified, decision 35); a test proves the number texts go to with verifyPhone.
const member = (firstName = 'Sally', options: { phoneVerified?: boolean } = {}) => sellerMember(client, server.database.db, { tier: 'connector', firstName, ...options });

/** Every text the dev outbox holds for a number, newest first (the verification codes left out). */
async function textsTo(phone: string): Promise<Outbox> {
  const response = await client.get(`/api/dev/outbox?to=${encodeURIComponent(phone)}&limit=100`);
  expect(response.status).toBe(200);
  return (response.body as Outbox).filter((text) => !text.text.includes('verification code'));
}

/** Proves a number with the texted code, as the phone page does. */
async function verifyPhone(someone: Member, phone = aMobile()): Promise<string> {
  // A second number's code is asked for at once: the earlier code is made a few minutes old (the resend wait).
  await server.database.db
    .update(verificationCodes)
    .set({ createdAt: sql`${verificationCodes.createdAt} - interval '5 minutes'` })
    .where(eq(verificationCodes.userId, someone.user.id));
  expect((await client.post('/api/phone/send-code', { phone: phone.typed }, someone.token)).status).toBe(200);
  const outbox = (await client.get(`/api/dev/outbox?to=${encodeURIComponent(phone.stored)}`)).body as Outbox;
  const code = /\b(\d{6})\b/.exec(outbox[0].text)![1];
  expect((await client.post('/api/verify-phone', { code }, someone.token)).status).toBe(200);
  return phone.stored;
}

const setNotifications = (someone: Member, body: unknown) => client.call('PUT', '/api/user/notifications', { token: someone.token, body });
const me = async (someone: Member) => (await client.get('/api/auth/me', someone.token)).body;

/** A member with a verified phone and texts on. */
async function textedMember(firstName = 'Sally') {
  const someone = await member(firstName);
  const phone = await verifyPhone(someone);
  const on = await setNotifications(someone, { sms: true });
  expect([on.status, on.body.smsNotifications]).toEqual([200, true]);
  return { ...someone, phone };
}

async function listingOf(seller: Member, title: string): Promise<string> {
  const response = await client.post('/api/listings', { ...validListing, title }, seller.token);
  if (response.status !== 201) throw new Error(`listing: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.id;
}

/** A buyer writes to the seller about a new listing of theirs; the message is already past the quiet time. */
async function messageWaitingFor(seller: Member, title = 'Cedar bookshelf'): Promise<string> {
  return messageWaitingAbout(await listingOf(seller, title));
}

/** A buyer's first message about the listing, ten minutes unread. */
async function messageWaitingAbout(listingId: string): Promise<string> {
  const buyer = await member('Ben');
  const started = await client.call('POST', `/api/listings/${listingId}/conversations`, { token: buyer.token, body: { message: 'Is it still available?' } });
  expect(started.status).toBe(201);
  const conversationId = started.body.conversation.id as string;
  await server.database.db
    .update(messages)
    .set({ createdAt: sql`${messages.createdAt} - interval '10 minutes'` })
    .where(eq(messages.conversationId, conversationId));
  return conversationId;
}

const save = (someone: Member, name: string, word: string, frequency: 'instant' | 'daily' = 'instant') =>
  client.call('POST', '/api/saved-searches', { token: someone.token, body: { name, query: { search: word }, frequency } });

const settleJobs = async () => expect(await server.deps.jobs.settle()).toBe(true);

describe('turning texts on', () => {
  it('is refused without a verified phone, saying why, and for a number saved but not yet verified', async () => {
    const someone = await member('Sally', { phoneVerified: false });
    const refused = await setNotifications(someone, { sms: true });
    expect([refused.status, refused.body]).toMatchObject([409, { code: 'SMS_NEEDS_VERIFIED_PHONE', message: smsMessages.phoneNotVerified }]);
    // Someone else's number, typed in but never proved: still refused.
    expect((await client.call('PUT', '/api/user/phone', { token: someone.token, body: { phone: aMobile().typed } })).status).toBe(200);
    expect((await setNotifications(someone, { sms: true })).body.code).toBe('SMS_NEEDS_VERIFIED_PHONE');
    expect((await me(someone)).smsNotifications).toBe(false);
  });

  it('takes no number: texts go only to the phone verified on the account', async () => {
    const someone = await member();
    await verifyPhone(someone);
    const other = aMobile();
    const withNumber = await setNotifications(someone, { sms: true, phone: other.typed });
    expect([withNumber.status, withNumber.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(withNumber.body.fieldErrors.map((error: { message: string }) => error.message)).toContain(
      'Send only messageMail, insightsMail and sms: texts go to the phone number verified on your account.',
    );
    const empty = await setNotifications(someone, {});
    expect([empty.status, empty.body.message]).toEqual([400, 'Say which setting to change: messageMail, insightsMail, sms or several.']);
    expect((await setNotifications(someone, { sms: 'yes' })).status).toBe(400);
    expect((await me(someone)).smsNotifications).toBe(false);
    expect(await textsTo(other.stored)).toEqual([]);
  });

  it('turns texts on and off for a verified phone, leaving the mail setting as it was', async () => {
    const someone = await member();
    await verifyPhone(someone);
    const on = await setNotifications(someone, { sms: true });
    expect([on.status, on.body.smsNotifications, on.body.messageMail]).toEqual([200, true, true]);
    expect((await me(someone)).smsNotifications).toBe(true);
    const mailOff = await setNotifications(someone, { messageMail: false });
    expect([mailOff.body.smsNotifications, mailOff.body.messageMail]).toEqual([true, false]);
    const off = await setNotifications(someone, { sms: false });
    expect([off.status, off.body.smsNotifications]).toEqual([200, false]);
  });
});

describe('texts about messages', () => {
  it('texts a member who is away about a new message once, with a short link and how to stop, at their verified number', async () => {
    const seller = await textedMember();
    const conversationId = await messageWaitingFor(seller, 'Mahogany desk');
    await mailAwayMembers(server.deps);
    await mailAwayMembers(server.deps);
    const texts = await textsTo(seller.phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ channel: 'sms', to: seller.phone });
    expect(texts[0].text).toBe(
      [
        'Neighbourly: Ben N. sent you a message about "Mahogany desk".',
        `Read it: ${server.config.publicUrl}/messages/${conversationId}`,
        `Turn texts off at ${server.config.publicUrl}/account`,
      ].join('\n'),
    );
    // The mail goes as well: the member has both on.
    expect((await mailsTo(server, client, seller.email)).filter((mail) => mail.subject.startsWith('New message from'))).toHaveLength(1);
  });

  it('texts a member who has message mails off, and mails none', async () => {
    const seller = await textedMember();
    expect((await setNotifications(seller, { messageMail: false })).status).toBe(200);
    await messageWaitingFor(seller);
    await mailAwayMembers(server.deps);
    expect(await textsTo(seller.phone)).toHaveLength(1);
    expect((await mailsTo(server, client, seller.email)).filter((mail) => mail.subject.startsWith('New message from'))).toEqual([]);
  });

  it('sends nothing to a member with texts off', async () => {
    const seller = await member();
    const phone = await verifyPhone(seller);
    await messageWaitingFor(seller);
    await mailAwayMembers(server.deps);
    expect(await textsTo(phone)).toEqual([]);
  });
});

describe('a phone changed, replaced or no longer verified', () => {
  it('turns texts off when the member saves another number, and texts neither number', async () => {
    const seller = await textedMember();
    const other = aMobile();
    const saved = await client.call('PUT', '/api/user/phone', { token: seller.token, body: { phone: other.typed } });
    expect([saved.status, saved.body.smsNotifications]).toEqual([200, false]);
    // Proving the new number does not turn texts back on: the member chooses again.
    await verifyPhone(seller, other);
    expect((await me(seller)).smsNotifications).toBe(false);
    await messageWaitingFor(seller);
    await mailAwayMembers(server.deps);
    expect(await textsTo(seller.phone)).toEqual([]);
    expect(await textsTo(other.stored)).toEqual([]);
  });

  it('turns texts off when the member verifies a different number from the phone page', async () => {
    const seller = await textedMember();
    const replacement = await verifyPhone(seller);
    expect((await me(seller)).smsNotifications).toBe(false);
    await messageWaitingFor(seller);
    await mailAwayMembers(server.deps);
    expect(await textsTo(replacement)).toEqual([]);
    expect(await textsTo(seller.phone)).toEqual([]);
  });

  it('texts no one while the phone is not verified, whatever else the row says', async () => {
    const seller = await textedMember();
    const [bookshelf, sideboard] = [await listingOf(seller, 'Cedar bookshelf'), await listingOf(seller, 'Oak sideboard')];
    // However a phone comes to be unverified, or replaced behind the settings' back, the send itself checks.
    await server.database.db.update(users).set({ isPhoneVerified: false }).where(eq(users.id, seller.user.id));
    await messageWaitingAbout(bookshelf);
    await mailAwayMembers(server.deps);
    expect(await textsTo(seller.phone)).toEqual([]);
    const stranger = aMobile().stored;
    await server.database.db.update(users).set({ isPhoneVerified: true, phone: stranger }).where(eq(users.id, seller.user.id));
    await messageWaitingAbout(sideboard);
    await mailAwayMembers(server.deps);
    expect(await textsTo(stranger)).toEqual([]);
    expect(await textsTo(seller.phone)).toEqual([]);
  });
});

describe('texts about saved searches', () => {
  it('texts an instant alert with a link to the new listing and how to stop; a daily digest sends no text', async () => {
    const watcher = await textedMember('Ada');
    const lister = await member('Liam');
    const word = `quokka${Date.now()}`;
    expect((await save(watcher, 'Quokka finds', word)).status).toBe(201);
    const listingId = await listingOf(lister, `${word} lamp`);
    await settleJobs();
    const texts = await textsTo(watcher.phone);
    expect(texts.map((text) => text.text)).toEqual([
      [
        'Neighbourly: a new listing for your saved search "Quokka finds".',
        `See it: ${server.config.publicUrl}/listing/${listingId}`,
        `Turn texts off at ${server.config.publicUrl}/account`,
      ].join('\n'),
    ]);

    const wombat = `wombat${Date.now()}`;
    const daily = (await save(watcher, 'Daily wombats', wombat, 'daily')).body as { id: string };
    await listingOf(lister, `${wombat} rug`);
    await settleJobs();
    expect(await sendSavedSearchMail(server.deps, { savedSearchId: daily.id, digest: true })).toBe(true);
    expect(await textsTo(watcher.phone)).toHaveLength(1);
  });
});

describe('the daily cap', () => {
  it(`sends at most ${smsLimits.perDay} texts a day, alerts and messages together, and more the next day`, async () => {
    const watcher = await textedMember('Ada');
    const lister = await member('Liam');
    const stamp = Date.now();
    const words = ['numbat', 'bilby', 'dingo', 'echidna'].map((word) => `${word}${stamp}`);
    for (const word of words) expect((await save(watcher, word, word)).status).toBe(201);
    for (const word of words) await listingOf(lister, `${word} chair`);
    await settleJobs();
    // Four alerts mailed, three texted.
    expect((await mailsTo(server, client, watcher.email)).filter((mail) => mail.headers?.['List-Unsubscribe'])).toHaveLength(4);
    expect(await textsTo(watcher.phone)).toHaveLength(smsLimits.perDay);

    // A message the same day: mailed, not texted.
    await messageWaitingFor(watcher, 'Walnut chest');
    await mailAwayMembers(server.deps);
    expect((await mailsTo(server, client, watcher.email)).filter((mail) => mail.subject.startsWith('New message from'))).toHaveLength(1);
    expect(await textsTo(watcher.phone)).toHaveLength(smsLimits.perDay);
    // Turning texts off and on again does not start a new day.
    await setNotifications(watcher, { sms: false });
    await setNotifications(watcher, { sms: true });
    await messageWaitingFor(watcher, 'Pine chest');
    await mailAwayMembers(server.deps);
    expect(await textsTo(watcher.phone)).toHaveLength(smsLimits.perDay);

    // The next day (a day and a half on, whatever the daylight saving), a new message is texted.
    const conversationId = await messageWaitingFor(watcher, 'Birch chest');
    await mailAwayMembers(server.deps, { now: new Date(Date.now() + 36 * 60 * 60_000) });
    const texts = await textsTo(watcher.phone);
    expect(texts).toHaveLength(smsLimits.perDay + 1);
    expect(texts[0].text).toContain(`/messages/${conversationId}`);
  });

  it('holds when several sweeps run at once', async () => {
    const seller = await textedMember();
    for (const title of ['Teak bench', 'Cane chair', 'Brass lamp', 'Wool rug', 'Glass vase']) await messageWaitingFor(seller, title);
    await Promise.all([mailAwayMembers(server.deps), mailAwayMembers(server.deps), mailAwayMembers(server.deps)]);
    expect(await textsTo(seller.phone)).toHaveLength(smsLimits.perDay);
  });
});
