// The demo's history (issue 41): what a newcomer needs to see the trust loop at work, made by the
// same operations members' requests run, then moved back in time so the pages and charts show
// weeks of it. Jack and Mia agree a price for the road bike (an offer, a counter-offer, the accept
// that holds it, a pickup proposed and confirmed); Liam asks Mia for the coffee machine in a way
// that earns a scam tip; Mia bought Liam's speaker three weeks ago and both rated the exchange; Mia
// keeps two favourites and a saved search; the admin has an open report and a support request;
// every listing has a month of views. Loaded once, after the demo members and listings.
import { eq, sql } from 'drizzle-orm';
import { insightDayOf } from '../../domain/insights';
import { appMeta, listings, users, type UserRow } from '../db/schema';
import type { ServerDeps } from '../deps';
import { sendContactForm } from '../contact';
import { sendMessage, startConversation } from '../conversations';
import { createSavedSearch, saveFavourite, setListingStatus } from '../listings';
import { createReport } from '../moderation';
import { answerOffer, confirmPickup, makeOffer, proposePickup } from '../offers';
import { createRating } from '../ratings';
import { demoDataKey } from './seed-demo-data';

const historyKey = 'demo_history';

/** A small, repeatable sequence of numbers in [0, 1), so every fresh demo shows the same history. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

export async function seedDemoHistory(deps: ServerDeps): Promise<void> {
  const [loaded] = await deps.db.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, demoDataKey));
  const [done] = await deps.db.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, historyKey));
  if (!loaded || done) return;
  const claimed = await deps.db.insert(appMeta).values({ key: historyKey, value: { loadedAt: new Date().toISOString() } }).onConflictDoNothing().returning();
  if (claimed.length === 0) return;

  // The demo's mails would go to made-up addresses: none are sent.
  const quiet: ServerDeps = { ...deps, mail: { kind: 'outbox', send: async () => {} } };
  const member = async (firstName: string): Promise<UserRow> => {
    const [row] = await deps.db.select().from(users).where(eq(users.firstName, firstName)).limit(1);
    if (!row) throw new Error(`demo history: no demo member ${firstName}`);
    return row;
  };
  const listing = async (title: string): Promise<string> => {
    const [row] = await deps.db.select({ id: listings.id }).from(listings).where(eq(listings.title, title)).limit(1);
    if (!row) throw new Error(`demo history: no demo listing ${title}`);
    return row.id;
  };
  const [mia, jack, liam, chloe] = [await member('Mia'), await member('Jack'), await member('Liam'), await member('Chloe')];
  /** Moves a conversation, its messages, offers and pickups `days` back. */
  const backdate = async (conversationId: string, days: number) => {
    const by = sql`${days} * interval '1 day'`;
    await deps.db.execute(sql`update messages set created_at = created_at - ${by} where conversation_id = ${conversationId}`);
    await deps.db.execute(sql`update offers set created_at = created_at - ${by}, expires_at = expires_at - ${by}, answered_at = answered_at - ${by} where conversation_id = ${conversationId}`);
    await deps.db.execute(sql`update conversations set created_at = created_at - ${by}, last_message_at = last_message_at - ${by} where id = ${conversationId}`);
  };

  // Jack and Mia agree on the road bike: it is held for Jack, and the pickup is set for the weekend.
  const bike = await listing('Giant Contend road bike, 54 cm frame');
  const bikeTalk = (await startConversation(quiet, { buyer: jack, listingId: bike, message: 'Hi, is this still available?' })).conversation.id;
  await sendMessage(quiet, { sender: mia, conversationId: bikeTalk, body: "Yes, it's available" });
  const offered = await makeOffer(quiet, { memberId: jack.id, conversationId: bikeTalk, amount: '480.00' });
  const countered = await answerOffer(quiet, { memberId: mia.id, offerId: offered.offer!.id, answer: 'counter', amount: '520.00' });
  await answerOffer(quiet, { memberId: jack.id, offerId: countered.offer!.id, answer: 'accept' });
  const saturday = new Date(Date.now() + 2 * 86_400_000);
  saturday.setUTCHours(23, 0, 0, 0);
  const proposed = await proposePickup(quiet, { memberId: mia.id, conversationId: bikeTalk, at: saturday.toISOString(), place: 'Edinburgh Gardens, by the rotunda' });
  await confirmPickup(quiet, { memberId: jack.id, pickupId: proposed.conversation.pickup!.id });
  await backdate(bikeTalk, 1);

  // Liam asks for the coffee machine the way a scammer would: Mia's thread shows the tip.
  const coffee = await listing('Breville Barista Express coffee machine');
  const coffeeTalk = (
    await startConversation(quiet, { buyer: liam, listingId: coffee, message: "G'day Mia, I'm over in Perth, so my cousin will pick it up after I pay. Can I send a deposit first to hold it?" })
  ).conversation.id;
  await sendMessage(quiet, { sender: mia, conversationId: coffeeTalk, body: "Sorry Liam, it's pickup in person only and I don't take deposits." });

  // Mia bought Liam's speaker three weeks ago, and each rated the other.
  const speaker = await listing('Bose SoundLink portable speaker');
  const speakerTalk = (await startConversation(quiet, { buyer: mia, listingId: speaker, message: 'Hi Liam, is the speaker still available? I can collect on Saturday.' })).conversation.id;
  await sendMessage(quiet, { sender: liam, conversationId: speakerTalk, body: "Yes, it's available. Saturday morning suits, see you at the Fremantle Markets entrance." });
  await setListingStatus(quiet, { listingId: speaker, ownerId: liam.id, isActive: false, soldToConversationId: speakerTalk });
  await createRating(quiet, { rater: mia, body: { listingId: speaker, stars: 5, comment: 'Exactly as described and Liam was right on time.' } });
  await createRating(quiet, { rater: liam, body: { listingId: speaker, stars: 5, comment: 'Friendly and easy, paid on the spot.' } });
  await backdate(speakerTalk, 21);
  await deps.db.execute(sql`update listings set sold_at = sold_at - interval '20 days' where id = ${speaker}`);
  await deps.db.execute(sql`update ratings set created_at = created_at - interval '20 days' where listing_id = ${speaker}`);

  // Mia's favourites and saved search.
  for (const title of ['MacBook Air M1 13-inch, 256 GB', 'Inflatable stand-up paddleboard']) await saveFavourite(quiet, { memberId: mia.id, listingId: await listing(title) });
  await deps.db.execute(sql`update favourites set created_at = created_at - interval '5 days', price_when_saved = price_when_saved where user_id = ${mia.id}`);
  await createSavedSearch(quiet, { member: mia, body: { name: 'Road bikes near me', query: { search: 'road bike' }, frequency: 'daily' } });

  // The admin's queues: a listing reported as a scam, and a question from Chloe.
  await createReport(quiet, {
    reporter: jack,
    address: '127.0.0.1',
    body: { listingId: await listing('iPhone 12, 128 GB, unlocked'), reason: 'scam', details: 'The price looks too good for an unlocked phone and the photos look like stock images.' },
  });
  await sendContactForm(quiet, {
    sender: chloe,
    body: { name: 'Chloe Nguyen', email: chloe.email, message: 'Hi team, how do I verify my phone number? I never received the text with the code.' },
  });

  // A month of views for every listing for sale: more for newer and pricier things, as people look.
  const random = seeded(20261128);
  const active = await deps.db.select({ id: listings.id, createdAt: listings.createdAt }).from(listings).where(eq(listings.isActive, true));
  const rows: { listing_id: string; day: string; viewer: string }[] = [];
  for (const item of active) {
    for (let daysAgo = 0; daysAgo < 30; daysAgo += 1) {
      const at = new Date(Date.now() - daysAgo * 86_400_000);
      if (at < item.createdAt) continue;
      const people = Math.floor(random() * 9 * (daysAgo < 7 ? 1.6 : 1));
      for (let person = 0; person < people; person += 1) rows.push({ listing_id: item.id, day: insightDayOf(at), viewer: String(Math.floor(random() * 1e15)) });
    }
  }
  if (rows.length > 0) {
    await deps.db.execute(sql`
      insert into listing_views (listing_id, day, viewer)
      select listing_id, day, viewer from json_to_recordset(${JSON.stringify(rows)}::json) as v(listing_id uuid, day date, viewer bigint)
      on conflict do nothing`);
  }
  deps.log.info('Demo history loaded: conversations with an offer, a hold and a pickup, a rated sale, favourites, a saved search, a report, a support request and a month of views');
}
