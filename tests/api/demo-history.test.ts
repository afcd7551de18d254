// The demo's history (issue 41): a fresh `npm start` shows the trust loop at work. Loaded by the
// product's own operations after the demo members and listings, once; checked here as the demo
// members and the admin see it through the API.
import { describe, expect, it } from 'vitest';
import { demoAdminEmail, demoPassword, seedDemoData } from '../../src/server/demo/seed-demo-data';
import { seedDemoHistory } from '../../src/server/demo';
import { useTestServer } from './support/use-test-server';

const { server, client } = useTestServer({ ADMIN_EMAILS: demoAdminEmail });

async function signIn(email: string): Promise<string> {
  const response = await client.post('/api/auth/login', { email, password: demoPassword });
  if (response.status !== 200) throw new Error(`sign-in ${email}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.token as string;
}

describe('the demo history', () => {
  it('shows a deal agreed and held with a pickup, a scam tip, a rated sale, saved things, the admin’s queues and a month of views', async () => {
    const log = { info: () => {} };
    await seedDemoData({ db: server.database.db, storage: server.deps.storage, log });
    await seedDemoHistory(server.deps);
    // Once: a second start adds nothing.
    await seedDemoHistory(server.deps);

    const mia = await signIn('mia@demo.neighbourly.au');
    const inbox = (await client.get('/api/conversations', mia)).body as { id: string; listing: { title: string }; listingStatus: string; pickup: { status: string } | null; isSeller: boolean }[];
    expect(inbox).toHaveLength(3);
    const bike = inbox.find((conversation) => conversation.listing.title.startsWith('Giant Contend'))!;
    expect(bike).toMatchObject({ listingStatus: 'reservedForYou', isSeller: true, pickup: { status: 'confirmed' } });
    const bikeThread = (await client.get(`/api/conversations/${bike.id}/messages`, mia)).body as { body: string; offer: { status: string } | null }[];
    expect(bikeThread.map((line) => line.body)).toEqual(expect.arrayContaining(['Offered $480', 'Countered with $520', 'Accepted the offer of $520']));
    const coffee = inbox.find((conversation) => conversation.listing.title.startsWith('Breville'))!;
    const coffeeThread = (await client.get(`/api/conversations/${coffee.id}/messages`, mia)).body as { safetyTip: string | null }[];
    expect(coffeeThread.some((line) => line.safetyTip !== null)).toBe(true);
    const speaker = inbox.find((conversation) => conversation.listing.title.startsWith('Bose'))!;
    expect(speaker.listingStatus).toBe('soldToYou');

    expect((await client.get('/api/favourites', mia)).body).toHaveLength(2);
    expect((await client.get('/api/saved-searches', mia)).body).toHaveLength(1);
    const liamId = (await client.get(`/api/conversations/${speaker.id}`, mia)).body.otherMember.id as string;
    expect((await client.get(`/api/sellers/${liamId}/ratings`)).body.length).toBeGreaterThanOrEqual(1);

    const miasListings = (await client.get('/api/my-listings', mia)).body as { id: string; isActive: boolean }[];
    const insights = await client.get(`/api/my-listings/${miasListings.find((listing) => listing.isActive)!.id}/insights`, mia);
    expect(insights.body.totals.views).toBeGreaterThan(0);

    const admin = await signIn(demoAdminEmail);
    expect(((await client.get('/api/admin/reports', admin)).body as unknown[]).length).toBeGreaterThanOrEqual(1);
    expect(((await client.get('/api/admin/support', admin)).body as unknown[]).length).toBeGreaterThanOrEqual(1);
  });
});
