// A listing held for one buyer (decision 46) as members meet it: an accepted offer or the seller's
// hold marks it Reserved everywhere, other buyers can still write and are told it is on hold, the
// seller releases it or sells it to that buyer, and those who saved it hear once. And what a
// member with a few accounts would try: holding someone else's listing, holding it for a stranger's
// conversation, accepting a second buyer's offer to take the hold from the first.
import { describe, expect, it } from 'vitest';
import { favouriteMail } from '../../src/domain/favourites';
import { reservationMessages } from '../../src/domain/reservations';
import { mailsTo, sellerMember, validListing } from './support/factories';
import { useTestServer } from './support/use-test-server';

const { server, client } = useTestServer();

type Member = Awaited<ReturnType<typeof sellerMember>>;

const member = (firstName: string) => sellerMember(client, server.database.db, { tier: 'connector', firstName, postcode: '3000' });

async function listingBy(seller: Member, title = 'Rattan armchair'): Promise<string> {
  const listing = await client.post('/api/listings', { ...validListing, title, price: '150.00', postcode: '3000' }, seller.token);
  if (listing.status !== 201) throw new Error(`listing: ${listing.status} ${JSON.stringify(listing.body)}`);
  return listing.body.id as string;
}

async function conversationAbout(listingId: string, buyer: Member): Promise<string> {
  const started = await client.post(`/api/listings/${listingId}/conversations`, { message: 'Hi, is this still available?' }, buyer.token);
  if (started.status !== 201) throw new Error(`start: ${started.status} ${JSON.stringify(started.body)}`);
  return started.body.conversation.id as string;
}

const offer = async (buyer: Member, conversationId: string, amount: string) => (await client.post(`/api/conversations/${conversationId}/offers`, { amount }, buyer.token)).body.offer.id as string;
const accept = (who: Member, offerId: string) => client.call('POST', `/api/offers/${offerId}/accept`, { token: who.token });
const hold = (who: Member | null, listingId: string, conversationId: unknown) => client.call('PUT', `/api/listings/${listingId}/reservation`, { token: who?.token, body: { conversationId } });
const release = (who: Member, listingId: string) => client.call('DELETE', `/api/listings/${listingId}/reservation`, { token: who.token });
const statusOf = async (listingId: string) => (await client.get(`/api/listings/${listingId}`)).body.status as string;
const summaryOf = async (who: Member, conversationId: string) => (await client.get(`/api/conversations/${conversationId}`, who.token)).body as { listingStatus: string };
const lines = async (who: Member, conversationId: string) => ((await client.get(`/api/conversations/${conversationId}/messages`, who.token)).body as { body: string }[]).map((line) => line.body);

describe('an accepted offer', () => {
  it('holds the listing for that buyer: Reserved on its page and in browse, on hold to other buyers, who can still write', async () => {
    const seller = await member('Sally');
    const [ben, cat] = [await member('Ben'), await member('Cat')];
    const listingId = await listingBy(seller, 'Rattan armchair one');
    const bens = await conversationAbout(listingId, ben);
    const cats = await conversationAbout(listingId, cat);
    expect(await statusOf(listingId)).toBe('active');

    expect((await accept(seller, await offer(ben, bens, '120'))).status).toBe(201);
    expect(await statusOf(listingId)).toBe('reserved');
    const browse = (await client.get('/api/listings?search=rattan%20armchair%20one')).body as { id: string; status: string }[];
    expect(browse.find((card) => card.id === listingId)?.status).toBe('reserved');

    expect((await summaryOf(ben, bens)).listingStatus).toBe('reservedForYou');
    expect((await summaryOf(seller, bens)).listingStatus).toBe('reservedForYou');
    expect((await summaryOf(cat, cats)).listingStatus).toBe('reserved');
    expect((await summaryOf(seller, cats)).listingStatus).toBe('reserved');
    // Cat may still write, and a new buyer may still start a conversation.
    expect((await client.post(`/api/conversations/${cats}/messages`, { body: 'Let me know if it falls through' }, cat.token)).status).toBe(201);
    const dan = await member('Dan');
    expect((await client.post(`/api/listings/${listingId}/conversations`, { message: 'Still available?' }, dan.token)).status).toBe(201);
  });

  it('cannot take the hold from the first buyer: the seller is told to release it, a buyer accepting a counter that the seller is holding for someone else', async () => {
    const seller = await member('Sally');
    const [ben, cat] = [await member('Ben'), await member('Cat')];
    const listingId = await listingBy(seller);
    const bens = await conversationAbout(listingId, ben);
    const cats = await conversationAbout(listingId, cat);
    const catsOffer = await offer(cat, cats, '110');
    const counter = (await client.post(`/api/offers/${catsOffer}/counter`, { amount: '140' }, seller.token)).body.offer.id as string;
    const bensOffer = await offer(ben, bens, '130');
    expect((await accept(seller, bensOffer)).status).toBe(201);

    const catAccepts = await accept(cat, counter);
    expect(catAccepts.status).toBe(409);
    expect(catAccepts.body).toMatchObject({ code: 'LISTING_RESERVED', message: reservationMessages.heldForAnotherBuyer });
    // The counter is still open, for when the hold is released.
    expect((await release(seller, listingId)).body.status).toBe('active');
    expect((await accept(cat, counter)).status).toBe(201);
    expect((await summaryOf(cat, cats)).listingStatus).toBe('reservedForYou');

    const benAgain = await offer(ben, bens, '135');
    const sellerAccepts = await accept(seller, benAgain);
    expect(sellerAccepts.status).toBe(409);
    expect(sellerAccepts.body).toMatchObject({ code: 'LISTING_RESERVED', message: reservationMessages.heldForAnother });
  });
});

describe('the seller’s hold', () => {
  it('holds for a buyer with a line in their thread, once, and releases with another', async () => {
    const seller = await member('Sally');
    const ben = await member('Ben');
    const listingId = await listingBy(seller);
    const bens = await conversationAbout(listingId, ben);
    const held = await hold(seller, listingId, bens);
    expect(held.status).toBe(200);
    expect(held.body.status).toBe('reserved');
    expect((await hold(seller, listingId, bens)).status).toBe(200);
    expect((await lines(ben, bens)).filter((line) => line === reservationMessages.heldLine)).toHaveLength(1);

    const released = await release(seller, listingId);
    expect(released.body.status).toBe('active');
    expect((await lines(ben, bens)).at(-1)).toBe(reservationMessages.releasedLine);
    // Releasing what is not held changes nothing and writes nothing.
    expect((await release(seller, listingId)).status).toBe(200);
    expect((await lines(ben, bens)).filter((line) => line === reservationMessages.releasedLine)).toHaveLength(1);
  });

  it('is the seller’s alone, for a conversation about this listing', async () => {
    const seller = await member('Sally');
    const ben = await member('Ben');
    const listingId = await listingBy(seller);
    const bens = await conversationAbout(listingId, ben);
    const otherListing = await listingBy(seller, 'Pine bookcase');
    const elsewhere = await conversationAbout(otherListing, ben);

    const byBuyer = await hold(ben, listingId, bens);
    expect(byBuyer.status).toBe(403);
    expect(byBuyer.body.code).toBe('NOT_YOUR_LISTING');
    expect((await release(ben, listingId)).status).toBe(403);
    expect((await hold(null, listingId, bens)).status).toBe(401);
    for (const conversationId of [elsewhere, 'nonsense', '00000000-0000-0000-0000-000000000000']) {
      const refused = await hold(seller, listingId, conversationId);
      expect(refused.status, conversationId).toBe(400);
      expect(refused.body.code).toBe('RESERVE_FOR_UNKNOWN_CONVERSATION');
    }
    expect((await hold(seller, listingId, undefined)).status).toBe(400);
    expect(await statusOf(listingId)).toBe('active');
  });

  it('cannot hold for a buyer either member blocked, or a listing that is sold', async () => {
    const seller = await member('Sally');
    const ben = await member('Ben');
    const listingId = await listingBy(seller);
    const bens = await conversationAbout(listingId, ben);
    expect((await client.call('PUT', `/api/blocks/${seller.user.id}`, { token: ben.token })).status).toBe(204);
    expect((await hold(seller, listingId, bens)).body.code).toBe('MEMBER_BLOCKED');
    expect(await statusOf(listingId)).toBe('active');
    expect((await client.call('DELETE', `/api/blocks/${seller.user.id}`, { token: ben.token })).status).toBe(204);
    await client.call('PATCH', `/api/listings/${listingId}`, { token: seller.token, body: { isActive: false } });
    expect((await hold(seller, listingId, bens)).body).toMatchObject({ code: 'LISTING_SOLD', message: reservationMessages.notForSale });
  });

  it('ends when the listing is sold to that buyer, which opens the ratings', async () => {
    const seller = await member('Sally');
    const ben = await member('Ben');
    const listingId = await listingBy(seller);
    const bens = await conversationAbout(listingId, ben);
    await client.post(`/api/conversations/${bens}/messages`, { body: 'Yes, it is.' }, seller.token);
    expect((await hold(seller, listingId, bens)).body.status).toBe('reserved');
    const sold = await client.call('PATCH', `/api/listings/${listingId}`, { token: seller.token, body: { isActive: false, soldToConversationId: bens } });
    expect(sold.status).toBe(200);
    expect(sold.body.status).toBe('sold');
    expect((await summaryOf(ben, bens)).listingStatus).toBe('soldToYou');
    // Listed again, it is simply for sale: the hold went with the sale.
    expect((await client.call('PATCH', `/api/listings/${listingId}`, { token: seller.token, body: { isActive: true } })).body.status).toBe('active');
  });
});

describe('those who saved it', () => {
  it('hear once when it goes on hold (not the buyer it is held for, nor the seller), however often it is held again', async () => {
    const seller = await member('Sally');
    const [ben, saver] = [await member('Ben'), await member('Sam')];
    const listingId = await listingBy(seller, 'Velvet ottoman');
    for (const who of [ben, saver]) expect((await client.call('PUT', `/api/favourites/${listingId}`, { token: who.token })).status).toBe(204);
    const bens = await conversationAbout(listingId, ben);
    await hold(seller, listingId, bens);
    await server.deps.jobs.settle();
    const subjects = async (who: Member) => (await mailsTo(server, client, who.user.email)).map((mail) => mail.subject).filter((subject) => subject.includes('Velvet ottoman'));
    expect(await subjects(saver)).toEqual([favouriteMail.reservedSubject('Velvet ottoman')]);
    expect(await subjects(ben)).toEqual([]);

    // Released and held again: no second mail.
    await release(seller, listingId);
    await hold(seller, listingId, bens);
    await server.deps.jobs.settle();
    expect(await subjects(saver)).toEqual([favouriteMail.reservedSubject('Velvet ottoman')]);
  });
});
