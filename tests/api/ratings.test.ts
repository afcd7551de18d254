// Ratings from real exchanges: a listing sold to the buyer of one of its conversations lets each side
// rate the other once, 1 to 5 stars, within 30 days; the average and count show on the member's page
// and on their listing cards; the rated member answers once; an admin removes a reported rating.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ratingMessages } from '../../src/domain/ratings';
import { listings } from '../../src/server/db/schema';
import { registerMember, sellerMember, validListing, verifyEmailOf } from './support/factories';
import { useTestServer } from './support/use-test-server';

const { server, client } = useTestServer({ ADMIN_EMAILS: 'ratings-admin@example.com' });
let admin: Awaited<ReturnType<typeof registerMember>>;

beforeAll(async () => {
  admin = await registerMember(client, { email: 'ratings-admin@example.com' });
  await verifyEmailOf(client, admin);
});

const member = (options: Parameters<typeof sellerMember>[2] = {}) => sellerMember(client, server.database.db, options);
const rate = (token: string, body: Record<string, unknown>) => client.post('/api/ratings', body, token);

/** A listing sold through its conversation: the seller marked the buyer as who bought it. */
async function exchange(title = 'Cast iron frypan') {
  const seller = await member({ firstName: 'Sally' });
  const buyer = await member({ firstName: 'Ben', postcode: '3000' });
  const listing = (await client.post('/api/listings', { ...validListing, title }, seller.token)).body as { id: string };
  const conversationId = (await client.post(`/api/listings/${listing.id}/conversations`, { message: 'Can I pick it up tonight?' }, buyer.token)).body.conversation.id;
  expect((await client.post(`/api/conversations/${conversationId}/messages`, { body: 'Yes, after six works.' }, seller.token)).status).toBe(201);
  const sold = await client.call('PATCH', `/api/listings/${listing.id}`, { token: seller.token, body: { isActive: false, soldToConversationId: conversationId } });
  expect(sold.status).toBe(200);
  return { seller, buyer, listingId: listing.id };
}

describe('ratings', () => {
  it('lets buyer and seller rate each other once, and shows the average and count on the page and the cards', async () => {
    const { seller, buyer, listingId } = await exchange();
    expect((await client.get(`/api/listings/${listingId}/rating`, buyer.token)).body).toMatchObject({ canRate: true, given: null, otherMember: { id: seller.user.id, firstName: 'Sally' } });

    const byBuyer = await rate(buyer.token, { listingId, stars: 5, comment: 'Exactly as described, friendly pickup.' });
    expect(byBuyer.status).toBe(201);
    expect(byBuyer.body).toMatchObject({ stars: 5, raterRole: 'buyer', rateeId: seller.user.id, rater: { firstName: 'Ben', lastName: 'N' }, comment: 'Exactly as described, friendly pickup.' });
    const again = await rate(buyer.token, { listingId, stars: 1 });
    expect([again.status, again.body.message]).toEqual([409, ratingMessages.alreadyRated]);
    expect((await client.get(`/api/listings/${listingId}/rating`, buyer.token)).body).toMatchObject({ canRate: false, given: { stars: 5 } });

    expect((await rate(seller.token, { listingId, stars: 4 })).status).toBe(201);

    expect((await client.get(`/api/sellers/${seller.user.id}`)).body).toMatchObject({ ratingAverage: 5, ratingCount: 1 });
    expect((await client.get(`/api/sellers/${buyer.user.id}`)).body).toMatchObject({ ratingAverage: 4, ratingCount: 1 });
    // Listing cards carry the seller's rating: a new listing of theirs shows it.
    const next = (await client.post('/api/listings', { ...validListing, title: 'Enamel casserole dish' }, seller.token)).body as { id: string };
    expect((await client.get(`/api/listings/${next.id}`)).body.seller).toMatchObject({ ratingAverage: 5, ratingCount: 1 });
    const browsed = (await client.get('/api/listings?search=casserole', buyer.token)).body as { id: string; seller: { ratingCount: number } }[];
    expect(browsed.find((listing) => listing.id === next.id)?.seller).toMatchObject({ ratingAverage: 5, ratingCount: 1 });

    const page = (await client.get(`/api/sellers/${seller.user.id}/ratings`)).body as { stars: number; comment: string | null }[];
    expect(page).toEqual([expect.objectContaining({ stars: 5, comment: 'Exactly as described, friendly pickup.' })]);
  });

  it('refuses a rating without an exchange, of oneself, outside 1 to 5 stars, with a long comment or a banned word, and after 30 days', async () => {
    const { seller, buyer, listingId } = await exchange('Garden hose reel');
    const outsider = await member({ postcode: '3000' });
    const cases: [string, Record<string, unknown>, number, string][] = [
      [outsider.token, { listingId, stars: 5 }, 403, ratingMessages.noExchange],
      [buyer.token, { listingId, stars: 0 }, 400, ratingMessages.starsInvalid],
      [buyer.token, { listingId, stars: 6 }, 400, ratingMessages.starsInvalid],
      [buyer.token, { listingId, stars: 4.5 }, 400, ratingMessages.starsInvalid],
      [buyer.token, { listingId, stars: '5' }, 400, ratingMessages.starsInvalid],
      [buyer.token, { listingId, stars: 5, comment: 'x'.repeat(501) }, 400, ratingMessages.commentTooLong],
      [buyer.token, { listingId: '00000000-0000-0000-0000-000000000000', stars: 5 }, 404, 'Listing not found'],
    ];
    for (const [token, body, status, message] of cases) {
      const response = await rate(token, body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(JSON.stringify(response.body), JSON.stringify(body)).toContain(message);
    }
    // A listing for sale, or sold with no buyer named: no exchange to rate.
    const forSale = (await client.post('/api/listings', { ...validListing, title: 'Watering can' }, seller.token)).body as { id: string };
    expect((await rate(buyer.token, { listingId: forSale.id, stars: 5 })).status).toBe(403);

    const word = `ratingbadword${Date.now()}`;
    expect((await client.post('/api/admin/banned-words', { word }, admin.token)).status).toBe(201);
    const filtered = await rate(buyer.token, { listingId, stars: 2, comment: `What a ${word}` });
    expect([filtered.status, filtered.body.bannedWords]).toEqual([400, [word]]);

    // 31 days after the sale, ratings are closed.
    await server.database.db.update(listings).set({ soldAt: new Date(Date.now() - 31 * 86_400_000) }).where(eq(listings.id, listingId));
    const late = await rate(buyer.token, { listingId, stars: 5 });
    expect([late.status, late.body.message]).toEqual([403, ratingMessages.windowClosed]);
    expect((await client.get(`/api/listings/${listingId}/rating`, buyer.token)).body.canRate).toBe(false);
  });

  it('lets the rated member answer once on their page, and an admin remove a reported rating', async () => {
    const { seller, buyer, listingId } = await exchange('Kids scooter');
    const rating = (await rate(buyer.token, { listingId, stars: 1, comment: 'Never showed up.' })).body as { id: string };
    expect((await client.post(`/api/ratings/${rating.id}/reply`, { reply: 'I waited an hour.' }, buyer.token)).status).toBe(403);
    expect((await client.post(`/api/ratings/${rating.id}/reply`, { reply: '   ' }, seller.token)).status).toBe(400);
    const answered = await client.post(`/api/ratings/${rating.id}/reply`, { reply: 'I waited an hour at the pickup spot.' }, seller.token);
    expect([answered.status, answered.body.reply]).toEqual([200, 'I waited an hour at the pickup spot.']);
    const twice = await client.post(`/api/ratings/${rating.id}/reply`, { reply: 'And again' }, seller.token);
    expect([twice.status, twice.body.message]).toEqual([409, ratingMessages.alreadyAnswered]);

    // The seller reports it; the admin removes it: gone from the page and the average.
    expect((await client.post('/api/reports', { ratingId: rating.id, reason: 'offensive' }, seller.token)).status).toBe(201);
    expect((await client.post('/api/reports', { ratingId: rating.id, reason: 'offensive' }, buyer.token)).status).toBe(403);
    const group = ((await client.get('/api/admin/reports', admin.token)).body as { targetId: string; reportId: string; rating: { stars: number } | null }[]).find((entry) => entry.targetId === rating.id)!;
    expect(group.rating).toMatchObject({ stars: 1 });
    expect((await client.post(`/api/admin/reports/${group.reportId}/actions`, { action: 'remove-rating', reason: 'Not about the exchange.' }, admin.token)).status).toBe(200);
    expect((await client.get(`/api/sellers/${seller.user.id}`)).body).toMatchObject({ ratingAverage: null, ratingCount: 0 });
    expect((await client.get(`/api/sellers/${seller.user.id}/ratings`)).body).toEqual([]);
    // Removed, it cannot be rated again in its place.
    expect((await rate(buyer.token, { listingId, stars: 5 })).status).toBe(409);
  });

  /** A listing several members wrote about, each answered by its seller. */
  async function listingWithBuyers(title: string, names: string[]) {
    const seller = await member({ firstName: 'Sally' });
    const listingId = ((await client.post('/api/listings', { ...validListing, title }, seller.token)).body as { id: string }).id;
    const buyers = [];
    for (const firstName of names) {
      const buyer = await member({ firstName });
      const conversationId = (await client.post(`/api/listings/${listingId}/conversations`, { message: 'Still for sale?' }, buyer.token)).body.conversation.id as string;
      expect((await client.post(`/api/conversations/${conversationId}/messages`, { body: 'Sure, it is.' }, seller.token)).status).toBe(201);
      buyers.push({ ...buyer, conversationId });
    }
    const sellTo = (conversationId: string) => client.call('PATCH', `/api/listings/${listingId}`, { token: seller.token, body: { isActive: false, soldToConversationId: conversationId } });
    return { seller, listingId, buyers, sellTo };
  }

  it('keeps a seller from farming ratings with fake buyers: the buyer is settled once rated or a day old, and a listing gives one rating each way', async () => {
    const { seller, listingId, buyers, sellTo } = await listingWithBuyers('Garden bench', ['Finn', 'Gus', 'Ivo']);
    const [first, second, third] = buyers;

    // Within the day and before any rating, the seller may correct the buyer.
    expect((await sellTo(third.conversationId)).status).toBe(200);
    expect((await sellTo(first.conversationId)).status).toBe(200);
    // Once a side has rated, the buyer is settled: another fake buyer cannot be named to rate again.
    expect((await rate(first.token, { listingId, stars: 5 })).status).toBe(201);
    const moved = await sellTo(second.conversationId);
    expect([moved.status, moved.body.code, moved.body.message]).toEqual([409, 'SALE_BUYER_SETTLED', ratingMessages.buyerSettled]);
    expect((await rate(second.token, { listingId, stars: 5 })).status).toBe(403);

    // Listed again and sold to another: still one rating from a buyer for this listing.
    expect((await client.call('PATCH', `/api/listings/${listingId}`, { token: seller.token, body: { isActive: true } })).status).toBe(200);
    expect((await sellTo(second.conversationId)).status).toBe(200);
    const again = await rate(second.token, { listingId, stars: 5 });
    expect([again.status, again.body.code]).toEqual([409, 'ALREADY_RATED']);
    expect((await client.get(`/api/sellers/${seller.user.id}`)).body.ratingCount).toBe(1);
  });

  it('settles the buyer a day after the sale even when nobody has rated', async () => {
    const { listingId, buyers, sellTo } = await listingWithBuyers('Folding table', ['Hana', 'Jo']);
    expect((await sellTo(buyers[0].conversationId)).status).toBe(200);
    await server.database.db.update(listings).set({ soldAt: new Date(Date.now() - 25 * 60 * 60 * 1000) }).where(eq(listings.id, listingId));
    const moved = await sellTo(buyers[1].conversationId);
    expect([moved.status, moved.body.code]).toEqual([409, 'SALE_BUYER_SETTLED']);
  });
});
