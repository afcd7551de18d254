// Arranging the pickup (decision 47) as members meet it: after an accepted offer either member
// proposes a time and a place, the other confirms or proposes another, the agreed pickup is at the
// top of the conversation, and both are reminded an hour before, by mail and, where they turned
// texts on, by text. And what a member would try: a pickup without a deal, confirming their own,
// a stranger confirming, a time in the past or a year away, flooding proposals.
import { describe, expect, it } from 'vitest';
import { pickupStepResponse } from '../../src/domain/conversation-schemas';
import { pickupLimits, pickupMessages } from '../../src/domain/pickups';
import { bannedWords } from '../../src/server/db/schema';
import { remindPickups } from '../../src/server/offers';
import { mailsTo, sellerMember, validListing } from './support/factories';
import { useTestServer } from './support/use-test-server';

const { server, client } = useTestServer();

type Member = Awaited<ReturnType<typeof sellerMember>>;

const member = (firstName: string) => sellerMember(client, server.database.db, { tier: 'connector', firstName, postcode: '3000' });

/** A seller, a buyer, their conversation about a listing in Victoria, and (unless `deal` is false) an accepted offer. */
async function dealBetween(options: { deal?: boolean; title?: string } = {}) {
  const seller = await member('Sally');
  const buyer = await member('Ben');
  const listing = await client.post('/api/listings', { ...validListing, title: options.title ?? 'Cedar bookshelf', price: '150.00', postcode: '3000' }, seller.token);
  const started = await client.post(`/api/listings/${listing.body.id}/conversations`, { message: 'Hi, is this still available?' }, buyer.token);
  const conversationId = started.body.conversation.id as string;
  if (options.deal !== false) {
    const offer = await client.post(`/api/conversations/${conversationId}/offers`, { amount: '130' }, buyer.token);
    expect((await client.call('POST', `/api/offers/${offer.body.offer.id}/accept`, { token: seller.token })).status).toBe(201);
  }
  return { seller, buyer, conversationId, listingId: listing.body.id as string };
}

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 60 * 60 * 1000);
const propose = (who: Member, conversationId: string, body: unknown) => client.call('POST', `/api/conversations/${conversationId}/pickups`, { token: who.token, body });
const confirm = (who: Member, pickupId: string) => client.call('POST', `/api/pickups/${pickupId}/confirm`, { token: who.token });
const summary = async (who: Member, conversationId: string) => (await client.get(`/api/conversations/${conversationId}`, who.token)).body;

describe('proposing a pickup', () => {
  it('waits for an accepted offer', async () => {
    const { buyer, conversationId } = await dealBetween({ deal: false });
    const early = await propose(buyer, conversationId, { at: hoursFromNow(48).toISOString(), place: 'Fitzroy Library' });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'PICKUP_NOT_YET', message: pickupMessages.offerFirst });
    expect((await summary(buyer, conversationId)).offerAccepted).toBe(false);
  });

  it('writes the time in the listing’s zone and the place in the thread, and shows the pickup at the top for both', async () => {
    const { seller, buyer, conversationId } = await dealBetween();
    // 10 am in Melbourne on a summer day: 23:00 the day before in UTC.
    const at = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 3, 23, 0));
    const proposed = await propose(buyer, conversationId, { at: at.toISOString(), place: '  Fitzroy Library, front steps  ' });
    expect(proposed.status).toBe(201);
    const body = pickupStepResponse.parse(proposed.body);
    expect(body.message.body).toMatch(/^Proposed a pickup on \w{3} \d{1,2} \w+, 10:00 am AE[DS]T at Fitzroy Library, front steps$/);
    expect(body.conversation.pickup).toMatchObject({ at: at.toISOString(), place: 'Fitzroy Library, front steps', status: 'proposed', proposedBy: buyer.user.id });
    expect((await summary(seller, conversationId)).pickup).toMatchObject({ status: 'proposed', place: 'Fitzroy Library, front steps' });
  });

  it('refuses a time too soon, too far or not a time, and a place that is empty, too long or holds a banned word', async () => {
    const { buyer, conversationId } = await dealBetween();
    const place = 'Fitzroy Library';
    for (const [at, message] of [
      [hoursFromNow(0.25).toISOString(), pickupMessages.timeTooSoon],
      [hoursFromNow(24 * (pickupLimits.maxAheadDays + 1)).toISOString(), pickupMessages.timeTooFar],
      [hoursFromNow(-5).toISOString(), pickupMessages.timeTooSoon],
    ] as const) {
      const refused = await propose(buyer, conversationId, { at, place });
      expect(refused.status, at).toBe(400);
      expect(refused.body.fieldErrors).toEqual([{ path: 'at', message }]);
    }
    expect((await propose(buyer, conversationId, { at: 'Saturday morning', place })).body.fieldErrors).toEqual([{ path: 'at', message: pickupMessages.timeRequired }]);
    const at = hoursFromNow(24).toISOString();
    expect((await propose(buyer, conversationId, { at, place: '   ' })).body.fieldErrors).toEqual([{ path: 'place', message: pickupMessages.placeRequired }]);
    expect((await propose(buyer, conversationId, { at, place: 'x'.repeat(pickupLimits.placeMax + 1) })).body.fieldErrors).toEqual([{ path: 'place', message: pickupMessages.placeTooLong }]);
    await server.database.db.insert(bannedWords).values({ word: 'Scamplace', addedBy: buyer.user.id });
    // Added behind the API's back: the filter's copy of the list hears of it as an admin's change would tell it.
    server.app.contentVersion.publish(['bannedWords']);
    const banned = await propose(buyer, conversationId, { at, place: 'Behind the scamplace shed' });
    expect(banned.body.code).toBe('CONTENT_FILTERED');
    expect(banned.body.fieldErrors).toEqual([{ path: 'place', message: banned.body.message }]);
    expect((await summary(buyer, conversationId)).pickup).toBeNull();
  });

  it('is its two members’ alone', async () => {
    const { conversationId } = await dealBetween();
    const stranger = await member('Stan');
    expect((await propose(stranger, conversationId, { at: hoursFromNow(24).toISOString(), place: 'Fitzroy Library' })).status).toBe(404);
    expect((await client.call('POST', `/api/conversations/${conversationId}/pickups`, { body: { at: hoursFromNow(24).toISOString(), place: 'Fitzroy Library' } })).status).toBe(401);
  });

  it(`stops at ${pickupLimits.proposalsPerConversationPerDay} proposals in a conversation a day`, async () => {
    const { buyer, seller, conversationId } = await dealBetween();
    for (let made = 0; made < pickupLimits.proposalsPerConversationPerDay; made += 1) {
      expect((await propose(made % 2 === 0 ? buyer : seller, conversationId, { at: hoursFromNow(24 + made).toISOString(), place: 'Fitzroy Library' })).status).toBe(201);
    }
    const more = await propose(buyer, conversationId, { at: hoursFromNow(40).toISOString(), place: 'Fitzroy Library' });
    expect(more.status).toBe(429);
    expect(more.body.message).toBe(pickupMessages.tooMany);
  });
});

describe('confirming', () => {
  it('is the other member’s: the proposer cannot, a stranger finds nothing, the other confirms once', async () => {
    const { seller, buyer, conversationId } = await dealBetween();
    const proposed = await propose(seller, conversationId, { at: hoursFromNow(26).toISOString(), place: 'Outside Coles, Smith St' });
    const pickupId = proposed.body.conversation.pickup.id as string;
    const own = await confirm(seller, pickupId);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(pickupMessages.notYoursToConfirm);
    const stranger = await member('Stan');
    expect((await confirm(stranger, pickupId)).status).toBe(404);
    expect((await confirm(buyer, 'not-a-pickup')).status).toBe(404);

    const confirmed = await confirm(buyer, pickupId);
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.message.body).toMatch(/^Confirmed the pickup on .+ at Outside Coles, Smith St$/);
    expect(confirmed.body.conversation.pickup).toMatchObject({ id: pickupId, status: 'confirmed' });
    expect((await summary(seller, conversationId)).pickup.status).toBe('confirmed');
    const again = await confirm(buyer, pickupId);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(pickupMessages.alreadyConfirmed);
  });

  it('a new proposal replaces the one before, agreed or not, and the old one can no longer be confirmed', async () => {
    const { seller, buyer, conversationId } = await dealBetween();
    const first = (await propose(buyer, conversationId, { at: hoursFromNow(30).toISOString(), place: 'Fitzroy Library' })).body.conversation.pickup.id as string;
    const second = await propose(seller, conversationId, { at: hoursFromNow(50).toISOString(), place: 'Northcote Plaza' });
    expect(second.body.conversation.pickup).toMatchObject({ place: 'Northcote Plaza', status: 'proposed', proposedBy: seller.user.id });
    // The seller replaced the buyer's proposal with theirs: the buyer's can no longer be agreed.
    const stale = await confirm(seller, first);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(pickupMessages.replaced);
    expect((await confirm(buyer, second.body.conversation.pickup.id)).body.conversation.pickup).toMatchObject({ place: 'Northcote Plaza', status: 'confirmed' });
  });
});

describe('the reminder an hour before', () => {
  it('mails both members once, with the time, the place and the safety advice, and texts the one who turned texts on', async () => {
    const { seller, buyer, conversationId } = await dealBetween({ title: 'Walnut sideboard' });
    expect((await client.call('PUT', '/api/user/notifications', { token: buyer.token, body: { sms: true } })).status).toBe(200);
    const pickupId = (await propose(buyer, conversationId, { at: hoursFromNow(0.75).toISOString(), place: 'Fitzroy Library' })).body.conversation.pickup.id as string;
    // Not yet agreed: no reminder.
    expect(await remindPickups(server.deps)).toBe(0);
    await confirm(seller, pickupId);
    expect(await remindPickups(server.deps)).toBe(2);
    expect(await remindPickups(server.deps)).toBe(0);

    for (const who of [seller, buyer]) {
      const mails = (await mailsTo(server, client, who.user.email)).filter((mail) => mail.subject === 'Pickup in an hour: "Walnut sideboard"');
      expect(mails).toHaveLength(1);
      expect(mails[0].text).toContain('at Fitzroy Library');
      expect(mails[0].text).toContain(pickupMessages.safetyAdvice);
      expect(mails[0].text).toContain(`${server.config.publicUrl}/messages/${conversationId}`);
    }
    const phone = (await client.get('/api/auth/me', buyer.token)).body.phone as string;
    const texts = ((await client.get(`/api/dev/outbox?to=${encodeURIComponent(phone)}&limit=100`)).body as { text: string }[]).filter((text) => text.text.includes('pickup of'));
    expect(texts).toHaveLength(1);
    expect(texts[0].text).toContain('"Walnut sideboard"');
  });
});
