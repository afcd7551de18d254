import { readdir, readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { conversationLimits, conversationMessages } from '../../src/domain/conversations';
import { listingMessages, listingRuleMessages, nextCursorHeader } from '../../src/domain/listing';
import { pruneSearchWords } from '../../src/server/listings';
import { shareImageUrl } from '../../src/domain/page-head';
import { tradingCheckMessages } from '../../src/domain/trading-checks';
import { bannedWords, listings, uploadedImages, users } from '../../src/server/db/schema';
import { mailsTo, makePhoto, markPhoneVerified, registerMember, sellerMember, uploadPhoto, validListing } from './support/factories';
import { useTestServer } from './support/use-test-server';

const { server, client } = useTestServer();

/** Every file in the media folder, which exists once the first photo is stored. */
async function countStoredFiles(): Promise<number> {
  const entries = await readdir(path.join(server.config.dataDir, 'media'), { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries.filter((entry) => entry.isFile()).length;
}

const create = (token: string, body: Record<string, unknown> = {}) => client.call('POST', '/api/listings', { token, body: { ...validListing, ...body } });

describe('creating a listing', () => {
  it('lists an item at the seller’s place, with an exact price', async () => {
    const seller = await sellerMember(client, server.database.db, { postcode: '3068', firstName: 'Mia' });
    const response = await create(seller.token, { price: '1234567.89' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      title: validListing.title,
      price: '1234567.89',
      isActive: true,
      postcode: '3068',
      state: 'VIC',
      location: expect.stringContaining('VIC 3068'),
      seller: { id: seller.user.id, firstName: 'Mia', membershipTier: 'explorer' },
    });
    const detail = await client.get(`/api/listings/${response.body.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.price).toBe('1234567.89');
  });

  it('requires a signed-in member', async () => {
    const response = await client.post('/api/listings', validListing);
    expect(response.status).toBe(401);
  });

  it('requires a verified email, then a verified phone, each refusal naming the page of the missing check (decision 35)', async () => {
    const neither = await sellerMember(client, server.database.db, { emailVerified: false, phoneVerified: false });
    const first = await create(neither.token);
    expect(first.status).toBe(403);
    expect(first.body).toEqual({ code: 'EMAIL_NOT_VERIFIED', message: tradingCheckMessages.list.email, verifyAt: '/verify-email' });

    const emailOnly = await sellerMember(client, server.database.db, { phoneVerified: false });
    const second = await create(emailOnly.token);
    expect(second.status).toBe(403);
    expect(second.body).toEqual({ code: 'PHONE_NOT_VERIFIED', message: tradingCheckMessages.list.phone, verifyAt: '/verify-phone' });
    expect(await server.database.db.select().from(listings).where(eq(listings.sellerId, emailOnly.user.id))).toEqual([]);

    // The card stays an optional badge: email and phone are enough.
    await markPhoneVerified(server.database.db, emailOnly.user.id);
    expect((await create(emailOnly.token)).status).toBe(201);
  });

  it('keeps the listings of a member who listed before phones were asked for, and asks for the phone before the next one', async () => {
    const seller = await sellerMember(client, server.database.db, { postcode: '3068' });
    const listed = await create(seller.token, { title: 'Listed before phones were asked for' });
    expect(listed.status).toBe(201);
    // As members who listed with an email only are today.
    await server.database.db.update(users).set({ isPhoneVerified: false, phone: null }).where(eq(users.id, seller.user.id));

    const detail = await client.get(`/api/listings/${listed.body.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ isActive: true, seller: { isEmailVerified: true, isPhoneVerified: false } });
    const browse = await client.get('/api/listings?postcode=3068');
    expect(browse.body.map((listing: { id: string }) => listing.id)).toContain(listed.body.id);
    const edit = await client.call('PUT', `/api/listings/${listed.body.id}`, { token: seller.token, body: { ...validListing, title: 'Still theirs to edit' } });
    expect(edit.status).toBe(200);

    const another = await create(seller.token, { title: 'A second one' });
    expect(another.status).toBe(403);
    expect(another.body.code).toBe('PHONE_NOT_VERIFIED');
  });

  it('shows every reader the checks the seller has passed, fresh once the seller passes another', async () => {
    const seller = await sellerMember(client, server.database.db, { postcode: '3068' });
    const listed = await create(seller.token);
    const before = await client.get(`/api/listings/${listed.body.id}`);
    expect(before.body.seller).toMatchObject({ isEmailVerified: true, isPhoneVerified: true, isCardVerified: false });
    // Read twice, so the answer is cached, then the card is verified (the test provider's card form).
    await client.get(`/api/listings/${listed.body.id}`);
    const card = await client.post('/api/verify-card', { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' }, seller.token);
    expect(card.status).toBe(200);
    expect((await client.get(`/api/listings/${listed.body.id}`)).body.seller.isCardVerified).toBe(true);
    const browse = await client.get('/api/listings?postcode=3068');
    expect(browse.body.find((listing: { id: string }) => listing.id === listed.body.id).seller.isCardVerified).toBe(true);
  });

  it('asks a seller without a postcode to set one first', async () => {
    const member = await registerMember(client);
    await server.database.db.update(users).set({ isEmailVerified: true }).where(eq(users.id, member.user.id));
    await markPhoneVerified(server.database.db, member.user.id);
    server.app.contentVersion.bump(); // changed behind the API's back
    const response = await create(member.token);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 'POSTCODE_REQUIRED', message: listingRuleMessages.postcodeRequired });
  });

  it.each([
    [{ price: '1e3' }, listingMessages.priceInvalid],
    [{ price: '-5' }, listingMessages.priceInvalid],
    [{ price: '12.345' }, listingMessages.priceInvalid],
    [{ price: '10000000000' }, listingMessages.priceInvalid],
    [{ price: 'abc' }, listingMessages.priceInvalid],
    [{ price: '' }, listingMessages.priceRequired],
    [{ title: 'TV' }, listingMessages.titleTooShort],
    [{ description: 'Too short' }, listingMessages.descriptionTooShort],
    [{ category: 'cars' }, listingMessages.categoryRequired],
    [{ imageUrls: Array.from({ length: 9 }, (_, index) => `/media/x${index}.jpg`) }, listingMessages.tooManyImages],
  ])('refuses %j with the spec message and saves nothing', async (override, message) => {
    const seller = await sellerMember(client, server.database.db);
    const response = await create(seller.token, override);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(await server.database.db.select().from(listings).where(eq(listings.sellerId, seller.user.id))).toHaveLength(0);
  });

  it('stores HTML in a title as plain text', async () => {
    const seller = await sellerMember(client, server.database.db);
    const title = '<script>alert("x")</script> Lamp';
    const response = await create(seller.token, { title });
    expect(response.status).toBe(201);
    expect(response.body.title).toBe(title);
  });

  it('stops a Starter at one active listing, with the limit in the error body', async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'starter' });
    expect((await create(seller.token)).status).toBe(201);
    const second = await create(seller.token, { title: 'Second thing' });
    expect(second.status).toBe(403);
    expect(second.body).toMatchObject({ code: 'LISTING_LIMIT_REACHED', listingLimit: 1, membershipTier: 'starter' });
    expect(second.body.message).toContain('Starter plan allows 1 active listing');
  });

  it('holds the limit when 50 creations race', async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'starter' });
    const answers = await Promise.all(Array.from({ length: 50 }, (_, index) => create(seller.token, { title: `Racing item ${index}` })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 403)).toHaveLength(49);
    const rows = await server.database.db.select().from(listings).where(eq(listings.sellerId, seller.user.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses banned words as whole words, whatever their case or accents', async () => {
    const admin = await registerMember(client);
    await server.database.db.insert(bannedWords).values([{ word: 'Replica', addedBy: admin.user.id }, { word: 'gift card', addedBy: admin.user.id }]);
    // Added behind the API's back: the filter's copy of the list hears of it as an admin's change would tell it.
    server.app.contentVersion.publish(['bannedWords']);
    const seller = await sellerMember(client, server.database.db);
    const blocked = await create(seller.token, { title: 'RÉPLICA designer bag' });
    expect(blocked.status).toBe(400);
    expect(blocked.body).toMatchObject({ code: 'CONTENT_FILTERED', bannedWords: ['Replica'] });
    const phrase = await create(seller.token, { description: 'Comes with a free Gift   Card for the cafe' });
    expect(phrase.body.bannedWords).toEqual(['gift card']);
    const innocent = await create(seller.token, { title: 'Replicated nothing here', description: 'A perfectly normal lamp for sale' });
    expect(innocent.status).toBe(201);
  });

  it('refuses a banned word hidden by a zero-width space, saving nothing', async () => {
    const admin = await registerMember(client);
    await server.database.db.insert(bannedWords).values({ word: 'Scam', addedBy: admin.user.id });
    // Added behind the API's back: the filter's copy of the list hears of it as an admin's change would tell it.
    server.app.contentVersion.publish(['bannedWords']);
    const seller = await sellerMember(client, server.database.db);
    const blocked = await create(seller.token, { title: 'Not a sc\u200Bam, honest' });
    expect(blocked.status).toBe(400);
    expect(blocked.body).toMatchObject({ code: 'CONTENT_FILTERED', message: listingRuleMessages.bannedWords, bannedWords: ['Scam'] });
    expect(await server.database.db.select().from(listings).where(eq(listings.sellerId, seller.user.id))).toHaveLength(0);
  });
});

describe("a listing's condition", () => {
  const ids = (response: { body: unknown }) => (response.body as { id: string }[]).map((item) => item.id);

  it('is kept when given, not stated when left out, and refused when not one of the five, saving nothing', async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'connector' });
    const stated = await create(seller.token, { title: 'Walnut sideboard', condition: 'like-new' });
    expect([stated.status, stated.body.condition]).toEqual([201, 'like-new']);
    expect((await client.get(`/api/listings/${stated.body.id}`)).body.condition).toBe('like-new');
    const unstated = await create(seller.token, { title: 'Walnut side table' });
    expect([unstated.status, unstated.body.condition]).toEqual([201, null]);

    const [{ count: before }] = (await server.database.executeSql('select count(*)::int as count from listings where seller_id = $1', [seller.user.id])).rows as { count: number }[];
    const refused = await create(seller.token, { title: 'Walnut stool', condition: 'mint' });
    expect([refused.status, refused.body.message]).toEqual([400, listingMessages.conditionRequired]);
    const [{ count: after }] = (await server.database.executeSql('select count(*)::int as count from listings where seller_id = $1', [seller.user.id])).rows as { count: number }[];
    expect(after).toBe(before);
  });

  it('stays as it was when an edit leaves it out, and changes or clears when the edit says so', async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'connector' });
    const listing = (await create(seller.token, { title: 'Cane lounge chair', condition: 'good' })).body as { id: string };
    const edit = (body: Record<string, unknown>) => client.call('PUT', `/api/listings/${listing.id}`, { token: seller.token, body: { ...validListing, title: 'Cane lounge chair', ...body } });
    expect((await edit({ price: '60' })).body.condition).toBe('good');
    expect((await edit({ condition: 'fair' })).body.condition).toBe('fair');
    expect((await edit({ condition: 'worn' })).status).toBe(400);
    expect((await client.get(`/api/listings/${listing.id}`)).body.condition).toBe('fair');
    expect((await edit({ condition: null })).body.condition).toBeNull();
    // Nobody else's edit sets it.
    const other = await sellerMember(client, server.database.db, { tier: 'connector' });
    expect((await client.call('PUT', `/api/listings/${listing.id}`, { token: other.token, body: { ...validListing, condition: 'new' } })).status).toBe(403);
  });

  it('filters browse and search by any of the conditions asked for, page after page', async () => {
    const seller = await sellerMember(client, server.database.db, { postcode: '4825', tier: 'connector' });
    const word = `wombat${Date.now()}`;
    const made: Record<string, string> = {};
    for (const [name, condition] of [['new', 'new'], ['likeNew', 'like-new'], ['good', 'good'], ['good2', 'good'], ['fair', 'fair'], ['parts', 'for-parts'], ['unstated', undefined]] as const) {
      made[name] = ((await create(seller.token, { title: `${word} ${name}`, ...(condition ? { condition } : {}) })).body as { id: string }).id;
    }
    const viewer = await sellerMember(client, server.database.db, { postcode: '4825', tier: 'connector' });
    const search = await client.get(`/api/listings?search=${word}&condition=good,like-new`, viewer.token);
    expect(search.status).toBe(200);
    expect(new Set(ids(search))).toEqual(new Set([made.likeNew, made.good, made.good2]));

    // Mount Isa (no other postcode within 5 km). Browse without words, in a Starter's 5 km (each postcode's newest, filtered), two to a page.
    const starter = await sellerMember(client, server.database.db, { postcode: '4825', tier: 'starter' });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof client.get>> = await client.get(`/api/listings?condition=for-parts,good&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, starter.token);
      expect(page.status).toBe(200);
      seen.push(...ids(page));
      cursor = page.headers.get(nextCursorHeader);
      pages += 1;
    } while (cursor && pages < 20);
    expect(pages).toBeGreaterThan(1);
    const mine = seen.filter((id) => Object.values(made).includes(id));
    expect(new Set(mine)).toEqual(new Set([made.good, made.good2, made.parts]));
    expect(mine).toHaveLength(3);

    const refused = await client.get('/api/listings?condition=good,mint');
    expect([refused.status, refused.body.message]).toEqual([400, listingMessages.conditionFilterInvalid]);
  });
});

describe('photos', () => {
  it('re-encodes an upload, strips its metadata and makes a thumbnail', async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'connector' });
    const photo = await makePhoto({ width: 3000, height: 2000, exif: true });
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const upload = await uploadPhoto(server.baseUrl, seller.token, photo);
    expect(upload.status).toBe(201);
    expect(upload.body).toMatchObject({ width: 1200, height: 800 });
    const stored = await readFile(path.join(server.config.dataDir, upload.body.url.replace(/^\/media\//, 'media/')));
    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    const thumbnail = await sharp(await readFile(path.join(server.config.dataDir, upload.body.thumbnailUrl.replace(/^\/media\//, 'media/')))).metadata();
    expect(thumbnail.width).toBe(480);
    // The picture a shared link shows: made once, on upload, at the size link previews ask for, beside the photo.
    const share = await fetch(`${server.baseUrl}${shareImageUrl(upload.body.url)}`);
    expect(share.status).toBe(200);
    expect(share.headers.get('content-type')).toBe('image/jpeg');
    const shareMetadata = await sharp(Buffer.from(await share.arrayBuffer())).metadata();
    expect([shareMetadata.width, shareMetadata.height, shareMetadata.exif]).toEqual([1200, 630, undefined]);

    const served = await fetch(`${server.baseUrl}${upload.body.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toContain('immutable');

    const listing = await create(seller.token, { imageUrls: [upload.body.url] });
    expect(listing.status).toBe(201);
    expect(listing.body.imageUrls).toEqual([upload.body.url]);
  });

  it('accepts PNG and WebP and stores them as JPEG', async () => {
    const seller = await sellerMember(client, server.database.db);
    for (const format of ['png', 'webp'] as const) {
      const upload = await uploadPhoto(server.baseUrl, seller.token, await makePhoto({ format }), { type: `image/${format}` });
      expect(upload.status, format).toBe(201);
      expect(upload.body.url).toMatch(/\.jpg$/);
    }
  });

  it('refuses a non-image renamed .jpg, an empty file and a truncated photo', async () => {
    const seller = await sellerMember(client, server.database.db);
    const fake = await uploadPhoto(server.baseUrl, seller.token, Buffer.from('#!/bin/sh\necho not a photo\n'.repeat(20)));
    expect(fake.status).toBe(415);
    const empty = await uploadPhoto(server.baseUrl, seller.token, Buffer.alloc(0));
    expect(empty).toMatchObject({ status: 400, body: { code: 'IMAGE_EMPTY' } });
    const photo = await makePhoto();
    const truncated = await uploadPhoto(server.baseUrl, seller.token, photo.subarray(0, Math.floor(photo.length / 2)));
    expect(truncated.status).toBe(415);
  });

  it('refuses a GIF even with an image content type', async () => {
    const seller = await sellerMember(client, server.database.db);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).gif().toBuffer();
    const upload = await uploadPhoto(server.baseUrl, seller.token, gif, { type: 'image/jpeg' });
    expect(upload.status).toBe(415);
  });

  it("refuses a photo over the tier's size limit", async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'starter' });
    const big = Buffer.concat([await makePhoto(), Buffer.alloc(3 * 1024 * 1024)]);
    const upload = await uploadPhoto(server.baseUrl, seller.token, big);
    expect(upload.status).toBe(413);
    expect(upload.body.message).toContain('2 MB');
  });

  it('refuses a 40 MB upload without reading it all', async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'connector' });
    const upload = await uploadPhoto(server.baseUrl, seller.token, Buffer.alloc(40 * 1024 * 1024));
    expect(upload.status).toBe(413);
  });

  it('refuses uploads from visitors', async () => {
    const form = new FormData();
    form.append('image', new Blob([await makePhoto()]), 'a.jpg');
    const response = await fetch(`${server.baseUrl}/api/uploads/images`, { method: 'POST', body: form });
    expect(response.status).toBe(401);
  });

  it('refuses uploads from a member who may not list yet, storing nothing', async () => {
    const noPhone = await sellerMember(client, server.database.db, { tier: 'connector', phoneVerified: false });
    const refused = await uploadPhoto(server.baseUrl, noPhone.token, await makePhoto());
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'PHONE_NOT_VERIFIED', message: tradingCheckMessages.list.phone, verifyAt: '/verify-phone' });

    const unverified = await sellerMember(client, server.database.db, { tier: 'connector', emailVerified: false });
    const filesBefore = await countStoredFiles();
    const upload = await uploadPhoto(server.baseUrl, unverified.token, await makePhoto());
    expect(upload.status).toBe(403);
    expect(upload.body).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', message: tradingCheckMessages.list.email });
    expect(await server.database.db.select().from(uploadedImages).where(eq(uploadedImages.ownerId, unverified.user.id))).toEqual([]);
    expect(await countStoredFiles()).toBe(filesBefore);

    // The answer comes before the body: a photo that never finishes arriving is refused all the same.
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${server.baseUrl}/api/uploads/images`, {
        method: 'POST',
        headers: { authorization: `Bearer ${unverified.token}`, 'content-type': 'multipart/form-data; boundary=never-finished', 'content-length': 10_000_000 },
      });
      request.once('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
        request.destroy();
      });
      request.once('error', reject);
      request.write('--never-finished\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n\r\n');
    });
    expect(status).toBe(403);
  });

  it("limits photos per listing to the tier's count", async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'starter' });
    const urls = [];
    for (let index = 0; index < 3; index += 1) urls.push((await uploadPhoto(server.baseUrl, seller.token, await makePhoto())).body.url);
    const response = await create(seller.token, { imageUrls: urls });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'IMAGE_LIMIT_REACHED', imageLimit: 2, membershipTier: 'starter' });
  });

  it("refuses another member's photo", async () => {
    const owner = await sellerMember(client, server.database.db);
    const thief = await sellerMember(client, server.database.db);
    const upload = await uploadPhoto(server.baseUrl, owner.token, await makePhoto());
    const response = await create(thief.token, { imageUrls: [upload.body.url] });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 'UNKNOWN_IMAGE', message: listingRuleMessages.unknownImage });
  });
});

describe('changing a listing', () => {
  it('lets the owner edit, mark sold, list again and delete', async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'starter' });
    const created = (await create(seller.token)).body;
    const edited = await client.call('PUT', `/api/listings/${created.id}`, { token: seller.token, body: { ...validListing, title: 'Edited title', price: '99' } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Edited title', price: '99.00' });

    const sold = await client.call('PATCH', `/api/listings/${created.id}`, { token: seller.token, body: { isActive: false } });
    expect(sold.body.isActive).toBe(false);
    // With the first sold, a Starter may list another.
    expect((await create(seller.token, { title: 'Next item' })).status).toBe(201);
    const relist = await client.call('PATCH', `/api/listings/${created.id}`, { token: seller.token, body: { isActive: true } });
    expect(relist.status).toBe(403);
    expect(relist.body.code).toBe('LISTING_LIMIT_REACHED');

    const stats = await client.get('/api/user/stats', seller.token);
    expect(stats.body).toEqual({ totalListings: 2, activeListings: 1, soldListings: 1, pausedListings: 0, hiddenListings: 0, membershipTier: 'starter', listingLimit: 1 });

    const deleted = await client.call('DELETE', `/api/listings/${created.id}`, { token: seller.token });
    expect(deleted.status).toBe(204);
    // Gone, not missing: its address answers 410 (search engines drop it at once), to anyone, and changes to it too.
    expect(await client.get(`/api/listings/${created.id}`)).toMatchObject({ status: 410, body: { code: 'LISTING_REMOVED', message: 'This listing has been removed' } });
    expect(await client.get(`/api/listings/${created.id}`, seller.token)).toMatchObject({ status: 410 });
    expect(await client.call('PUT', `/api/listings/${created.id}`, { token: seller.token, body: validListing })).toMatchObject({ status: 410 });
    // An id never used stays a 404.
    expect(await client.get('/api/listings/00000000-0000-4000-8000-00000000ffff')).toMatchObject({ status: 404, body: { code: 'LISTING_NOT_FOUND' } });
  });

  it('answers 410 for every listing of a member whose account was deleted', async () => {
    const seller = await sellerMember(client, server.database.db);
    const listing = (await create(seller.token)).body;
    await server.database.db.delete(users).where(eq(users.id, seller.user.id));
    expect(await client.get(`/api/listings/${listing.id}`)).toMatchObject({ status: 410, body: { code: 'LISTING_REMOVED' } });
  });

  it("forbids changing or deleting another member's listing, and changes nothing", async () => {
    const owner = await sellerMember(client, server.database.db);
    const other = await sellerMember(client, server.database.db);
    const listing = (await create(owner.token)).body;
    const edit = await client.call('PUT', `/api/listings/${listing.id}`, { token: other.token, body: { ...validListing, title: 'Hijacked' } });
    expect(edit).toMatchObject({ status: 403, body: { code: 'NOT_YOUR_LISTING', message: listingRuleMessages.notYourListing } });
    const sold = await client.call('PATCH', `/api/listings/${listing.id}`, { token: other.token, body: { isActive: false } });
    expect(sold).toMatchObject({ status: 403, body: { code: 'NOT_YOUR_LISTING' } });
    const deleted = await client.call('DELETE', `/api/listings/${listing.id}`, { token: other.token });
    expect(deleted).toMatchObject({ status: 403, body: { code: 'NOT_YOUR_LISTING' } });
    const after = await client.get(`/api/listings/${listing.id}`);
    expect(after.body).toMatchObject({ title: validListing.title, isActive: true });
  });

  it('answers an id that is not a uuid, or an unknown one, with Listing not found', async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'connector' });
    for (const id of ['not-a-uuid', '00000000-0000-0000-0000-000000000000', "1' or '1'='1"]) {
      const response = await client.get(`/api/listings/${encodeURIComponent(id)}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ code: 'LISTING_NOT_FOUND', message: 'Listing not found' });
      // Deleting, marking sold and editing it too (deleting looked up its conversations by the raw id first).
      const changes = [
        await client.call('DELETE', `/api/listings/${encodeURIComponent(id)}`, { token: seller.token }),
        await client.call('PATCH', `/api/listings/${encodeURIComponent(id)}`, { token: seller.token, body: { isActive: false } }),
        await client.call('PUT', `/api/listings/${encodeURIComponent(id)}`, { token: seller.token, body: validListing }),
      ];
      for (const change of changes) expect(change).toMatchObject({ status: 404, body: { code: 'LISTING_NOT_FOUND' } });
    }
  });
});

describe('browsing', () => {
  it('shows a Connector active listings everywhere, newest first, and hides sold ones', async () => {
    const melbourne = await sellerMember(client, server.database.db, { postcode: '3068', tier: 'connector' });
    const perth = await sellerMember(client, server.database.db, { postcode: '6160', tier: 'connector' });
    const first = (await create(melbourne.token, { title: 'Unique zebra lamp' })).body;
    const second = (await create(perth.token, { title: 'Unique zebra rug' })).body;
    const sold = (await create(perth.token, { title: 'Unique zebra sold' })).body;
    await client.call('PATCH', `/api/listings/${sold.id}`, { token: perth.token, body: { isActive: false } });

    const connector = await sellerMember(client, server.database.db, { tier: 'connector' });
    const response = await client.get('/api/listings?search=zebra', connector.token);
    expect(response.status).toBe(200);
    expect(response.body.map((item: { id: string }) => item.id)).toEqual([second.id, first.id]);
  });

  it('finds listings by stemmed words and by a misspelt title word', async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'connector' });
    const listing = (await create(seller.token, { title: 'Kids bicycle with training wheels', description: 'Great for learning to ride around the park.' })).body;
    const stemmed = await client.get('/api/listings?search=bicycles');
    expect(stemmed.body.map((item: { id: string }) => item.id)).toContain(listing.id);
    const typo = await client.get('/api/listings?search=bicylce');
    expect(typo.body.map((item: { id: string }) => item.id)).toContain(listing.id);
  });

  it('forgives typos only for words no listing has: a word listed elsewhere gives an empty page nearby, not look-alikes', async () => {
    const perth = await sellerMember(client, server.database.db, { postcode: '6160', tier: 'connector' });
    const melbourne = await sellerMember(client, server.database.db, { postcode: '3068', tier: 'connector' });
    const far = (await create(perth.token, { title: 'Wombat plush toy' })).body;
    // "Wombats plush" is one letter from "wombat" as a trigram sees it, but it is not what was asked for.
    const near = (await create(melbourne.token, { title: 'Combat boots size 9' })).body;
    const starter = await sellerMember(client, server.database.db, { postcode: '3068', tier: 'starter' });
    // The word is listed in Perth, outside a Starter's 5 km: nothing nearby, and no fuzzy stand-in.
    expect((await client.get('/api/listings?search=wombat', starter.token)).body).toEqual([]);
    // A misspelling no listing has is still forgiven.
    const typo = (await client.get('/api/listings?search=combta', starter.token)).body.map((item: { id: string }) => item.id);
    expect(typo).toContain(near.id);
    expect(typo).not.toContain(far.id);
  });

  it("takes a deleted listing's words out of the misspelling dictionary, and keeps the words other listings have", async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'connector' });
    await create(seller.token, { title: 'Zephyrine teapot', description: 'A teapot for four, with its lamp stand.' });
    const gone = (await create(seller.token, { title: 'Quixotrope lamp' })).body;
    // A word no listing has, with a quote and a backslash in it: asked of the word index all the same.
    await server.database.executeSql('insert into search_words (word) values ($1)', ["o'brien\\x"]);
    const words = async () => ((await server.database.executeSql('select word from search_words', [])).rows as { word: string }[]).map((row) => row.word);
    expect(await words()).toEqual(expect.arrayContaining(['quixotrop', 'zephyrin', 'lamp']));
    expect((await client.call('DELETE', `/api/listings/${gone.id}`, { token: seller.token })).status).toBeLessThan(300);

    expect(await pruneSearchWords(server.database.db)).toBeGreaterThanOrEqual(2);
    const left = await words();
    expect(left).not.toContain('quixotrop');
    expect(left).not.toContain("o'brien\\x");
    // Words another listing still has stay, "lamp" too, which both had.
    expect(left).toEqual(expect.arrayContaining(['zephyrin', 'teapot', 'lamp']));
  });

  it('saves a listing whose description holds one very long word, and finds it by its other words', async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'connector' });
    // A word near the 2,046-byte limit of a lexeme: with a day or a postcode put after it in the keyed
    // word indexes it would pass the limit, and the listing could not be saved.
    const created = await create(seller.token, { title: 'Brass floor lamp', description: `Works well. ${'z'.repeat(2045)}` });
    expect(created.status).toBe(201);
    const connector = await sellerMember(client, server.database.db, { tier: 'connector' });
    expect((await client.get('/api/listings?search=brass%20lamp', connector.token)).body.map((item: { id: string }) => item.id)).toContain(created.body.id);
    const starter = await sellerMember(client, server.database.db, { tier: 'starter' });
    expect((await client.get('/api/listings?search=brass%20lamp', starter.token)).body.map((item: { id: string }) => item.id)).toContain(created.body.id);
  });

  it('reads a misspelt word as the nearest word any listing has, in titles, descriptions and words edited in, page after page', async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'connector' });
    const inDescription = (await create(seller.token, { title: 'Record player', description: 'Belt-drive gramophone with a new stylus.' })).body;
    const edited = (await create(seller.token, { title: 'Old record player' })).body;
    await client.call('PUT', `/api/listings/${edited.id}`, { token: seller.token, body: { ...validListing, title: 'Vintage gramophone, works well' } });
    const third = (await create(seller.token, { title: 'Wind-up gramophone' })).body;
    const connector = await sellerMember(client, server.database.db, { tier: 'connector' });

    const first = await client.get('/api/listings?search=gramaphone&limit=2', connector.token);
    expect(first.body.map((item: { id: string }) => item.id)).toEqual([third.id, edited.id]);
    const cursor = first.headers.get(nextCursorHeader);
    expect(cursor).toBeTruthy();
    const second = await client.get(`/api/listings?search=gramaphone&limit=2&cursor=${encodeURIComponent(cursor!)}`, connector.token);
    expect(second.body.map((item: { id: string }) => item.id)).toEqual([inDescription.id]);
    expect(second.headers.get(nextCursorHeader)).toBeNull();
    // A word a seller edited in is known at once.
    await client.call('PUT', `/api/listings/${edited.id}`, { token: seller.token, body: { ...validListing, title: 'Vintage phonograph, works well' } });
    expect((await client.get('/api/listings?search=fonograph', connector.token)).body.map((item: { id: string }) => item.id)).toEqual([edited.id]);
    // Nothing in the catalogue is near enough: an empty page, not look-alikes. A real word no listing
    // has is not read as one that shares a few letters with it ("trampoline" is not "train").
    expect((await client.get('/api/listings?search=qxzvw', connector.token)).body).toEqual([]);
    await create(seller.token, { title: 'Balance bike with training wheels' });
    expect((await client.get('/api/listings?search=trampoline', connector.token)).body).toEqual([]);
    // Two letters swapped share few trigrams with the word ("mehcan", "mechan"), and are still read as it.
    const keyboard = (await create(seller.token, { title: 'Mechanical keyboard' })).body;
    expect((await client.get('/api/listings?search=mehcanical', connector.token)).body.map((item: { id: string }) => item.id)).toEqual([keyboard.id]);
  });

  it("pages a Starter's area newest first: the area's pinned post leads, then the rest in order, and a category narrows it", async () => {
    // Broken Hill: no other postcode within a Starter's 5 km.
    const place = { postcode: '2880' };
    const connector = await sellerMember(client, server.database.db, { ...place, tier: 'connector' });
    const explorerSeller = await sellerMember(client, server.database.db, { ...place, tier: 'explorer' });
    const viewer = await sellerMember(client, server.database.db, { ...place, tier: 'starter' });
    const oldest = (await create(explorerSeller.token, { title: 'Outback swag', category: 'sports' })).body;
    const leftover = (await create(explorerSeller.token, { title: 'Camp oven', category: 'home' })).body;
    const pinned = (await create(connector.token, { title: 'Solar panel kit', category: 'home' })).body;
    const newest = (await create(explorerSeller.token, { title: 'Esky cooler', category: 'home' })).body;
    expect((await client.call('PUT', `/api/listings/${pinned.id}/pin`, { token: connector.token, body: { pinned: true } })).status).toBe(200);

    const page = (query: string) => client.get(`/api/listings?limit=2${query}`, viewer.token);
    const first = await page('');
    expect(first.body.map((item: { id: string; isPinned: boolean }) => [item.id, item.isPinned])).toEqual([
      [pinned.id, true],
      [newest.id, false],
      [leftover.id, false],
    ]);
    const second = await page(`&cursor=${encodeURIComponent(first.headers.get(nextCursorHeader) ?? '')}`);
    expect(second.body.map((item: { id: string }) => item.id)).toEqual([oldest.id]);
    expect(second.headers.get(nextCursorHeader)).toBeNull();
    expect((await page('&category=home')).body.map((item: { id: string }) => item.id)).toEqual([pinned.id, newest.id, leftover.id]);
    expect((await page('&category=sports')).body.map((item: { id: string }) => item.id)).toEqual([oldest.id]);
  });

  it('leads a search with the pinned posts that have its words, in the searcher’s area only', async () => {
    const word = `bilby${Date.now()}`;
    // A Connector pins one post at a time: one seller for each pin.
    const here = await sellerMember(client, server.database.db, { postcode: '2880', tier: 'connector' });
    const neighbour = await sellerMember(client, server.database.db, { postcode: '2880', tier: 'connector' });
    const far = await sellerMember(client, server.database.db, { postcode: '6160', tier: 'connector' });
    const plain = (await create(here.token, { title: `${word} lamp`, category: 'home' })).body;
    const pinnedWithWord = (await create(here.token, { title: `${word} lantern`, category: 'home' })).body;
    const pinnedOtherWords = (await create(neighbour.token, { title: 'Kerosene heater', category: 'home' })).body;
    const pinnedFarAway = (await create(far.token, { title: `${word} torch`, category: 'home' })).body;
    for (const [token, id] of [
      [here.token, pinnedWithWord.id],
      [neighbour.token, pinnedOtherWords.id],
      [far.token, pinnedFarAway.id],
    ]) {
      expect((await client.call('PUT', `/api/listings/${id}/pin`, { token, body: { pinned: true } })).status).toBe(200);
    }
    const starter = await sellerMember(client, server.database.db, { postcode: '2880', tier: 'starter' });
    const found = (await client.get(`/api/listings?search=${word}`, starter.token)).body as { id: string; isPinned: boolean }[];
    expect(found.map((item) => [item.id, item.isPinned])).toEqual([
      [pinnedWithWord.id, true],
      [plain.id, false],
    ]);
    const everywhere = (await client.get(`/api/listings?search=${word}`, here.token)).body as { id: string }[];
    expect(everywhere.map((item) => item.id).sort()).toEqual([pinnedWithWord.id, pinnedFarAway.id, plain.id].sort());
    expect(everywhere.slice(0, 2).map((item) => item.id)).not.toContain(plain.id);
  });

  it('filters by category, state, postcode and city', async () => {
    const sydney = await sellerMember(client, server.database.db, { postcode: '2010', tier: 'connector' });
    const books = (await create(sydney.token, { title: 'Quokka book collection', category: 'books' })).body;
    const search = (query: string) => client.get(`/api/listings?${query}`, sydney.token);
    const byCategory = await search('search=quokka&category=books');
    expect(byCategory.body.map((item: { id: string }) => item.id)).toEqual([books.id]);
    expect((await search('search=quokka&category=sports')).body).toEqual([]);
    expect((await search('search=quokka&state=NSW')).body).toHaveLength(1);
    expect((await search('search=quokka&state=VIC')).body).toHaveLength(0);
    expect((await search('search=quokka&postcode=2010')).body).toHaveLength(1);
    expect((await search('search=quokka&location=sydney')).body).toHaveLength(1);
    expect((await search('search=quokka&location=perth')).body).toHaveLength(0);
    expect((await search('search=quokka&category=all&location=')).body).toHaveLength(1);
  });

  it('refuses unknown filters with a clear message', async () => {
    const response = await client.get('/api/listings?category=cars');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Choose a category from the list.');
    expect((await client.get('/api/listings?postcode=30')).status).toBe(400);
    expect((await client.get('/api/listings?limit=1000')).status).toBe(400);
    expect(await client.get('/api/listings?cursor=garbage')).toMatchObject({ status: 400, body: { code: 'PAGE_EXPIRED' } });
  });

  it('pages with a cursor in a header, without repeats or gaps, for every sort', async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'connector', postcode: '4101' });
    const prices = ['5', '15', '15', '25', '35', '45', '55'];
    for (const [index, price] of prices.entries()) await create(seller.token, { title: `Wombat item ${index}`, price });
    for (const sort of ['newest', 'price-low', 'price-high', 'distance']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        // A visitor looking around the seller's postcode, as a Starter there would.
        const query: string = `/api/listings?search=wombat&near=4101&sort=${sort}&limit=3${cursor ? `&cursor=${cursor}` : ''}`;
        const page = await client.get(query);
        expect(page.status, sort).toBe(200);
        seen.push(...page.body.map((item: { id: string }) => item.id));
        cursor = page.headers.get(nextCursorHeader);
        pages += 1;
      } while (cursor && pages < 10);
      expect(seen, sort).toHaveLength(7);
      expect(new Set(seen).size, sort).toBe(7);
    }
    const cheapest = await client.get('/api/listings?search=wombat&near=4101&sort=price-low&limit=2');
    expect(cheapest.body.map((item: { price: string }) => item.price)).toEqual(['5.00', '15.00']);
    const dearest = await client.get('/api/listings?search=wombat&near=4101&sort=price-high&limit=1');
    expect(dearest.body[0].price).toBe('55.00');
  });

  it("keeps a Starter within 5 km, an Explorer in their state, and shows a Connector everything", async () => {
    const fitzroy = await sellerMember(client, server.database.db, { postcode: '3068', tier: 'connector' });
    const geelong = await sellerMember(client, server.database.db, { postcode: '3220', tier: 'connector' });
    const sydney = await sellerMember(client, server.database.db, { postcode: '2010', tier: 'connector' });
    const near = (await create(fitzroy.token, { title: 'Platypus near' })).body;
    const sameState = (await create(geelong.token, { title: 'Platypus state' })).body;
    const otherState = (await create(sydney.token, { title: 'Platypus far' })).body;

    const idsFor = async (token: string) => (await client.get('/api/listings?search=platypus', token)).body.map((item: { id: string }) => item.id).sort();
    const starter = await sellerMember(client, server.database.db, { postcode: '3065', tier: 'starter' });
    const explorer = await sellerMember(client, server.database.db, { postcode: '3065', tier: 'explorer' });
    const connector = await sellerMember(client, server.database.db, { postcode: '3065', tier: 'connector' });
    expect(await idsFor(starter.token)).toEqual([near.id]);
    expect(await idsFor(explorer.token)).toEqual([near.id, sameState.id].sort());
    expect(await idsFor(connector.token)).toEqual([near.id, sameState.id, otherState.id].sort());

    const nearest = await client.get('/api/listings?search=platypus&sort=distance', connector.token);
    expect(nearest.body.map((item: { id: string }) => item.id)).toEqual([near.id, sameState.id, otherState.id]);
    expect(nearest.body[0].distanceKm).toBeLessThan(5);
  });
});

describe('sellers and owners', () => {
  it("lists a member's own listings, sold included, and a seller's active ones publicly", async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'connector', firstName: 'Noah' });
    const active = (await create(seller.token, { title: 'Echidna active' })).body;
    const sold = (await create(seller.token, { title: 'Echidna sold' })).body;
    await client.call('PATCH', `/api/listings/${sold.id}`, { token: seller.token, body: { isActive: false } });

    const mine = await client.get('/api/my-listings', seller.token);
    expect(mine.body.map((item: { id: string }) => item.id)).toEqual([sold.id, active.id]);
    expect((await client.get('/api/my-listings')).status).toBe(401);

    const publicList = await client.get(`/api/seller-listings/${seller.user.id}`);
    expect(publicList.body.map((item: { id: string }) => item.id)).toEqual([active.id]);

    const profile = await client.get(`/api/sellers/${seller.user.id}`);
    expect(profile.body).toMatchObject({ id: seller.user.id, firstName: 'Noah', membershipTier: 'connector', isEmailVerified: true, activeListingCount: 1 });
    expect(profile.body).not.toHaveProperty('email');
    expect(await client.get('/api/sellers/not-a-uuid')).toMatchObject({ status: 404, body: { code: 'SELLER_NOT_FOUND', message: listingRuleMessages.sellerNotFound } });
  });
});

describe('contacting a seller', () => {
  it("mails the seller the buyer's short name, the message and a link to the conversation, never the buyer's email or phone", async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'connector' });
    const buyer = await sellerMember(client, server.database.db, { firstName: 'Isla' });
    await server.database.db.update(users).set({ phone: '+61412345678', isPhoneVerified: true }).where(eq(users.id, buyer.user.id));
    const listing = (await create(seller.token, { title: 'Kayak with paddle' })).body;
    const response = await client.post('/api/contact-seller', { listingId: listing.id, message: 'Is it still available?' }, buyer.token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: conversationMessages.contactSent, conversationId: expect.any(String) });
    const mail = (await mailsTo(server, client, seller.email)).find((item) => item.subject.includes('Kayak with paddle'))!;
    expect(mail.text).toContain('Isla N.');
    expect(mail.text).toContain('Is it still available?');
    expect(mail.text).toContain(`${server.config.publicUrl}/messages/${response.body.conversationId}`);
    for (const secret of [buyer.email, '0412 345 678', '412345678', 'Nguyen']) {
      expect(mail.text).not.toContain(secret);
      expect(mail.subject).not.toContain(secret);
    }
    // The message is the conversation's first, where the seller replies.
    const thread = await client.get(`/api/conversations/${response.body.conversationId}/messages`, seller.token);
    expect(thread.body.map((message: { body: string }) => message.body)).toEqual(['Is it still available?']);
  });

  it('asks whether the item is still available when the buyer writes nothing, and continues the same conversation next time', async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'connector' });
    const buyer = await sellerMember(client, server.database.db);
    const listing = (await create(seller.token, { title: 'Canoe' })).body;
    const first = await client.post('/api/contact-seller', { listingId: listing.id }, buyer.token);
    const again = await client.post('/api/contact-seller', { listingId: listing.id, message: 'Me again!' }, buyer.token);
    expect(again.body.conversationId).toBe(first.body.conversationId);
    const thread = await client.get(`/api/conversations/${first.body.conversationId}/messages`, buyer.token);
    expect(thread.body.map((message: { body: string }) => message.body)).toEqual(['Hi, is "Canoe" still available?', 'Me again!']);
    // One conversation, one mail to the seller.
    expect((await mailsTo(server, client, seller.email)).filter((item) => item.subject.includes('Canoe'))).toHaveLength(1);
  });

  it('tells a visitor to log in, blocks messaging yourself, and needs the checks to trade', async () => {
    const seller = await sellerMember(client, server.database.db);
    const listing = (await create(seller.token)).body;
    const visitor = await client.post('/api/contact-seller', { listingId: listing.id });
    expect(visitor.status).toBe(401);
    expect(visitor.body.message).toBe('You need to be logged in to contact sellers.');
    const self = await client.post('/api/contact-seller', { listingId: listing.id }, seller.token);
    expect(self.status).toBe(400);
    expect(self.body).toEqual({ code: 'CONTACT_OWN_LISTING', message: "You can't message yourself" });
    const unverified = await sellerMember(client, server.database.db, { emailVerified: false });
    expect((await client.post('/api/contact-seller', { listingId: listing.id }, unverified.token)).status).toBe(403);
    // A listing that is not there is not found, whoever asks.
    const missing = await client.post('/api/contact-seller', { listingId: 'nope' }, unverified.token);
    expect(missing.status).toBe(404);
    // A message with an invisible control character is refused as a conversation's would be, starting nothing.
    const buyer = await sellerMember(client, server.database.db);
    const control = await client.post('/api/contact-seller', { listingId: listing.id, message: 'Still for sale?\u0008' }, buyer.token);
    expect(control.status).toBe(400);
    expect(control.body).toMatchObject({ code: 'VALIDATION_FAILED', message: conversationMessages.messageControlCharacter });
    expect((await client.get('/api/conversations', buyer.token)).body).toEqual([]);
  });

  it(`limits a buyer to ${conversationLimits.newPerHour} new conversations an hour; writing again about the same listing does not count`, async () => {
    const buyer = await sellerMember(client, server.database.db);
    const listingIds: string[] = [];
    // Connectors hold 8 active listings each: three sellers list the 21 items.
    for (let seller = 0; seller < 3; seller += 1) {
      const member = await sellerMember(client, server.database.db, { tier: 'connector' });
      for (let index = 0; index < 7; index += 1) listingIds.push((await create(member.token, { title: `Garage sale item ${seller}-${index}` })).body.id);
    }
    const answers = [];
    for (const listingId of listingIds.slice(0, conversationLimits.newPerHour)) answers.push((await client.post('/api/contact-seller', { listingId }, buyer.token)).status);
    expect(answers).toEqual(Array(conversationLimits.newPerHour).fill(200));
    // The same listing again continues its conversation.
    expect((await client.post('/api/contact-seller', { listingId: listingIds[0], message: 'One more question' }, buyer.token)).status).toBe(200);
    const refused = await client.post('/api/contact-seller', { listingId: listingIds[conversationLimits.newPerHour] }, buyer.token);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: 'RATE_LIMITED', message: conversationMessages.tooManyConversations });
  });
});
