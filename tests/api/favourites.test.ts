import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { favouriteLimits, favouriteMail, favouriteMessages } from '../../src/domain/favourites';
import { listingRuleMessages } from '../../src/domain/listing';
import { favourites, listings } from '../../src/server/db/schema';
import { mailsTo, sellerMember, validListing } from './support/factories';
import { useTestServer } from './support/use-test-server';

const { server, client } = useTestServer();

const create = async (token: string, body: Record<string, unknown> = {}) => {
  const response = await client.call('POST', '/api/listings', { token, body: { ...validListing, ...body } });
  expect(response.status).toBe(201);
  return response.body as { id: string; title: string };
};
const save = (token: string, listingId: string) => client.call('PUT', `/api/favourites/${listingId}`, { token });
const unsave = (token: string, listingId: string) => client.call('DELETE', `/api/favourites/${listingId}`, { token });
/** The last mail about a listing is more than a day old. */
const aDayPasses = (listingId: string) =>
  server.database.db
    .update(favourites)
    .set({ lastToldAt: new Date(Date.now() - (favouriteLimits.newsEveryHours + 1) * 60 * 60 * 1000) })
    .where(eq(favourites.listingId, listingId));
const saved = async (token: string) => {
  const response = await client.get('/api/favourites', token);
  expect(response.status).toBe(200);
  return response.body as { id: string; isFavourite: boolean; isActive: boolean; favouritedAt: string }[];
};

describe('favourites', () => {
  it('keeps a listing on the member’s Saved page, newest first, and marks its heart everywhere they see it', async () => {
    const seller = await sellerMember(client, server.database.db, { postcode: '2880', tier: 'connector' });
    const buyer = await sellerMember(client, server.database.db, { postcode: '2880', tier: 'starter' });
    const first = await create(seller.token, { title: 'Swag and bedroll' });
    const second = await create(seller.token, { title: 'Camp kettle' });

    expect((await save(buyer.token, first.id)).status).toBe(204);
    expect((await save(buyer.token, second.id)).status).toBe(204);
    // Saving twice is fine and keeps one.
    expect((await save(buyer.token, first.id)).status).toBe(204);
    const mine = await saved(buyer.token);
    expect(mine.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(mine.every((item) => item.isFavourite)).toBe(true);
    expect(Date.parse(mine[0].favouritedAt)).toBeGreaterThanOrEqual(Date.parse(mine[1].favouritedAt));

    // The same pages other viewers share: the hearts are the member's own.
    const browse = (token?: string) => client.get(`/api/listings?search=kettle${token ? '' : '&near=2880'}`, token);
    const heartOf = (body: { id: string; isFavourite: boolean }[], id: string) => body.find((item) => item.id === id)?.isFavourite;
    expect(heartOf((await browse(buyer.token)).body, second.id)).toBe(true);
    expect(heartOf((await browse()).body, second.id)).toBe(false);
    expect(heartOf((await browse(seller.token)).body, second.id)).toBe(false);
    expect((await client.get(`/api/listings/${second.id}`, buyer.token)).body.isFavourite).toBe(true);
    expect((await client.get(`/api/listings/${second.id}`)).body.isFavourite).toBe(false);
    expect(heartOf((await client.get(`/api/seller-listings/${seller.user.id}`, buyer.token)).body, first.id)).toBe(true);

    // Taken away: gone from Saved, and the heart empties at once (no stale cached page).
    expect((await unsave(buyer.token, second.id)).status).toBe(204);
    expect((await unsave(buyer.token, second.id)).status).toBe(204);
    expect((await saved(buyer.token)).map((item) => item.id)).toEqual([first.id]);
    expect(heartOf((await browse(buyer.token)).body, second.id)).toBe(false);
    expect((await client.get(`/api/listings/${second.id}`, buyer.token)).body.isFavourite).toBe(false);
  });

  it('shows a sold favourite marked sold for 30 days, then lets it go; a deleted listing simply leaves', async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'connector' });
    const buyer = await sellerMember(client, server.database.db);
    const sold = await create(seller.token, { title: 'Rowing machine' });
    const deleted = await create(seller.token, { title: 'Kayak paddle' });
    await save(buyer.token, sold.id);
    await save(buyer.token, deleted.id);

    expect((await client.call('PATCH', `/api/listings/${sold.id}`, { token: seller.token, body: { isActive: false } })).status).toBe(200);
    expect((await client.call('DELETE', `/api/listings/${deleted.id}`, { token: seller.token })).status).toBe(204);
    const mine = await saved(buyer.token);
    expect(mine.map((item) => [item.id, item.isActive])).toEqual([[sold.id, false]]);

    // Sold 31 days ago: no longer shown.
    await server.database.db
      .update(listings)
      .set({ updatedAt: new Date(Date.now() - (favouriteLimits.soldKeptDays + 1) * 24 * 60 * 60 * 1000) })
      .where(eq(listings.id, sold.id));
    expect(await saved(buyer.token)).toEqual([]);
    expect(await server.database.db.select().from(favourites).where(eq(favourites.listingId, deleted.id))).toEqual([]);
  });

  it('refuses what cannot be saved, in words the member understands', async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'connector' });
    const buyer = await sellerMember(client, server.database.db);
    const own = await create(seller.token);
    const sold = await create(seller.token, { title: 'Old pram' });
    await client.call('PATCH', `/api/listings/${sold.id}`, { token: seller.token, body: { isActive: false } });

    const ownAnswer = await save(seller.token, own.id);
    expect([ownAnswer.status, ownAnswer.body.message]).toEqual([400, favouriteMessages.ownListing]);
    const soldAnswer = await save(buyer.token, sold.id);
    expect([soldAnswer.status, soldAnswer.body.message]).toEqual([400, favouriteMessages.sold]);
    for (const unknown of ['00000000-0000-4000-8000-000000000000', 'not-a-listing']) {
      const answer = await save(buyer.token, unknown);
      expect([answer.status, answer.body.message]).toEqual([404, listingRuleMessages.listingNotFound]);
      expect((await unsave(buyer.token, unknown)).status).toBe(404);
    }
    expect((await client.call('PUT', `/api/favourites/${own.id}`, {})).status).toBe(401);
    expect((await client.get('/api/favourites')).status).toBe(401);
  });

  it(`stops at ${favouriteLimits.perMember} saved listings with a clear message, and sold ones past their days do not count`, async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'lifetime' });
    const buyer = await sellerMember(client, server.database.db);
    const [extra, another] = [await create(seller.token, { title: 'Hall table' }), await create(seller.token, { title: 'Hat stand' })];
    // Favourites made behind the API's back, for speed: the limit is what is tested.
    const fillers = await server.database.db
      .insert(listings)
      .values(
        Array.from({ length: favouriteLimits.perMember }, (_, index) => ({
          title: `Filler ${index}`,
          description: 'A listing to fill the favourites up.',
          price: '5',
          category: 'other',
          location: 'Fitzroy North, VIC 3068',
          sellerId: seller.user.id,
        })),
      )
      .returning({ id: listings.id });
    await server.database.db.insert(favourites).values(fillers.map((row) => ({ userId: buyer.user.id, listingId: row.id })));
    server.app.contentVersion.bump();

    const full = await save(buyer.token, extra.id);
    expect([full.status, full.body.message]).toEqual([403, favouriteMessages.limitReached]);
    // Saving one already saved still answers 204.
    expect((await save(buyer.token, fillers[1].id)).status).toBe(204);
    // One sold long ago frees its place.
    await server.database.db
      .update(listings)
      .set({ isActive: false, updatedAt: new Date(Date.now() - (favouriteLimits.soldKeptDays + 1) * 24 * 60 * 60 * 1000) })
      .where(eq(listings.id, fillers[0].id));
    expect((await save(buyer.token, another.id)).status).toBe(204);
    expect(await saved(buyer.token)).toHaveLength(favouriteLimits.perMember);
  });

  it('tells everyone who saved a listing when its price drops below what they knew or it sells, and Saved shows the old price', async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'connector' });
    const savers = [await sellerMember(client, server.database.db, { firstName: 'Kai' }), await sellerMember(client, server.database.db, { firstName: 'Lou' })];
    const listing = await create(seller.token, { title: 'Bamboo bookshelf', price: '120' });
    for (const saver of savers) await save(saver.token, listing.id);
    const newsTo = async (email: string) => (await mailsTo(server, client, email)).filter((mail) => mail.subject.includes('Bamboo bookshelf'));
    const edit = (price: string) => client.call('PUT', `/api/listings/${listing.id}`, { token: seller.token, body: { ...validListing, title: 'Bamboo bookshelf', price } });

    // A higher price is no news; a lower one than they saved it at is.
    expect((await edit('150')).status).toBe(200);
    expect((await edit('99.50')).status).toBe(200);
    await server.deps.jobs.settle();
    for (const saver of savers) {
      const mails = await newsTo(saver.email);
      expect(mails.map((mail) => mail.subject)).toEqual([favouriteMail.priceDropSubject('Bamboo bookshelf', '$99.50')]);
      expect(mails[0].text).toContain('dropped from $120 to $99.50');
    }
    expect((await saved(savers[0].token))[0]).toMatchObject({ price: '99.50', priceWhenSaved: '120.00' });

    // Sold: the savers hear of it (a day after the drop), and the seller hears nothing.
    await aDayPasses(listing.id);
    expect((await client.call('PATCH', `/api/listings/${listing.id}`, { token: seller.token, body: { isActive: false } })).status).toBe(200);
    await server.deps.jobs.settle();
    for (const saver of savers) expect((await newsTo(saver.email)).map((mail) => mail.subject)[0]).toBe(favouriteMail.soldSubject('Bamboo bookshelf'));
    expect(await newsTo(seller.email)).toEqual([]);
  });

  it('mails a saver at most once a day whatever the seller does: nudged prices, sold and for sale again', async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'connector' });
    const saver = await sellerMember(client, server.database.db, { firstName: 'Mo' });
    const listing = await create(seller.token, { title: 'Oak ladder', price: '200' });
    await save(saver.token, listing.id);
    const news = async () => (await mailsTo(server, client, saver.email)).filter((mail) => mail.subject.includes('Oak ladder')).map((mail) => mail.subject);
    const price = (value: string) => client.call('PUT', `/api/listings/${listing.id}`, { token: seller.token, body: { ...validListing, title: 'Oak ladder', price: value } });
    const status = (isActive: boolean) => client.call('PATCH', `/api/listings/${listing.id}`, { token: seller.token, body: { isActive } });

    // A day of games: up and down, sold and back. One mail, the first drop.
    for (const value of ['190', '250', '180', '179.99', '150']) {
      expect((await price(value)).status).toBe(200);
      await server.deps.jobs.settle();
    }
    for (const isActive of [false, true, false, true]) {
      expect((await status(isActive)).status).toBe(200);
      await server.deps.jobs.settle();
    }
    expect(await news()).toEqual([favouriteMail.priceDropSubject('Oak ladder', '$190')]);

    // The next day: back up and down to no lower than they were told ($190) is no news; lower is.
    await aDayPasses(listing.id);
    expect((await price('210')).status).toBe(200);
    expect((await price('190')).status).toBe(200);
    await server.deps.jobs.settle();
    expect(await news()).toHaveLength(1);
    expect((await price('185')).status).toBe(200);
    await server.deps.jobs.settle();
    expect((await news())[0]).toBe(favouriteMail.priceDropSubject('Oak ladder', '$185'));

    // Sold is told once: relisted and sold again days later, nothing more.
    await aDayPasses(listing.id);
    expect((await status(false)).status).toBe(200);
    await server.deps.jobs.settle();
    expect((await news())[0]).toBe(favouriteMail.soldSubject('Oak ladder'));
    expect((await status(true)).status).toBe(200);
    await aDayPasses(listing.id);
    expect((await status(false)).status).toBe(200);
    await server.deps.jobs.settle();
    expect(await news()).toHaveLength(3);
  });
});
