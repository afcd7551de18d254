// Browse pages are the listings' views as PostgreSQL writes them (listingViewJson); a listing's own
// page and every other list make them in the app (toListingView). The two must give the same view
// of every kind of listing and seller, or a listing would read one way in browse and another when
// opened.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { averageRating } from '../../src/domain/ratings';
import { listings, users } from '../../src/server/db/schema';
import { listingColumns, listingViewJson, toListingView, unfavouredStart } from '../../src/server/listings/listing-view';
import { sellerMember, validListing } from './support/factories';
import { useTestServer } from './support/use-test-server';

const { server, client } = useTestServer();

type Member = Awaited<ReturnType<typeof sellerMember>>;
let connector: Member;
let starter: Member;
const ids: Record<string, string> = {};

async function list(member: Member, name: string, fields: Partial<typeof validListing> = {}) {
  const created = await client.post('/api/listings', { ...validListing, ...fields }, member.token);
  if (created.status !== 201) throw new Error(`listing failed: ${created.status} ${JSON.stringify(created.body)}`);
  ids[name] = created.body.id;
}

/** Every listing's row, its view made by the app, and its view as the database writes it. */
async function bothViews() {
  const rows = await server.database.db
    .select({ ...listingColumns, view: listingViewJson })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.sellerId));
  return rows.map(({ view, ...row }) => ({ row, app: toListingView(row), database: view }));
}

beforeAll(async () => {
  connector = await sellerMember(client, server.database.db, { tier: 'connector', postcode: '3065', firstName: 'Zoë "Z"' });
  starter = await sellerMember(client, server.database.db, { tier: 'starter', postcode: '2010' });
  await list(connector, 'pinnedReserved', { title: 'Lamp with a "shade" \\ and a ✓', description: 'Line one.\nLine two, tab\there, emoji 🛋️ and </script>.' });
  await list(connector, 'soldPinned');
  await list(connector, 'hidden', { price: '0.50' });
  await list(connector, 'belowNewest', { price: '1234567.89' });
  await list(starter, 'starterPin');
  const db = server.database.db;
  await db.update(users).set({ ratingSum: 13, ratingCount: 3, profileImageUrl: '/uploads/profiles/zoe.webp', lastName: 'O’Brien', isCardVerified: true }).where(eq(users.id, connector.user.id));
  await db.execute(sql`update listings set reserved_at = now(), pinned_at = now(), image_urls = array['/uploads/a "b".webp', '/uploads/ü.webp'] where id = ${ids.pinnedReserved}`);
  await db.execute(sql`update listings set is_active = false, pinned_at = now() where id = ${ids.soldPinned}`);
  await db.execute(sql`update listings set paused_at = now(), hidden_reason = 'reports', condition = null, is_active = false where id = ${ids.hidden}`);
  await db.execute(sql`update listings set ranked_at = listed_at - interval '100 years', suburb = null, postcode = null, state = null where id = ${ids.belowNewest}`);
  await db.execute(sql`update listings set pinned_at = now() where id = ${ids.starterPin}`);
  await db.update(users).set({ isPhoneVerified: false }).where(eq(users.id, starter.user.id));
});

describe('a listing view written by the database', () => {
  it('is the view the app makes, for every kind of listing and seller', async () => {
    const views = await bothViews();
    expect(views).toHaveLength(5);
    for (const { app, database } of views) {
      expect(database.startsWith(unfavouredStart)).toBe(true);
      expect(JSON.parse(database)).toStrictEqual(app);
    }
    // The kinds meant to be there are there: otherwise the comparison proves little.
    const byId = new Map(views.map(({ app }) => [app.id, app]));
    expect(byId.get(ids.pinnedReserved)).toMatchObject({ status: 'reserved', isPinned: true, seller: { ratingAverage: 4.3, isCardVerified: true } });
    expect(byId.get(ids.soldPinned)).toMatchObject({ status: 'sold', isPinned: false });
    expect(byId.get(ids.hidden)).toMatchObject({ isPaused: true, hiddenReason: 'reports', condition: null, price: '0.50' });
    expect(byId.get(ids.belowNewest)).toMatchObject({ belowNewest: true, postcode: null });
    expect(byId.get(ids.starterPin)).toMatchObject({ isPinned: false, seller: { membershipTier: 'starter', ratingAverage: null, isPhoneVerified: false } });
  });

  it('writes times to the millisecond as the app does, whatever their microseconds', async () => {
    const times = ['2026-03-01 00:00:00.289+00', '2026-12-31 23:59:59.999999+00', '2024-02-29 12:00:00.000001+00', '1926-07-04 10:30:00.5+00', '2026-06-15 08:00:00+10'];
    for (let index = 0; index < 40; index += 1) {
      // Whole milliseconds (their microseconds 000) and any microseconds, across the year.
      const micros = index % 2 === 0 ? Math.floor(Math.random() * 1000) * 1000 : Math.floor(Math.random() * 1_000_000);
      times.push(`2026-${String(1 + (index % 12)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')} 0${index % 10}:17:42.${String(micros).padStart(6, '0')}+00`);
    }
    for (const time of times) {
      await server.database.db.execute(sql`update listings set created_at = ${time}::timestamptz, updated_at = ${time}::timestamptz where id = ${ids.soldPinned}`);
      const view = (await bothViews()).find(({ row }) => row.id === ids.soldPinned)!;
      expect(JSON.parse(view.database), time).toStrictEqual(view.app);
    }
  });

  it('rounds every rating as the app does', async () => {
    // The seller's row as many sellers: every sum of one to five stars over up to 40 ratings.
    const result = await server.database.db.execute<{ view: string; sum: number; count: number }>(sql`
      select ${listingViewJson} as view, users.rating_sum as sum, users.rating_count as count
        from listings
        join (select u.id, u.first_name, u.last_name, u.profile_image_url, u.membership_tier, u.is_email_verified, u.is_phone_verified, u.is_card_verified,
                     stars.sum as rating_sum, ratings.count as rating_count
                from users u, generate_series(0, 40) as ratings(count), generate_series(0, 200) as stars(sum)
               where stars.sum between ratings.count and 5 * ratings.count) as users on users.id = listings.seller_id
       where listings.id = ${ids.pinnedReserved}`);
    expect(result.rows.length).toBeGreaterThan(3000);
    for (const { view, sum, count } of result.rows) {
      expect((JSON.parse(view) as { seller: { ratingAverage: number | null } }).seller.ratingAverage, `${sum}/${count}`).toBe(averageRating(sum, count));
    }
  });

  it('is what browse shows of a listing, beside its own page', async () => {
    const viewer = await sellerMember(client, server.database.db, { tier: 'connector', postcode: '3000' });
    const page = await client.get('/api/listings?limit=24', viewer.token);
    expect(page.status).toBe(200);
    const items = page.body as { id: string; distanceKm: number | null }[];
    expect(items.map((item) => item.id).sort()).toEqual([ids.pinnedReserved, ids.starterPin, ids.belowNewest].sort());
    for (const item of items) {
      const own = await client.get(`/api/listings/${item.id}`, viewer.token);
      const { distanceKm, ...shown } = item;
      expect(shown).toStrictEqual(own.body);
      // Measured from the viewer's place to the listing's postcode; a listing without one has none.
      expect(distanceKm === null).toBe(item.id === ids.belowNewest);
    }
    // A visitor who chose no place is shown no distance.
    const visitor = await client.get('/api/listings?limit=24');
    const distances = (visitor.body as { distanceKm: number | null }[]).map((item) => item.distanceKm);
    expect(distances.length).toBeGreaterThan(0);
    expect(new Set(distances)).toEqual(new Set([null]));
  });
});
