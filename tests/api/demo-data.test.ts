import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rulesForTier } from '../../src/domain/tiers';
import { verifyPassword } from '../../src/server/auth/passwords';
import type { DatabaseHandle } from '../../src/server/db/open-database';
import { appMeta, listings, users } from '../../src/server/db/schema';
import { demoAdminEmail, demoPassword, seedDemoData } from '../../src/server/demo/seed-demo-data';
import { createLocalMediaStorage } from '../../src/server/services/storage';
import { openTestDatabase } from './support/test-database';

let database: DatabaseHandle;
let dataDir: string;
const messages: string[] = [];
const log = { info: (message: string) => void messages.push(message) };

async function countRows() {
  const [members] = await database.db.select({ value: count() }).from(users);
  const [items] = await database.db.select({ value: count() }).from(listings);
  return { members: members.value, listings: items.value };
}

beforeAll(async () => {
  // In-memory PGlite (openDatabase({ pgliteDir: null })), or PostgreSQL when TEST_DATABASE_URL is set.
  database = await openTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'neighbourly-demo-'));
  await seedDemoData({ db: database.db, storage: createLocalMediaStorage(dataDir), log });
});
afterAll(async () => {
  await database?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('demo data', () => {
  it('loads seven members and about forty listings once; a second call changes nothing', async () => {
    const first = await countRows();
    expect(first.members).toBe(7);
    expect(first.listings).toBeGreaterThanOrEqual(35);

    const started = performance.now();
    await seedDemoData({ db: database.db, storage: createLocalMediaStorage(dataDir), log });
    expect(performance.now() - started).toBeLessThan(500);
    expect(await countRows()).toEqual(first);

    const [marker] = await database.db.select().from(appMeta).where(eq(appMeta.key, 'demo_data'));
    expect(marker).toBeDefined();
    expect(messages.filter((message) => message.startsWith('Demo data loaded'))).toHaveLength(1);
  });

  it('gives every listing a positive price, a location and the seller’s place', async () => {
    const rows = await database.db.select().from(listings);
    const sellers = new Map((await database.db.select().from(users)).map((user) => [user.id, user]));
    for (const listing of rows) {
      expect(listing.price).toMatch(/^\d+\.\d{2}$/);
      expect(Number(listing.price)).toBeGreaterThan(0);
      const seller = sellers.get(listing.sellerId)!;
      expect(listing.postcode).toBe(seller.postcode);
      expect(listing.state).toBe(seller.state);
      expect(listing.location).toBe(`${seller.suburb} ${seller.state} ${seller.postcode}`);
      expect(listing.latitude).toBeLessThan(0);
    }
    expect(new Set(rows.map((listing) => listing.category)).size).toBe(6);
    expect(new Set(rows.map((listing) => listing.state)).size).toBeGreaterThanOrEqual(5);
    expect(rows.some((listing) => !listing.isActive)).toBe(true);
  });

  it('keeps every seller within their tier’s listing and photo limits', async () => {
    const rows = await database.db.select().from(listings);
    for (const user of await database.db.select().from(users)) {
      const rules = rulesForTier(user.membershipTier);
      const own = rows.filter((listing) => listing.sellerId === user.id);
      const active = own.filter((listing) => listing.isActive);
      if (rules.listingLimit !== null) expect(active.length).toBeLessThanOrEqual(rules.listingLimit);
      for (const listing of own) expect(listing.imageUrls.length).toBeLessThanOrEqual(rules.maxImagesPerListing);
    }
  });

  it('writes every photo as a 1200-pixel JPEG without EXIF, with a 400-pixel thumbnail', async () => {
    const rows = await database.db.select({ imageUrls: listings.imageUrls }).from(listings);
    const urls = rows.flatMap((row) => row.imageUrls);
    expect(urls.length).toBeGreaterThanOrEqual(rows.length);
    for (const url of urls) {
      expect(url).toMatch(/^\/media\/demo\/[0-9a-f-]{36}-\d\.jpg$/);
      const file = path.join(dataDir, url);
      expect(existsSync(file)).toBe(true);
      const metadata = await sharp(await readFile(file)).metadata();
      expect(metadata).toMatchObject({ format: 'jpeg', width: 1200, height: 900 });
      expect(metadata.exif).toBeUndefined();
      const thumbnail = await sharp(file.replace(/\.jpg$/, '-thumb.jpg')).metadata();
      expect(thumbnail).toMatchObject({ format: 'jpeg', width: 400, height: 300 });
    }
  });

  it('makes the demo admin an admin who signs in with the demo password', async () => {
    const [admin] = await database.db.select().from(users).where(eq(users.email, demoAdminEmail));
    expect(admin.isAdmin).toBe(true);
    expect(await verifyPassword(admin.password, demoPassword)).toBe(true);
    const others = await database.db.select().from(users).where(eq(users.isAdmin, false));
    expect(others).toHaveLength(6);
    expect(others.filter((user) => !user.isEmailVerified)).toHaveLength(1);
    expect(new Set(others.map((user) => user.membershipTier))).toEqual(new Set(['starter', 'explorer', 'connector', 'lifetime']));
  });
});
