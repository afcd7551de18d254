// The operator's dashboard (decision 50) as an admin meets it: the day's members by plan, listings,
// messages, reports, free months and revenue in exact AUD from the hourly rollups, a range of days
// with its months, the busiest postcodes, a CSV of the same days; refused to members and visitors,
// and a range asked wrongly answered in words.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminInsightMessages } from '../../src/domain/admin-insights';
import { adminInsightsSchema } from '../../src/domain/admin-insights-schemas';
import { insightDayOf } from '../../src/domain/insights';
import { rollUpDailyStats } from '../../src/server/admin';
import { registerMember, sellerMember, validListing, verifyEmailOf } from './support/factories';
import { useTestServer } from './support/use-test-server';

const { server, client } = useTestServer({ ADMIN_EMAILS: 'chief@example.com' });

let adminToken: string;
let memberToken: string;
const today = insightDayOf(new Date());
const daysBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  const admin = await registerMember(client, { email: 'chief@example.com', firstName: 'Grace' });
  await verifyEmailOf(client, admin);
  adminToken = admin.token;
  // Two sellers (Connector), a buyer (Explorer on the free month), two listings, a conversation of one message, a report, a paid year.
  const seller = await sellerMember(client, server.database.db, { tier: 'connector', firstName: 'Sally', postcode: '3068' });
  const buyer = await sellerMember(client, server.database.db, { tier: 'connector', firstName: 'Ben', postcode: '3068' });
  memberToken = buyer.token;
  const first = await client.post('/api/listings', { ...validListing, title: 'Rattan armchair', postcode: '3068' }, seller.token);
  await client.post('/api/listings', { ...validListing, title: 'Pine bookcase', postcode: '3068' }, seller.token);
  await client.post(`/api/listings/${first.body.id}/conversations`, { message: 'Is it still available?' }, buyer.token);
  await client.post('/api/reports', { listingId: first.body.id, reason: 'scam', details: 'Looks too good to be true.' }, buyer.token);
  await server.database.db.execute(sql`
    insert into subscriptions (user_id, tier, provider, provider_subscription_id, status, amount_cents)
    values (${seller.user.id}, 'connector', 'test', 'sub_admin_insights', 'active', 6000)`);
  expect(await rollUpDailyStats(server.deps)).toBeGreaterThanOrEqual(1);
});

const insights = (token: string | undefined, query = '') => client.get(`/api/admin/insights${query}`, token);

describe('the operator’s dashboard', () => {
  it('gives today’s members by plan, listings, messages, reports and revenue in exact AUD', async () => {
    const response = await insights(adminToken);
    expect(response.status).toBe(200);
    const body = adminInsightsSchema.parse(response.body);
    expect([body.to, body.bucket]).toEqual([today, 'day']);
    const day = body.days.find((one) => one.date === today)!;
    expect(day).toMatchObject({ membersNew: 3, membersConnector: 2, listingsNew: 2, listingsActive: 2, messages: 1, reportsOpened: 1, reportsClosed: 0, reportMedianMinutes: null, revenue: '60.00' });
    expect(day.membersStarter + day.membersExplorer + day.membersConnector + day.membersLifetime).toBe(3);
    expect(body.revenueByMonth).toEqual([{ month: today.slice(0, 7), revenue: '60.00' }]);
    expect(body.busiestPostcodes[0]).toMatchObject({ postcode: '3068', listings: 2 });
  });

  it('gives weeks for a year and months for longer ranges, with the same totals', async () => {
    const year = (await insights(adminToken, `?from=${daysBefore(today, 364)}&to=${today}`)).body;
    const years = (await insights(adminToken, `?from=${daysBefore(today, 1000)}&to=${today}`)).body;
    expect([year.bucket, years.bucket]).toEqual(['week', 'month']);
    const monday = new Date(`${year.days.at(-1).date}T00:00:00Z`);
    expect(monday.getUTCDay()).toBe(1);
    expect(years.days.at(-1).date).toBe(`${today.slice(0, 7)}-01`);
    for (const body of [year, years]) expect(body.days.at(-1)).toMatchObject({ membersNew: 3, membersConnector: 2, listingsNew: 2, listingsActive: 2, revenue: '60.00' });
  });

  it('makes a day again without doubling it', async () => {
    await rollUpDailyStats(server.deps);
    const body = (await insights(adminToken)).body;
    expect(body.days.filter((one: { date: string }) => one.date === today)).toHaveLength(1);
    expect(body.days.find((one: { date: string }) => one.date === today).membersNew).toBe(3);
  });

  it('gives the same days as CSV, headings first', async () => {
    const response = await client.call('GET', `/api/admin/insights/csv?from=${today}&to=${today}`, { token: adminToken });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="insights-${today}-to-${today}.csv"`);
    const lines = String(response.body).trim().split('\r\n');
    expect(lines[0].startsWith('Date,New members,Starter members')).toBe(true);
    expect(lines).toHaveLength(2);
    expect(lines[1].startsWith(`${today},3,`)).toBe(true);
    expect(lines[1].endsWith(',60.00')).toBe(true);
  });

  it('is the admins’ alone', async () => {
    expect((await insights(undefined)).status).toBe(401);
    expect((await insights(memberToken)).status).toBe(403);
    expect((await client.call('GET', '/api/admin/insights/csv', { token: memberToken })).status).toBe(403);
  });

  it('answers a range asked wrongly in words', async () => {
    const backwards = await insights(adminToken, '?from=2026-03-10&to=2026-03-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body.fieldErrors).toEqual([{ path: 'to', message: adminInsightMessages.rangeBackwards }]);
    expect((await insights(adminToken, '?from=2020-01-01&to=2026-03-01')).body.fieldErrors).toEqual([{ path: 'from', message: adminInsightMessages.rangeTooLong }]);
    expect((await insights(adminToken, '?from=2026-02-30')).body.fieldErrors).toEqual([{ path: 'from', message: adminInsightMessages.dateInvalid }]);
    // A range with no rollups yet is simply empty.
    expect((await insights(adminToken, '?from=2020-01-01&to=2020-01-31')).body.days).toEqual([]);
  });
});
