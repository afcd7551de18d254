// Hot reads come from memory, but nobody ever sees the world from before their own change.
import { request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { nextCursorHeader } from '../../src/domain/listing';
import { listings } from '../../src/server/db/schema';
import { sellerMember, validListing } from './support/factories';
import { useTestServer } from './support/use-test-server';

// A long lifetime: only writes can make these answers change.
const { server, client } = useTestServer({ READ_CACHE_MS: '60000' });

/** A GET with headers exactly as given (fetch would add and undo compression itself). */
function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${server.baseUrl}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

describe('read cache', () => {
  it('shows an edit, a sale and a new listing at once in detail and browse', async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'connector', firstName: 'Ruby' });
    const listing = (await client.post('/api/listings', { ...validListing, title: 'Teak bookshelf' }, seller.token)).body;

    expect((await client.get(`/api/listings/${listing.id}`)).body.title).toBe('Teak bookshelf');
    expect((await client.get('/api/listings?search=teak')).body.map((item: { id: string }) => item.id)).toContain(listing.id);

    await client.call('PUT', `/api/listings/${listing.id}`, { body: { ...validListing, title: 'Oak bookshelf' }, token: seller.token });
    expect((await client.get(`/api/listings/${listing.id}`)).body.title).toBe('Oak bookshelf');
    expect((await client.get('/api/listings?search=oak')).body.map((item: { id: string }) => item.id)).toContain(listing.id);

    await client.call('PATCH', `/api/listings/${listing.id}`, { body: { isActive: false }, token: seller.token });
    expect((await client.get(`/api/listings/${listing.id}`)).body.isActive).toBe(false);
    expect((await client.get('/api/listings?search=oak')).body.map((item: { id: string }) => item.id)).not.toContain(listing.id);

    const another = (await client.post('/api/listings', { ...validListing, title: 'Oak side table' }, seller.token)).body;
    expect((await client.get('/api/listings?search=oak')).body.map((item: { id: string }) => item.id)).toContain(another.id);
  });

  it('says in x-cache whether an answer was made for the request (miss) or came from memory (hit)', async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'connector', firstName: 'Ivy' });
    const listing = (await client.post('/api/listings', { ...validListing, title: 'Copper kettle' }, seller.token)).body;
    const outcome = async (path: string) => (await rawGet(path, {})).headers['x-cache'];

    expect(await outcome(`/api/listings/${listing.id}`)).toBe('miss');
    expect(await outcome(`/api/listings/${listing.id}`)).toBe('hit');
    expect(await outcome('/api/listings?search=copper')).toBe('miss');
    expect(await outcome('/api/listings?search=copper')).toBe('hit');
    // The listing changes: both are made afresh.
    await client.call('PUT', `/api/listings/${listing.id}`, { body: { ...validListing, title: 'Copper kettle, like new' }, token: seller.token });
    expect(await outcome(`/api/listings/${listing.id}`)).toBe('miss');
    expect(await outcome('/api/listings?search=copper')).toBe('miss');
  });

  it('shares a page among the members of one area, each with their own distances', async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'connector', postcode: '3068' });
    const listing = (await client.post('/api/listings', { ...validListing, title: 'Kayak with paddle' }, seller.token)).body;
    // Two Explorers in Victoria: the same area (the state), 1.5 km and about 70 km from the listing.
    const fitzroy = await sellerMember(client, server.database.db, { tier: 'explorer', postcode: '3065' });
    const geelong = await sellerMember(client, server.database.db, { tier: 'explorer', postcode: '3220' });
    const browse = async (token: string) => {
      const response = await rawGet('/api/listings?search=kayak', { authorization: `Bearer ${token}` });
      const items = JSON.parse(response.body.toString('utf8')) as { id: string; distanceKm: number }[];
      return { outcome: response.headers['x-cache'], item: items.find((item) => item.id === listing.id)! };
    };
    const first = await browse(fitzroy.token);
    expect(first.outcome).toBe('miss');
    expect(first.item.distanceKm).toBeLessThan(5);
    // The page came from the first member's read: no query ran, and the distances are Geelong's.
    const second = await browse(geelong.token);
    expect(second.outcome).toBe('hit');
    expect(second.item.distanceKm).toBeGreaterThan(50);
  });

  it('ends a session at once on sign-out and sees a changed profile at once', async () => {
    const member = await sellerMember(client, server.database.db, { tier: 'starter' });
    expect((await client.get('/api/auth/me', member.token)).body.suburb).toBeTruthy();

    const updated = await client.call('PUT', '/api/user/phone', { body: { phone: '0412 345 678' }, token: member.token });
    expect(updated.status).toBe(200);
    expect((await client.get('/api/auth/me', member.token)).body.phone).toBe('+61412345678');

    expect((await client.post('/api/auth/logout', undefined, member.token)).status).toBeLessThan(300);
    expect((await client.get('/api/auth/me', member.token)).status).toBe(401);
  });

  it('keeps browse pages through a contact form and a refused edit, and empties them when a listing changes', async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'connector' });
    const stranger = await sellerMember(client, server.database.db, { tier: 'connector' });
    const cabinet = (await client.post('/api/listings', { ...validListing, title: 'Walnut cabinet' }, seller.token)).body;
    const stool = (await client.post('/api/listings', { ...validListing, title: 'Pine stool' }, seller.token)).body;
    const browsedTitles = async () => (await client.get('/api/listings?search=walnut')).body.map((item: { title: string }) => item.title);
    expect(await browsedTitles()).toEqual(['Walnut cabinet']);

    // Changed behind the API's back: only a page computed afresh shows it.
    await server.database.db.update(listings).set({ title: 'Walnut cabinet, restored' }).where(eq(listings.id, cabinet.id));
    const contact = await client.post('/api/contact', { name: 'Curious neighbour', email: 'curious@example.com', message: 'Just saying hello to the team.' });
    expect(contact.status).toBe(200);
    expect(await browsedTitles()).toEqual(['Walnut cabinet']);

    const refused = await client.call('PUT', `/api/listings/${stool.id}`, { body: { ...validListing, title: 'Pine stool, mine now' }, token: stranger.token });
    expect(refused.status).toBe(403);
    expect(await browsedTitles()).toEqual(['Walnut cabinet']);

    const edited = await client.call('PUT', `/api/listings/${stool.id}`, { body: { ...validListing, title: 'Pine stool, sanded' }, token: seller.token });
    expect(edited.status).toBe(200);
    expect(await browsedTitles()).toEqual(['Walnut cabinet, restored']);
  });

  it("keeps another area's pages through a listing's change, and shows the change at once where it is listed", async () => {
    // Explorers see their state: a Sydney member's pages are made of NSW listings only.
    const sydney = await sellerMember(client, server.database.db, { tier: 'explorer', postcode: '2000' });
    const melbourne = await sellerMember(client, server.database.db, { tier: 'explorer', postcode: '3068' });
    const sydneyChair = (await client.post('/api/listings', { ...validListing, title: 'Harbour deckchair' }, sydney.token)).body;
    const melbourneChair = (await client.post('/api/listings', { ...validListing, title: 'Fitzroy deckchair' }, melbourne.token)).body;
    const titlesFor = async (token: string) => (await client.get('/api/listings?search=deckchair', token)).body.map((item: { title: string }) => item.title);
    expect(await titlesFor(sydney.token)).toEqual(['Harbour deckchair']);
    expect(await titlesFor(melbourne.token)).toEqual(['Fitzroy deckchair']);

    // Changed behind the API's back in NSW: only a page computed afresh shows it.
    await server.database.db.update(listings).set({ title: 'Harbour deckchair (quietly renamed)' }).where(eq(listings.id, sydneyChair.id));
    // A Victorian listing changes: the NSW page is not made of it, so it stays as it was.
    await client.call('PUT', `/api/listings/${melbourneChair.id}`, { body: { ...validListing, title: 'Fitzroy deckchair, striped' }, token: melbourne.token });
    expect(await titlesFor(melbourne.token)).toEqual(['Fitzroy deckchair, striped']);
    expect(await titlesFor(sydney.token)).toEqual(['Harbour deckchair']);
    // A change in NSW: the NSW page is made afresh.
    await client.call('PATCH', `/api/listings/${sydneyChair.id}`, { body: { isActive: true }, token: sydney.token });
    await client.call('PUT', `/api/listings/${sydneyChair.id}`, { body: { ...validListing, title: 'Harbour deckchair, blue' }, token: sydney.token });
    expect(await titlesFor(sydney.token)).toEqual(['Harbour deckchair, blue']);
  });

  it('keeps browse pages and listing pages through sign-ins, messages and verification', async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'connector' });
    const buyer = await sellerMember(client, server.database.db, { tier: 'connector', firstName: 'Buyer' });
    const lamp = (await client.post('/api/listings', { ...validListing, title: 'Brass lamp' }, seller.token)).body;
    const lampTitle = async () => (await client.get(`/api/listings/${lamp.id}`)).body.title;
    expect(await lampTitle()).toBe('Brass lamp');
    await server.database.db.update(listings).set({ title: 'Brass lamp (quietly renamed)' }).where(eq(listings.id, lamp.id));
    const message = await client.post(`/api/listings/${lamp.id}/conversations`, { message: 'Hi, is the lamp still available?' }, buyer.token);
    expect(message.status).toBe(201);
    expect((await client.post('/api/auth/login', { email: buyer.email, password: buyer.password })).status).toBe(200);
    expect((await client.call('PUT', '/api/user/phone', { body: { phone: '0412 345 679' }, token: buyer.token })).status).toBe(200);
    expect(await lampTitle()).toBe('Brass lamp');
  });

  it("shows a conversation's new message, read mark and listing price at once in the inbox, badge and thread", async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'connector', firstName: 'Sam' });
    const buyer = await sellerMember(client, server.database.db, { tier: 'connector', firstName: 'Bea' });
    const kettle = (await client.post('/api/listings', { ...validListing, title: 'Copper kettle', price: '40' }, seller.token)).body;
    const started = (await client.post(`/api/listings/${kettle.id}/conversations`, { message: 'Is the kettle still available?' }, buyer.token)).body;
    const conversationId = started.conversation.id as string;
    const inboxOf = async (token: string) => (await client.get('/api/conversations', token)).body[0];
    const unread = async (token: string) => (await client.get('/api/conversations/unread-count', token)).body.count;
    const thread = async (token: string) => (await client.get(`/api/conversations/${conversationId}/messages`, token)).body.map((message: { body: string }) => message.body);
    expect((await inboxOf(seller.token)).unreadCount).toBe(1);
    expect(await unread(seller.token)).toBe(1);
    expect(await thread(buyer.token)).toEqual(['Is the kettle still available?']);

    expect((await client.post(`/api/conversations/${conversationId}/messages`, { body: 'Yes, come by on Sunday' }, seller.token)).status).toBe(201);
    expect(await thread(buyer.token)).toEqual(['Is the kettle still available?', 'Yes, come by on Sunday']);
    expect((await inboxOf(buyer.token)).lastMessage.body).toBe('Yes, come by on Sunday');
    expect(await unread(buyer.token)).toBe(1);

    expect((await client.post(`/api/conversations/${conversationId}/read`, undefined, buyer.token)).status).toBe(204);
    expect(await unread(buyer.token)).toBe(0);
    expect((await inboxOf(seller.token)).unreadCount).toBe(0);

    await client.call('PUT', `/api/listings/${kettle.id}`, { body: { ...validListing, title: 'Copper kettle', price: '35' }, token: seller.token });
    expect((await inboxOf(buyer.token)).listing.price).toBe('35.00');
  });

  it('sends browse pages gzipped to clients that accept it, the same JSON as plain', async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'connector' });
    for (let index = 0; index < 4; index += 1) {
      await client.post('/api/listings', { ...validListing, title: `Gzip lamp ${index}`, description: 'A reading lamp. '.repeat(40) }, seller.token);
    }
    const plain = await rawGet('/api/listings?limit=3', {});
    const gzipped = await rawGet('/api/listings?limit=3', { 'accept-encoding': 'gzip, deflate, br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gzipped.body.length).toBeLessThan(plain.body.length);
    expect(JSON.parse(gunzipSync(gzipped.body).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
    expect(gzipped.headers[nextCursorHeader.toLowerCase()]).toBe(plain.headers[nextCursorHeader.toLowerCase()]);
    expect((await rawGet('/api/listings?limit=3', { 'accept-encoding': 'gzip;q=0' })).headers['content-encoding']).toBeUndefined();
  });
});
