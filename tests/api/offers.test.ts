// Offers in a conversation (decision 45) as members meet them: the buyer offers, the seller accepts,
// declines or counters, the maker withdraws, an open offer lapses after 48 hours, and each step is a
// line of the thread that reaches the other member live and, while away, by mail. And what a member
// with a few accounts would try: offering on someone else's conversation, answering their own
// offer, stacking offers, flooding a seller, offering above the price, racing two answers.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messageSchema } from '../../src/domain/conversation-schemas';
import { conversationLimits } from '../../src/domain/conversations';
import { offerLimits, offerMessages } from '../../src/domain/offers';
import { mailAwayMembers } from '../../src/server/conversations';
import { expireLapsedOffers } from '../../src/server/offers';
import { expectEventStream } from './support/event-stream-client';
import { mailsTo, sellerMember, validListing } from './support/factories';
import { useTestServer } from './support/use-test-server';

const { server, client } = useTestServer();

type Member = Awaited<ReturnType<typeof sellerMember>>;

const member = (firstName: string) => sellerMember(client, server.database.db, { tier: 'connector', firstName });

/** A seller, a buyer and the conversation the buyer started about the seller's listing at `price`. */
async function conversationBetween(options: { price?: string; title?: string } = {}) {
  const seller = await member('Sally');
  const buyer = await member('Ben');
  const listing = await client.post('/api/listings', { ...validListing, title: options.title ?? 'Cedar bookshelf', price: options.price ?? '150.00' }, seller.token);
  if (listing.status !== 201) throw new Error(`listing: ${listing.status} ${JSON.stringify(listing.body)}`);
  const started = await client.post(`/api/listings/${listing.body.id}/conversations`, { message: 'Hi, is this still available?' }, buyer.token);
  if (started.status !== 201) throw new Error(`start: ${started.status} ${JSON.stringify(started.body)}`);
  return { seller, buyer, listingId: listing.body.id as string, conversationId: started.body.conversation.id as string };
}

const offer = (who: Member, conversationId: string, amount: unknown) => client.call('POST', `/api/conversations/${conversationId}/offers`, { token: who.token, body: { amount } });
const answer = (who: Member, offerId: string, step: 'accept' | 'decline' | 'withdraw') => client.call('POST', `/api/offers/${offerId}/${step}`, { token: who.token });
const counter = (who: Member, offerId: string, amount: unknown) => client.call('POST', `/api/offers/${offerId}/counter`, { token: who.token, body: { amount } });
const thread = async (who: Member, conversationId: string) => (await client.get(`/api/conversations/${conversationId}/messages`, who.token)).body as { body: string; offer: unknown }[];

describe('making an offer', () => {
  it('writes "Offered $120" in the thread with the offer open for 48 hours, for both members to read', async () => {
    const { seller, buyer, conversationId } = await conversationBetween();
    const before = Date.now();
    const made = await offer(buyer, conversationId, '120');
    expect(made.status).toBe(201);
    expect(messageSchema.parse(made.body)).toMatchObject({ body: 'Offered $120', senderId: buyer.user.id, safetyTip: null, offer: { step: 'offer', amount: '120.00', status: 'open', madeBy: buyer.user.id } });
    const hours = (Date.parse(made.body.offer.expiresAt) - before) / 3_600_000;
    expect(hours).toBeGreaterThan(offerLimits.openHours - 0.1);
    expect(hours).toBeLessThan(offerLimits.openHours + 0.1);

    const sellersThread = await thread(seller, conversationId);
    expect(sellersThread.map((message) => message.body)).toEqual(['Hi, is this still available?', 'Offered $120']);
    expect(sellersThread[1].offer).toEqual(made.body.offer);
    // It counts as unread for the seller, like any message.
    expect((await client.get('/api/conversations/unread-count', seller.token)).body.count).toBe(2);
  });

  it('takes a JSON number or text with cents, and keeps the amount exact', async () => {
    const { buyer, conversationId } = await conversationBetween({ price: '1000.00' });
    const made = await offer(buyer, conversationId, 99.95);
    expect(made.status).toBe(201);
    expect(made.body.offer.amount).toBe('99.95');
    const [row] = (await server.database.db.execute<{ amount: string }>(sql`select amount::text as amount from offers where id = ${made.body.offer.id}`)).rows;
    expect(row.amount).toBe('99.95');
  });

  it('refuses an amount that is missing, not money, zero or above the asking price, and keeps nothing', async () => {
    const { seller, buyer, conversationId } = await conversationBetween({ price: '150.00' });
    for (const [amount, message] of [
      ['', offerMessages.amountRequired],
      ['a lot', offerMessages.amountInvalid],
      ['0', offerMessages.amountInvalid],
      ['12.345', offerMessages.amountInvalid],
      ['-5', offerMessages.amountInvalid],
    ] as const) {
      const refused = await offer(buyer, conversationId, amount);
      expect(refused.status, amount).toBe(400);
      expect(refused.body.code).toBe('VALIDATION_FAILED');
      expect(refused.body.fieldErrors).toEqual([{ path: 'amount', message }]);
    }
    const above = await offer(buyer, conversationId, '150.01');
    expect(above.status).toBe(400);
    expect(above.body).toMatchObject({ code: 'OFFER_AMOUNT_REFUSED', message: 'Offer at most the asking price of $150.', fieldErrors: [{ path: 'amount', message: 'Offer at most the asking price of $150.' }] });
    expect((await thread(seller, conversationId)).map((message) => message.body)).toEqual(['Hi, is this still available?']);
    // The asking price itself is a fair offer.
    expect((await offer(buyer, conversationId, '150')).status).toBe(201);
  });

  it('is the buyer’s: the seller counters rather than offers, and a stranger finds no conversation', async () => {
    const { seller, buyer, conversationId } = await conversationBetween();
    const bySeller = await offer(seller, conversationId, '100');
    expect(bySeller.status).toBe(403);
    expect(bySeller.body).toMatchObject({ code: 'OFFER_NOT_ALLOWED', message: offerMessages.sellerOffers });
    const stranger = await member('Stan');
    const byStranger = await offer(stranger, conversationId, '100');
    expect(byStranger.status).toBe(404);
    expect(byStranger.body.code).toBe('CONVERSATION_NOT_FOUND');
    expect((await offer(buyer, 'not-a-conversation', '100')).status).toBe(404);
    expect((await client.call('POST', `/api/conversations/${conversationId}/offers`, { body: { amount: '100' } })).status).toBe(401);
  });

  it('holds one open offer per conversation: a second waits until the first is answered or withdrawn', async () => {
    const { buyer, conversationId } = await conversationBetween();
    const first = await offer(buyer, conversationId, '100');
    const second = await offer(buyer, conversationId, '110');
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'OFFER_ALREADY_OPEN', message: offerMessages.openOfferExists });
    expect((await answer(buyer, first.body.offer.id, 'withdraw')).status).toBe(201);
    expect((await offer(buyer, conversationId, '110')).status).toBe(201);
  });

  it('two offers sent at once make one open offer', async () => {
    const { seller, buyer, conversationId } = await conversationBetween();
    const both = await Promise.all([offer(buyer, conversationId, '100'), offer(buyer, conversationId, '105')]);
    expect(both.map((response) => response.status).sort()).toEqual([201, 409]);
    const offers = (await thread(seller, conversationId)).filter((message) => message.offer);
    expect(offers).toHaveLength(1);
  });

  it('is refused on a listing that has sold or been deleted', async () => {
    const { seller, buyer, listingId, conversationId } = await conversationBetween();
    await client.call('PATCH', `/api/listings/${listingId}`, { token: seller.token, body: { isActive: false } });
    const sold = await offer(buyer, conversationId, '100');
    expect(sold.status).toBe(400);
    expect(sold.body).toMatchObject({ code: 'LISTING_SOLD', message: offerMessages.notForSale });
    await client.call('DELETE', `/api/listings/${listingId}`, { token: seller.token });
    expect((await offer(buyer, conversationId, '100')).body.code).toBe('CONVERSATION_CLOSED');
  });

  it('is refused when either member blocked the other, with nothing kept', async () => {
    const { seller, buyer, conversationId } = await conversationBetween();
    expect((await client.call('PUT', `/api/blocks/${buyer.user.id}`, { token: seller.token })).status).toBe(204);
    const blocked = await offer(buyer, conversationId, '100');
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe('MEMBER_BLOCKED');
    const [open] = (await server.database.db.execute<{ count: number }>(sql`select count(*)::int as count from offers where conversation_id = ${conversationId}`)).rows;
    expect(open.count).toBe(0);
  });

  it(`stops at ${offerLimits.offersPerConversationPerDay} offers and counter-offers in a conversation a day`, async () => {
    const { buyer, conversationId } = await conversationBetween({ price: '500.00' });
    for (let made = 0; made < offerLimits.offersPerConversationPerDay; made += 1) {
      const response = await offer(buyer, conversationId, String(100 + made));
      expect(response.status).toBe(201);
      expect((await answer(buyer, response.body.offer.id, 'withdraw')).status).toBe(201);
    }
    const more = await offer(buyer, conversationId, '200');
    expect(more.status).toBe(429);
    expect(more.body.message).toBe(offerMessages.tooManyOffers);
  });
});

describe('answering an offer', () => {
  it('accepting closes the offer: its first line reads accepted and the thread says "Accepted the offer of $120"', async () => {
    const { seller, buyer, conversationId } = await conversationBetween();
    const made = await offer(buyer, conversationId, '120');
    const accepted = await answer(seller, made.body.offer.id, 'accept');
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ body: 'Accepted the offer of $120', senderId: seller.user.id, offer: { id: made.body.offer.id, step: 'accepted', status: 'accepted', amount: '120.00' } });
    const lines = await thread(buyer, conversationId);
    expect(lines.slice(1).map((line) => [line.body, (line.offer as { status: string }).status])).toEqual([
      ['Offered $120', 'accepted'],
      ['Accepted the offer of $120', 'accepted'],
    ]);
    // Answered is answered: a second tap, or a decline after, is told what became of it.
    const again = await answer(seller, made.body.offer.id, 'decline');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'OFFER_NOT_OPEN', message: 'This offer was already accepted.' });
  });

  it('declining says so in the thread, and the buyer may offer again', async () => {
    const { seller, buyer, conversationId } = await conversationBetween();
    const made = await offer(buyer, conversationId, '60');
    const declined = await answer(seller, made.body.offer.id, 'decline');
    expect(declined.body).toMatchObject({ body: 'Declined the offer of $60', offer: { status: 'declined' } });
    expect((await offer(buyer, conversationId, '90')).status).toBe(201);
  });

  it('a counter-offer closes the offer and opens the seller’s, which the buyer can accept', async () => {
    const { seller, buyer, conversationId } = await conversationBetween({ price: '150.00' });
    const made = await offer(buyer, conversationId, '100');
    const countered = await counter(seller, made.body.offer.id, '130');
    expect(countered.status).toBe(201);
    expect(countered.body).toMatchObject({ body: 'Countered with $130', offer: { step: 'counter', amount: '130.00', status: 'open', madeBy: seller.user.id } });
    // The seller cannot answer their own counter-offer; the buyer can.
    const ownAnswer = await answer(seller, countered.body.offer.id, 'accept');
    expect(ownAnswer.status).toBe(403);
    expect(ownAnswer.body.message).toBe(offerMessages.notYoursToAnswer);
    const accepted = await answer(buyer, countered.body.offer.id, 'accept');
    expect(accepted.body).toMatchObject({ body: 'Accepted the offer of $130', offer: { status: 'accepted', amount: '130.00' } });
    const statuses = (await thread(seller, conversationId)).flatMap((line) => (line.offer ? [[line.body, (line.offer as { status: string }).status]] : []));
    expect(statuses).toEqual([
      ['Offered $100', 'countered'],
      ['Countered with $130', 'accepted'],
      ['Accepted the offer of $130', 'accepted'],
    ]);
  });

  it('a counter-offer needs another amount, at most the asking price', async () => {
    const { seller, buyer, conversationId } = await conversationBetween({ price: '150.00' });
    const made = await offer(buyer, conversationId, '100');
    expect((await counter(seller, made.body.offer.id, '100.00')).body).toMatchObject({ code: 'OFFER_AMOUNT_REFUSED', message: offerMessages.counterSameAmount });
    expect((await counter(seller, made.body.offer.id, '151')).body.code).toBe('OFFER_AMOUNT_REFUSED');
    expect((await counter(seller, made.body.offer.id, 'lots')).body.fieldErrors).toEqual([{ path: 'amount', message: offerMessages.amountInvalid }]);
    // Nothing of the refused counters was kept: the offer is still open for the seller.
    expect((await answer(seller, made.body.offer.id, 'accept')).status).toBe(201);
  });

  it('only the member who made an offer withdraws it, and a stranger finds no offer at all', async () => {
    const { seller, buyer, conversationId } = await conversationBetween();
    const made = await offer(buyer, conversationId, '100');
    const bySeller = await answer(seller, made.body.offer.id, 'withdraw');
    expect(bySeller.status).toBe(403);
    expect(bySeller.body.message).toBe(offerMessages.notYoursToWithdraw);
    const stranger = await member('Stan');
    for (const step of ['accept', 'decline', 'withdraw'] as const) {
      const response = await answer(stranger, made.body.offer.id, step);
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('OFFER_NOT_FOUND');
    }
    expect((await counter(stranger, made.body.offer.id, '90')).status).toBe(404);
    expect((await answer(seller, 'no-such-offer', 'accept')).status).toBe(404);
    const withdrawn = await answer(buyer, made.body.offer.id, 'withdraw');
    expect(withdrawn.body).toMatchObject({ body: 'Withdrew the offer of $100', offer: { status: 'withdrawn' } });
  });

  it('an accept and a decline at once: one wins, the other is told what became of it', async () => {
    const { seller, buyer, conversationId } = await conversationBetween();
    const made = await offer(buyer, conversationId, '100');
    const [accepted, withdrawn] = await Promise.all([answer(seller, made.body.offer.id, 'accept'), answer(buyer, made.body.offer.id, 'withdraw')]);
    expect([accepted.status, withdrawn.status].sort()).toEqual([201, 409]);
    const answers = (await thread(buyer, conversationId)).filter((line) => line.body !== 'Offered $100' && line.offer);
    expect(answers).toHaveLength(1);
  });

  it('accepting a sold listing’s offer is refused; declining it still works', async () => {
    const { seller, buyer, listingId, conversationId } = await conversationBetween();
    const made = await offer(buyer, conversationId, '100');
    await client.call('PATCH', `/api/listings/${listingId}`, { token: seller.token, body: { isActive: false } });
    expect((await answer(seller, made.body.offer.id, 'accept')).body.code).toBe('LISTING_SOLD');
    expect((await answer(seller, made.body.offer.id, 'decline')).status).toBe(201);
  });
});

describe('an offer’s 48 hours', () => {
  async function lapse(offerId: string) {
    await server.database.db.execute(sql`update offers set created_at = now() - interval '49 hours', expires_at = now() - interval '1 hour' where id = ${offerId}`);
  }

  it('reads expired once they pass, cannot be accepted, and the sweep writes the expiry in the thread once', async () => {
    const { seller, buyer, conversationId } = await conversationBetween();
    const made = await offer(buyer, conversationId, '100');
    await lapse(made.body.offer.id);
    expect((await thread(seller, conversationId)).at(-1)?.offer).toMatchObject({ status: 'expired' });
    const late = await answer(seller, made.body.offer.id, 'accept');
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(offerMessages.alreadyAnswered('expired'));

    expect(await expireLapsedOffers(server.deps)).toBeGreaterThanOrEqual(1);
    expect(await expireLapsedOffers(server.deps)).toBe(0);
    const lines = (await thread(seller, conversationId)).map((line) => line.body);
    expect(lines.filter((line) => line === 'The offer of $100 expired after 48 hours')).toHaveLength(1);
    // The buyer can make a new one.
    expect((await offer(buyer, conversationId, '110')).status).toBe(201);
  });

  it('a new offer after a lapsed one that the sweep has not reached closes it first', async () => {
    const { buyer, conversationId } = await conversationBetween();
    const made = await offer(buyer, conversationId, '100');
    await lapse(made.body.offer.id);
    const fresh = await offer(buyer, conversationId, '105');
    expect(fresh.status).toBe(201);
    const lines = (await thread(buyer, conversationId)).map((line) => line.body);
    expect(lines.slice(-2)).toEqual(['The offer of $100 expired after 48 hours', 'Offered $105']);
  });
});

describe('telling the other member', () => {
  it('each step reaches the other member’s open tab live, with the offer as it now stands', async () => {
    const { seller, buyer, conversationId } = await conversationBetween();
    const ticket = (await client.post('/api/events/ticket', undefined, buyer.token)).body.ticket as string;
    const stream = await expectEventStream(`${server.baseUrl}/api/events?ticket=${encodeURIComponent(ticket)}`);
    try {
      await stream.waitFor((event) => event.event === 'ready');
      const made = await offer(buyer, conversationId, '120');
      const countered = await counter(seller, made.body.offer.id, '140');
      const event = await stream.waitFor((one) => one.event === 'message' && one.id === countered.body.id);
      expect(event.data.message).toMatchObject({ body: 'Countered with $140', offer: { step: 'counter', status: 'open', amount: '140.00', madeBy: seller.user.id } });
    } finally {
      stream.close();
    }
  });

  it('a member away hears of an offer by mail that names it', async () => {
    const { seller, buyer, conversationId } = await conversationBetween({ title: 'Walnut sideboard' });
    await client.call('POST', `/api/conversations/${conversationId}/read`, { token: seller.token });
    await offer(buyer, conversationId, '120');
    await mailAwayMembers(server.deps, { now: new Date(Date.now() + (conversationLimits.quietMinutes + 1) * 60_000) });
    const mails = (await mailsTo(server, client, seller.user.email)).filter((mail) => mail.subject.includes('Walnut sideboard') && !mail.subject.includes('interested'));
    expect(mails.map((mail) => mail.subject)).toEqual(['Ben N. offered $120 for "Walnut sideboard"']);
    expect(mails[0].text).toContain(`${server.config.publicUrl}/messages/${conversationId}`);
  });
});
