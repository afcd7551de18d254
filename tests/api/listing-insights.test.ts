// How a seller's listing is doing (decision 48): distinct people who opened it a day (the seller
// and crawlers left out), saves and conversations over 30 days, for its seller alone; the weekly
// summary mail, once a week and only with something to tell; and what a member would try: reading
// another seller's numbers, inflating views by reloading, spoiling the batch with a made-up id.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insightDayOf, insightLimits, insightMessages } from '../../src/domain/insights';
import { listingInsightsSchema } from '../../src/domain/listing-schemas';
import { mailWeeklyInsights } from '../../src/server/listings';
import { mailsTo, sellerMember, validListing } from './support/factories';
import { useTestServer } from './support/use-test-server';

const { server, client } = useTestServer();

type Member = Awaited<ReturnType<typeof sellerMember>>;

const member = (firstName: string) => sellerMember(client, server.database.db, { tier: 'connector', firstName });
const browser = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const view = (listingId: string, options: { token?: string; userAgent?: string } = {}) =>
  client.call('GET', `/api/listings/${listingId}`, { token: options.token, headers: { 'user-agent': options.userAgent ?? browser } });
const insights = (who: Member | null, listingId: string) => client.call('GET', `/api/my-listings/${listingId}/insights`, { token: who?.token });

async function listingBy(seller: Member, title: string): Promise<string> {
  const response = await client.post('/api/listings', { ...validListing, title }, seller.token);
  if (response.status !== 201) throw new Error(`listing: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.id as string;
}

describe('a listing’s insights', () => {
  it('count distinct people a day, leaving out the seller and crawlers, with saves and conversations', async () => {
    const seller = await member('Sally');
    const [ben, cat] = [await member('Ben'), await member('Cat')];
    const listingId = await listingBy(seller, 'Rattan armchair');
    // Ben three times, Cat once, a visitor twice, the seller, Googlebot and a script.
    for (let time = 0; time < 3; time += 1) expect((await view(listingId, { token: ben.token })).status).toBe(200);
    await view(listingId, { token: cat.token });
    await view(listingId);
    await view(listingId);
    await view(listingId, { token: seller.token });
    await view(listingId, { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    await view(listingId, { userAgent: 'curl/8.4.0' });
    await client.call('PUT', `/api/favourites/${listingId}`, { token: ben.token });
    await client.post(`/api/listings/${listingId}/conversations`, { message: 'Is it still available?' }, cat.token);
    await server.deps.listingViews.flush();

    const answer = await insights(seller, listingId);
    expect(answer.status).toBe(200);
    const body = listingInsightsSchema.parse(answer.body);
    expect(body.days).toHaveLength(insightLimits.chartDays);
    expect(body.days.at(-1)).toEqual({ date: insightDayOf(new Date()), views: 3, saves: 1, conversations: 1 });
    expect(body.days.slice(0, -1).every((day) => day.views + day.saves + day.conversations === 0)).toBe(true);
    expect(body.totals).toEqual({ views: 3, saves: 1, conversations: 1 });
    // Days run oldest first without a gap.
    expect(new Set(body.days.map((day) => day.date)).size).toBe(insightLimits.chartDays);

    // Reloading all day adds no one.
    for (let time = 0; time < 5; time += 1) await view(listingId, { token: ben.token });
    await server.deps.listingViews.flush();
    expect((await insights(seller, listingId)).body.totals.views).toBe(3);
  });

  it('are the seller’s alone', async () => {
    const seller = await member('Sally');
    const other = await member('Oscar');
    const listingId = await listingBy(seller, 'Pine bookcase');
    const refused = await insights(other, listingId);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('NOT_YOUR_LISTING');
    expect((await insights(null, listingId)).status).toBe(401);
    expect((await insights(seller, '00000000-0000-0000-0000-000000000000')).status).toBe(404);
    expect((await insights(seller, 'nonsense')).status).toBe(404);
  });

  it('keep counting when a made-up id or a deleted listing is in the batch', async () => {
    const seller = await member('Sally');
    const buyer = await member('Ben');
    const kept = await listingBy(seller, 'Oak stool');
    const deleted = await listingBy(seller, 'Brass lamp');
    server.deps.listingViews.record({ listingId: 'not-a-listing', memberId: null, address: '203.0.113.9', userAgent: browser });
    await view(deleted, { token: buyer.token });
    await view(kept, { token: buyer.token });
    await client.call('DELETE', `/api/listings/${deleted}`, { token: seller.token });
    await server.deps.listingViews.flush();
    expect((await insights(seller, kept)).body.totals.views).toBe(1);
  });
});

describe('the weekly summary', () => {
  it('tells a seller of last week once, busiest listing first, and nothing to a seller who turned it off', async () => {
    const seller = await member('Sally');
    const quiet = await member('Quinn');
    const busy = await listingBy(seller, 'Velvet sofa');
    const calm = await listingBy(seller, 'Side table');
    const quietOnes = await listingBy(quiet, 'Garden gnome');
    // Views on three days of last week (rows as the counter writes them).
    const lastWeekDay = new Date(Date.now() - 7 * 86_400_000);
    const day = insightDayOf(lastWeekDay);
    await server.database.db.execute(sql`insert into listing_views (listing_id, day, viewer) values
      (${busy}, ${day}::date, 1), (${busy}, ${day}::date, 2), (${busy}, ${day}::date, 3), (${calm}, ${day}::date, 4), (${quietOnes}, ${day}::date, 5)`);
    expect((await client.call('PUT', '/api/user/notifications', { token: quiet.token, body: { insightsMail: false } })).body.insightsMail).toBe(false);

    await mailWeeklyInsights(server.deps);
    const summaries = async (who: Member) => (await mailsTo(server, client, who.user.email)).filter((mail) => mail.subject === insightMessages.mailSubject);
    // Last week is the seven days before this Monday: the same weekday a week ago is always in it.
    const [mail, ...more] = await summaries(seller);
    expect(more).toEqual([]);
    expect(mail.text).toContain('- Velvet sofa: 3 views, 0 saves, 0 conversations');
    expect(mail.text.indexOf('Velvet sofa')).toBeLessThan(mail.text.indexOf('- Side table: 1 view, 0 saves, 0 conversations'));
    expect(mail.text).toContain(`${server.config.publicUrl}/account`);
    expect(await summaries(quiet)).toEqual([]);
    // A second run in the same week sends nothing more.
    await mailWeeklyInsights(server.deps);
    expect(await summaries(seller)).toHaveLength(1);
  });
});
