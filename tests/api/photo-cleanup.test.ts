// The photo clean-up: uploads no listing shows are deleted, rows and files, once the grace period
// has passed; photos on listings stay; several app servers may run it at once.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listingRuleMessages } from '../../src/domain/listing';
import { shareImageUrl } from '../../src/domain/page-head';
import { uploadedImages } from '../../src/server/db/schema';
import { cleanUpPhotos } from '../../src/server/uploads/clean-up-photos';
import { makePhoto, sellerMember, uploadPhoto, validListing } from './support/factories';
import { useTestServer } from './support/use-test-server';

const { server, client } = useTestServer();

const hourMs = 60 * 60 * 1000;
const graceMs = 24 * hourMs;
const dayAfterTomorrow = () => new Date(Date.now() + 2 * graceMs);
const cleanUp = (now?: Date) => cleanUpPhotos(server.deps, { graceMs, now });
const fileExists = (url: string) => existsSync(path.join(server.config.dataDir, url.replace(/^\//, '')));
const served = async (url: string) => (await fetch(`${server.baseUrl}${url}`)).status;

async function uploadPhotos(token: string, count: number) {
  const photo = await makePhoto({ width: 200, height: 150 });
  const uploads: { url: string; thumbnailUrl: string }[] = [];
  for (let index = 0; index < count; index += 1) {
    const response = await uploadPhoto(server.baseUrl, token, photo);
    expect(response.status).toBe(201);
    uploads.push(response.body);
  }
  return uploads;
}

describe('photo clean-up', () => {
  it('keeps photos within the grace period, then removes the ones no listing shows and keeps the rest', async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'connector' });
    const [onListing, abandoned, onDeletedListing, takenOffInEdit] = await uploadPhotos(seller.token, 4);
    const kept = await client.post('/api/listings', { ...validListing, imageUrls: [onListing.url, takenOffInEdit.url] }, seller.token);
    expect(kept.status).toBe(201);
    const deleted = await client.post('/api/listings', { ...validListing, title: 'Garden gnome', imageUrls: [onDeletedListing.url] }, seller.token);
    expect((await client.call('DELETE', `/api/listings/${deleted.body.id}`, { token: seller.token })).status).toBeLessThan(300);
    expect((await client.call('PUT', `/api/listings/${kept.body.id}`, { token: seller.token, body: { ...validListing, imageUrls: [onListing.url] } })).status).toBe(200);

    // Within the grace period nothing goes, not even the abandoned upload: its form may still be open.
    expect((await cleanUp()).removed).toBe(0);
    expect(fileExists(abandoned.url)).toBe(true);

    const result = await cleanUp(dayAfterTomorrow());
    expect(result.failedFiles).toEqual([]);
    for (const gone of [abandoned, onDeletedListing, takenOffInEdit]) {
      expect(fileExists(gone.url), gone.url).toBe(false);
      expect(fileExists(gone.thumbnailUrl), gone.thumbnailUrl).toBe(false);
      expect(fileExists(shareImageUrl(gone.url)), 'share image').toBe(false);
      expect(await served(gone.url)).toBe(404);
    }
    expect(fileExists(onListing.url)).toBe(true);
    expect(fileExists(onListing.thumbnailUrl)).toBe(true);
    expect(fileExists(shareImageUrl(onListing.url))).toBe(true);
    expect(await served(onListing.url)).toBe(200);
    expect((await client.get(`/api/listings/${kept.body.id}`)).body.imageUrls).toEqual([onListing.url]);

    // A removed upload can no longer be put on a listing.
    const reuse = await client.post('/api/listings', { ...validListing, imageUrls: [abandoned.url] }, seller.token);
    expect(reuse.status).toBe(400);
    expect(reuse.body).toEqual({ code: 'UNKNOWN_IMAGE', message: listingRuleMessages.unknownImage });

    // A photo found in use is not looked at again for another grace period.
    const [row] = await server.database.db.select().from(uploadedImages).where(eq(uploadedImages.url, onListing.url));
    expect(row.touchedAt.getTime()).toBeGreaterThan(Date.now() + graceMs);
  });

  it('removes each photo once when several app servers run it at the same time', async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'connector' });
    const abandoned = await uploadPhotos(seller.token, 6);
    const now = new Date(Date.now() + 10 * graceMs);
    const runs = await Promise.all([cleanUp(now), cleanUp(now), cleanUp(now)]);
    expect(runs.flatMap((run) => run.failedFiles)).toEqual([]);
    expect(runs.reduce((sum, run) => sum + run.removed, 0)).toBe(abandoned.length);
    for (const upload of abandoned) expect(fileExists(upload.url)).toBe(false);
  });

  it('never leaves a listing showing a photo it removed, when the listing is saved during a clean-up', async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'connector' });
    const uploads = await uploadPhotos(seller.token, 8);
    const now = new Date(Date.now() + 20 * graceMs);
    const [creations] = await Promise.all([
      Promise.all(uploads.map((upload, index) => client.post('/api/listings', { ...validListing, title: `Lamp ${index}`, imageUrls: [upload.url] }, seller.token))),
      cleanUp(now),
    ]);
    for (const [index, creation] of creations.entries()) {
      if (creation.status === 201) {
        // Saved: the photo is there, and a later clean-up keeps it.
        expect(fileExists(uploads[index].url)).toBe(true);
      } else {
        expect(creation.body.message).toBe(listingRuleMessages.unknownImage);
        expect(fileExists(uploads[index].url)).toBe(false);
      }
    }
    await cleanUp(new Date(Date.now() + 40 * graceMs));
    const mine = await client.get('/api/my-listings', seller.token);
    for (const listing of mine.body as { imageUrls: string[] }[]) {
      for (const url of listing.imageUrls) expect(fileExists(url), url).toBe(true);
    }
  });
});
