// The trust loop's moderation half: members report listings, members and conversations; three
// trusted reporters on three networks hide a listing at once, throwaway accounts only queue reports; admins dismiss, hide, warn or suspend from a queue; a
// suspension refuses sign-in with its end date, ends sessions, hides listings, and lifting it
// restores everything. Runs on PGlite and, in CI, again on PostgreSQL.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatSuspensionEnd, moderationLimits, moderationMail, moderationMessages } from '../../src/domain/moderation';
import { users } from '../../src/server/db/schema';
import { liftEndedSuspensions } from '../../src/server/moderation';
import { mailsTo, registerMember, sellerMember, validListing, verifyEmailOf } from './support/factories';
import { useTestServer } from './support/use-test-server';

// Behind one proxy, so each reporter can report from a network of their own (X-Forwarded-For).
const { server, client } = useTestServer({ ADMIN_EMAILS: 'moderator@example.com', TRUST_PROXY: '1' });
let admin: Awaited<ReturnType<typeof registerMember>>;

beforeAll(async () => {
  admin = await registerMember(client, { email: 'moderator@example.com', firstName: 'Mo' });
  await verifyEmailOf(client, admin);
});

const member = (options: Parameters<typeof sellerMember>[2] = {}) => sellerMember(client, server.database.db, options);
const list = async (token: string, title = 'Solid timber bookcase') => {
  const created = await client.post('/api/listings', { ...validListing, title }, token);
  expect(created.status).toBe(201);
  return created.body as { id: string; title: string };
};
let network = 0;
/** A report from a network of its own, unless one is named. */
const report = (token: string, body: Record<string, unknown>, from = `198.51.100.${(network += 1)}`) =>
  client.call('POST', '/api/reports', { token, body, headers: { 'x-forwarded-for': from } });
/** A member who has earned trust: a verified phone on an account over a week old. */
const trustedMember = async (options: Parameters<typeof sellerMember>[2] = {}) => {
  const made = await member(options);
  await server.database.db
    .update(users)
    .set({ isPhoneVerified: true, createdAt: new Date(Date.now() - (moderationLimits.trustedAfterDays + 1) * 24 * 60 * 60 * 1000) })
    .where(eq(users.id, made.user.id));
  return made;
};
const openGroups = async () => {
  const response = await client.get('/api/admin/reports?status=open', admin.token);
  expect(response.status).toBe(200);
  return response.body as { targetKind: string; targetId: string; reportId: string; reportCount: number; trustedReporterCount: number; listing: { reviewRequested: boolean } | null; reports: { reason: string; details: string | null; reporter: { id: string; isEmailVerified: boolean; isPhoneVerified: boolean } }[]; messages: { body: string }[] | null; member: { id: string; suspendedUntil: string | null; suspendedForGood: boolean } | null }[];
};
const act = (reportId: string, body: Record<string, unknown>) => client.post(`/api/admin/reports/${reportId}/actions`, body, admin.token);
const browseIds = async (query: string, token?: string) => ((await client.get(`/api/listings?${query}`, token)).body as { id: string }[]).map((listing) => listing.id);
const signIn = (who: { email: string; password: string }) => client.post('/api/auth/login', { email: who.email, password: who.password });

describe('reports', () => {
  it('takes a report once per member and thing, in the product’s words, and refuses what makes no sense', async () => {
    const seller = await member();
    const reporter = await member({ postcode: '3000' });
    const listing = await list(seller.token);

    const first = await report(reporter.token, { listingId: listing.id, reason: 'scam', details: 'Asks for a deposit by bank transfer.' });
    expect(first.status).toBe(201);
    expect(first.body.message).toBe(moderationMessages.thanks);
    const again = await report(reporter.token, { listingId: listing.id, reason: 'spam' });
    expect([again.status, again.body.message]).toEqual([409, moderationMessages.alreadyReported]);

    const refusals: [Record<string, unknown>, number, string | undefined][] = [
      [{ listingId: listing.id, reason: 'ugly' }, 400, moderationMessages.reasonRequired],
      [{ listingId: listing.id }, 400, moderationMessages.reasonRequired],
      [{ listingId: listing.id, reason: 'other', details: 'x'.repeat(1001) }, 400, moderationMessages.detailsTooLong],
      [{ reason: 'other' }, 400, moderationMessages.targetRequired],
      [{ listingId: listing.id, memberId: seller.user.id, reason: 'other' }, 400, moderationMessages.targetRequired],
      [{ listingId: '00000000-0000-0000-0000-000000000000', reason: 'other' }, 404, moderationMessages.targetNotFound],
      [{ memberId: 'not-an-id', reason: 'other' }, 404, moderationMessages.targetNotFound],
      [{ listingId: listing.id, reason: 'other', colour: 'red' }, 400, undefined],
    ];
    for (const [body, status, message] of refusals) {
      const response = await report(reporter.token, body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      if (message) expect(JSON.stringify(response.body), JSON.stringify(body)).toContain(message);
    }
    // One's own listing or account: no.
    expect((await report(seller.token, { listingId: listing.id, reason: 'spam' })).status).toBe(403);
    expect((await report(seller.token, { memberId: seller.user.id, reason: 'spam' })).status).toBe(403);
    expect((await client.post('/api/reports', { listingId: listing.id, reason: 'spam' })).status).toBe(401);
  });

  it('lets only a conversation’s two members report it, and shows the admin its messages', async () => {
    const seller = await member();
    const buyer = await member({ postcode: '3000' });
    const outsider = await member({ postcode: '3000' });
    const listing = await list(seller.token);
    const started = await client.post(`/api/listings/${listing.id}/conversations`, { message: 'Pay me first by gift card please' }, buyer.token);
    expect(started.status).toBe(201);
    const conversationId = started.body.conversation?.id ?? started.body.id ?? started.body.conversationId;
    expect(conversationId).toBeTruthy();

    expect((await report(outsider.token, { conversationId, reason: 'scam' })).status).toBe(404);
    expect((await report(seller.token, { conversationId, reason: 'scam', details: 'Wants gift cards' })).status).toBe(201);
    const group = (await openGroups()).find((entry) => entry.targetId === conversationId);
    expect(group?.targetKind).toBe('conversation');
    expect(group?.messages?.map((message) => message.body)).toEqual(['Pay me first by gift card please']);
    // The member reported is the other side, who never learns who reported them.
    expect(group?.member?.id).toBe(buyer.user.id);
    expect(JSON.stringify((await client.get(`/api/conversations/${conversationId}`, buyer.token)).body)).not.toContain('report');
    expect((await client.get('/api/admin/reports', buyer.token)).status).toBe(403);
  });

  it('hides a listing reported by three trusted members at once, pending review, and a dismissal brings it back', async () => {
    const seller = await member();
    const listing = await list(seller.token, 'Brand new phone still boxed');
    const verified = [await trustedMember({ postcode: '3000' }), await trustedMember({ postcode: '3000' })];
    const unverified = await registerMember(client);
    for (const reporter of [...verified, unverified]) expect((await report(reporter.token, { listingId: listing.id, reason: 'scam' })).status).toBe(201);
    // Two trusted reporters and one unverified: still shown.
    expect(await browseIds(`search=${encodeURIComponent('phone boxed')}`)).toContain(listing.id);

    const third = await trustedMember({ postcode: '3000' });
    expect((await report(third.token, { listingId: listing.id, reason: 'prohibited' })).status).toBe(201);
    expect(await browseIds(`search=${encodeURIComponent('phone boxed')}`)).not.toContain(listing.id);
    expect(await browseIds(`search=${encodeURIComponent('phone boxed')}`, third.token)).not.toContain(listing.id);
    // Others find nothing; the seller sees it hidden, and why; so does the admin.
    expect((await client.get(`/api/listings/${listing.id}`)).status).toBe(404);
    expect((await client.get(`/api/listings/${listing.id}`, third.token)).status).toBe(404);
    expect((await client.get(`/api/listings/${listing.id}`, seller.token)).body).toMatchObject({ id: listing.id, isActive: false, hiddenReason: 'reports' });
    expect((await client.get(`/api/listings/${listing.id}`, admin.token)).body).toMatchObject({ hiddenReason: 'reports' });
    expect((await client.get('/api/my-listings', seller.token)).body.find((mine: { id: string }) => mine.id === listing.id)).toMatchObject({ hiddenReason: 'reports' });
    expect((await client.get('/api/user/stats', seller.token)).body).toMatchObject({ activeListings: 0, soldListings: 0, hiddenListings: 1 });
    // Hidden, it can be neither listed again nor marked sold by its seller, nor saved, nor written about.
    const relist = await client.call('PATCH', `/api/listings/${listing.id}`, { token: seller.token, body: { isActive: true } });
    expect([relist.status, relist.body.message]).toEqual([409, moderationMessages.listingHiddenLocked]);
    expect((await client.call('PUT', `/api/favourites/${listing.id}`, { token: third.token })).status).toBe(404);
    expect((await client.post(`/api/listings/${listing.id}/conversations`, { message: 'Still there?' }, third.token)).status).toBe(404);

    const group = (await openGroups()).find((entry) => entry.targetId === listing.id)!;
    expect(group.reportCount).toBe(4);
    expect(group.reports.filter((entry) => entry.reporter.isEmailVerified)).toHaveLength(3);
    expect(group.trustedReporterCount).toBe(3);
    const dismissed = await act(group.reportId, { action: 'dismiss', reason: 'A genuine phone, receipt seen.' });
    expect([dismissed.status, dismissed.body.message]).toEqual([200, moderationMessages.actionDone]);
    expect(await browseIds(`search=${encodeURIComponent('phone boxed')}`)).toContain(listing.id);
    expect((await openGroups()).some((entry) => entry.targetId === listing.id)).toBe(false);
    // Every open report of it was closed by the one action: acting again is refused.
    const twice = await act(group.reportId, { action: 'dismiss', reason: 'Again' });
    expect([twice.status, twice.body.message]).toEqual([409, moderationMessages.reportClosed]);
    const log = (await client.get('/api/admin/audit-log', admin.token)).body as { action: string; details: Record<string, unknown> }[];
    expect(log.find((entry) => entry.action === 'report_dismiss' && entry.details.targetId === listing.id)).toMatchObject({ details: { reason: 'A genuine phone, receipt seen.' } });
  });
});

describe('reports from accounts that have not earned trust', () => {
  it('three throwaway accounts with a verified email cannot hide a listing: their reports wait in the queue', async () => {
    const seller = await member();
    const listing = await list(seller.token, 'Honest secondhand kayak');
    const throwaways = [await member(), await member(), await member(), await member()];
    for (const throwaway of throwaways) expect((await report(throwaway.token, { listingId: listing.id, reason: 'scam' })).status).toBe(201);
    expect(await browseIds(`search=${encodeURIComponent('secondhand kayak')}`)).toContain(listing.id);
    const group = (await openGroups()).find((entry) => entry.targetId === listing.id)!;
    expect([group.reportCount, group.trustedReporterCount]).toEqual([4, 0]);
  });

  it('counts trusted accounts on one network once, and trusts a new member who completed an exchange', async () => {
    const seller = await member();
    const listing = await list(seller.token, 'Canvas camping chair');
    // Two trusted accounts from one home network: one voice.
    const household = [await trustedMember(), await trustedMember()];
    for (const one of household) expect((await report(one.token, { listingId: listing.id, reason: 'spam' }, '203.0.113.50')).status).toBe(201);
    expect((await report((await trustedMember()).token, { listingId: listing.id, reason: 'spam' })).status).toBe(201);
    expect(await browseIds(`search=${encodeURIComponent('camping chair')}`)).toContain(listing.id);
    expect((await openGroups()).find((entry) => entry.targetId === listing.id)?.trustedReporterCount).toBe(2);

    // A member of a day, no phone, but rated by someone they traded with: trusted.
    const trader = await member();
    const tradedWith = await member();
    const sold = await list(trader.token, 'Bike pump');
    const { conversation } = (await client.post(`/api/listings/${sold.id}/conversations`, { message: "Is the pump still available?" }, tradedWith.token)).body;
    await client.post(`/api/conversations/${conversation.id}/messages`, { body: 'Yes, come by Saturday.' }, trader.token);
    expect((await client.call('PATCH', `/api/listings/${sold.id}`, { token: trader.token, body: { isActive: false, soldToConversationId: conversation.id } })).status).toBe(200);
    expect((await client.post('/api/ratings', { listingId: sold.id, stars: 5 }, tradedWith.token)).status).toBe(201);
    expect((await report(trader.token, { listingId: listing.id, reason: 'spam' })).status).toBe(201);
    expect(await browseIds(`search=${encodeURIComponent('camping chair')}`)).not.toContain(listing.id);
  });

  it('tells the seller by mail when reports hide a listing, and puts the review they ask for first in the queue', async () => {
    const seller = await member({ firstName: 'Nell' });
    const listing = await list(seller.token, 'Pine bunk beds');
    const other = await list((await member()).token, 'Pram with rain cover');
    // Another listing with more reports, none trusted.
    for (let index = 0; index < 4; index += 1) await report((await member()).token, { listingId: other.id, reason: 'spam' });
    for (let index = 0; index < 3; index += 1) await report((await trustedMember()).token, { listingId: listing.id, reason: 'prohibited' });

    const mails = await mailsTo(server, client, seller.email);
    expect(mails.map((mail) => mail.subject)).toContain(moderationMail.listingHiddenSubject('Pine bunk beds'));
    expect(mails.find((mail) => mail.subject === moderationMail.listingHiddenSubject('Pine bunk beds'))?.text).toContain('ask for a review on your dashboard');
    const mine = async () => (await client.get('/api/my-listings', seller.token)).body.find((entry: { id: string }) => entry.id === listing.id);
    expect(await mine()).toMatchObject({ hiddenReason: 'reports', reviewRequested: false });

    const asked = await client.post(`/api/my-listings/${listing.id}/review`, undefined, seller.token);
    expect([asked.status, asked.body.message]).toEqual([200, moderationMessages.reviewRequested]);
    expect((await client.post(`/api/my-listings/${listing.id}/review`, undefined, seller.token)).status).toBe(200);
    expect(await mine()).toMatchObject({ reviewRequested: true });
    const groups = await openGroups();
    expect(groups[0]).toMatchObject({ targetId: listing.id, listing: { reviewRequested: true } });
    expect(groups.findIndex((entry) => entry.targetId === other.id)).toBeGreaterThan(0);

    // Only a listing hidden by reports, and only its seller.
    const notHidden = await client.post(`/api/my-listings/${other.id}/review`, undefined, seller.token);
    expect(notHidden.status).toBe(404);
    const shown = await list(seller.token, 'Step ladder');
    const refused = await client.post(`/api/my-listings/${shown.id}/review`, undefined, seller.token);
    expect([refused.status, refused.body.code]).toEqual([409, 'REVIEW_NOT_NEEDED']);
  });
});

describe('moderation', () => {
  it('hides a listing and warns its seller by mail, with the reason', async () => {
    const seller = await member();
    const listing = await list(seller.token, 'Replica designer handbag');
    const reporter = await member({ postcode: '3000' });
    await report(reporter.token, { listingId: listing.id, reason: 'prohibited' });
    const group = (await openGroups()).find((entry) => entry.targetId === listing.id)!;

    expect((await act(group.reportId, { action: 'hide-listing' })).status).toBe(400);
    expect((await act(group.reportId, { action: 'suspend', reason: 'No days given' })).status).toBe(400);
    expect((await act(group.reportId, { action: 'suspend', days: 12, reason: 'Odd days' })).status).toBe(400);
    expect((await act(group.reportId, { action: 'remove-rating', reason: 'Not a rating' })).status).toBe(400);
    expect((await act('00000000-0000-0000-0000-000000000000', { action: 'dismiss', reason: 'Gone' })).status).toBe(404);

    expect((await act(group.reportId, { action: 'hide-listing', reason: 'Counterfeit goods are not allowed.' })).status).toBe(200);
    expect((await client.get(`/api/listings/${listing.id}`)).status).toBe(404);
    expect((await client.get(`/api/listings/${listing.id}`, seller.token)).body.hiddenReason).toBe('moderator');
    const [hiddenMail] = await mailsTo(server, client, seller.email);
    expect(hiddenMail.subject).toBe(moderationMail.listingHiddenSubject(listing.title));
    expect(hiddenMail.text).toContain('Counterfeit goods are not allowed.');

    // A warning about a member, by mail.
    await report(reporter.token, { memberId: seller.user.id, reason: 'offensive', details: 'Rude replies' });
    const memberGroup = (await openGroups()).find((entry) => entry.targetId === seller.user.id)!;
    expect((await act(memberGroup.reportId, { action: 'hide-listing', reason: 'Not a listing' })).status).toBe(400);
    expect((await act(memberGroup.reportId, { action: 'warn', reason: 'Please keep replies polite.' })).status).toBe(200);
    const [warning] = await mailsTo(server, client, seller.email);
    expect(warning.subject).toBe(moderationMail.warningSubject);
    expect(warning.text).toContain('Please keep replies polite.');
  });

  it('suspends a member: sign-in refused with the end date, sessions ended, listings out of browse, search, the map and their page; lifting restores it all', async () => {
    const seller = await member({ postcode: '3068', tier: 'connector' });
    const word = `wombat${Date.now()}`;
    const listing = await list(seller.token, `${word} rocking chair`);
    const watcher = await member({ postcode: '3068', tier: 'connector' });
    const counts = async () => ((await client.get('/api/map/listing-counts', watcher.token)).body as { postcode: string; count: number }[]).find((entry) => entry.postcode === '3068')?.count ?? 0;
    const before = await counts();
    const reporter = await member({ postcode: '3000' });
    await report(reporter.token, { listingId: listing.id, reason: 'scam' });
    const group = (await openGroups()).find((entry) => entry.targetId === listing.id)!;

    const suspended = await act(group.reportId, { action: 'suspend', days: 7, reason: 'Repeated deposit scams.' });
    expect(suspended.status).toBe(200);
    const until = (await server.database.db.select({ until: users.suspendedUntil }).from(users).where(eq(users.id, seller.user.id)))[0].until!;
    expect(Math.round((until.getTime() - Date.now()) / 86_400_000)).toBe(7);

    // Their session is over, and signing in again is refused in words that give the end date and the way to appeal.
    expect((await client.get('/api/auth/me', seller.token)).status).toBe(401);
    const refused = await signIn(seller);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'ACCOUNT_SUSPENDED', message: moderationMessages.suspendedUntil(until) });
    expect(refused.body.message).toContain(formatSuspensionEnd(until));
    expect(refused.body.message).toContain('/contact');
    // A wrong password says nothing about the suspension.
    expect((await signIn({ ...seller, password: 'not the password' })).status).toBe(401);
    const [suspensionMail] = await mailsTo(server, client, seller.email);
    expect(suspensionMail.subject).toBe(moderationMail.suspendedSubject);
    expect(suspensionMail.text).toContain('Repeated deposit scams.');

    // Their listing is gone from every public place.
    expect(await browseIds(`search=${word}`, watcher.token)).toEqual([]);
    expect(await browseIds('postcode=3068', watcher.token)).not.toContain(listing.id);
    expect(((await client.get(`/api/seller-listings/${seller.user.id}`)).body as unknown[]).length).toBe(0);
    expect(await counts()).toBe(before - 1);
    expect((await client.get(`/api/listings/${listing.id}`, watcher.token)).status).toBe(404);
    expect((await openGroups()).find((entry) => entry.member?.id === seller.user.id)).toBeUndefined();

    // The admins' member list says so too, and stops saying it once lifted.
    const listed = async () => ((await client.get(`/api/admin/users?search=${encodeURIComponent(seller.email)}`, admin.token)).body.users as { suspendedUntil: string | null; suspendedForGood: boolean }[])[0];
    expect(await listed()).toMatchObject({ suspendedUntil: until.toISOString(), suspendedForGood: false });

    // An admin cannot be suspended.
    await report(reporter.token, { memberId: admin.user.id, reason: 'other' });
    const adminGroup = (await openGroups()).find((entry) => entry.targetId === admin.user.id)!;
    expect((await act(adminGroup.reportId, { action: 'suspend', days: null, reason: 'No' })).status).toBe(403);

    // Lifted: sign-in works, the listing is back everywhere.
    expect((await client.call('DELETE', `/api/admin/members/${seller.user.id}/suspension`, { token: reporter.token })).status).toBe(403);
    const lifted = await client.call('DELETE', `/api/admin/members/${seller.user.id}/suspension`, { token: admin.token });
    expect([lifted.status, lifted.body.message]).toEqual([200, moderationMessages.suspensionLifted]);
    expect((await client.call('DELETE', `/api/admin/members/${seller.user.id}/suspension`, { token: admin.token })).status).toBe(409);
    expect(await listed()).toMatchObject({ suspendedUntil: null, suspendedForGood: false });
    const back = await signIn(seller);
    expect(back.status).toBe(200);
    expect(await browseIds(`search=${word}`, watcher.token)).toEqual([listing.id]);
    expect(await counts()).toBe(before);
    expect((await client.get(`/api/listings/${listing.id}`, back.body.token)).body).toMatchObject({ isActive: true, hiddenReason: null });
    const log = (await client.get('/api/admin/audit-log', admin.token)).body as { action: string }[];
    expect(log.map((entry) => entry.action)).toEqual(expect.arrayContaining(['report_suspend', 'lift_suspension']));
  });

  it('refuses a member suspended for good in words without a date, and lifts a suspension whose end has passed when they sign in', async () => {
    const seller = await member();
    const listing = await list(seller.token);
    const reporter = await member({ postcode: '3000' });
    await report(reporter.token, { memberId: seller.user.id, reason: 'scam' });
    const group = (await openGroups()).find((entry) => entry.targetId === seller.user.id)!;
    expect((await act(group.reportId, { action: 'suspend', days: null, reason: 'Stolen goods.' })).status).toBe(200);
    const refused = await signIn(seller);
    expect([refused.status, refused.body.message]).toEqual([403, moderationMessages.suspendedForGood]);
    // A password reset does not get round it.
    await client.post('/api/auth/reset-password-request', { email: seller.email });
    const code = /\b(\d{6})\b/.exec((await mailsTo(server, client, seller.email)).find((mail) => /\b\d{6}\b/.test(mail.text))!.text)![1];
    const reset = await client.post('/api/auth/reset-password-confirm', { email: seller.email, code, password: 'a brand new password' });
    expect([reset.status, reset.body.code]).toEqual([403, 'ACCOUNT_SUSPENDED']);

    // Made a 7-day suspension that ended yesterday: the next sign-in lifts it and brings the listing back.
    await server.database.db.update(users).set({ suspendedUntil: new Date(Date.now() - 86_400_000) }).where(eq(users.id, seller.user.id));
    const back = await signIn(seller);
    expect(back.status).toBe(200);
    expect((await client.get(`/api/listings/${listing.id}`)).body).toMatchObject({ isActive: true, hiddenReason: null });
  });

  it('lifts suspensions whose end has passed in the hourly upkeep, listings and all', async () => {
    const seller = await member();
    const listing = await list(seller.token, 'Hardwood chopping board');
    const reporter = await member({ postcode: '3000' });
    await report(reporter.token, { listingId: listing.id, reason: 'spam' });
    const group = (await openGroups()).find((entry) => entry.targetId === listing.id)!;
    expect((await act(group.reportId, { action: 'suspend', days: 7, reason: 'Spam listings.' })).status).toBe(200);
    expect(await liftEndedSuspensions(server.deps)).toBe(0);
    expect((await client.get(`/api/listings/${listing.id}`)).status).toBe(404);
    await server.database.db.update(users).set({ suspendedUntil: new Date(Date.now() - 60_000) }).where(eq(users.id, seller.user.id));
    expect(await liftEndedSuspensions(server.deps)).toBe(1);
    expect((await client.get(`/api/listings/${listing.id}`)).body).toMatchObject({ isActive: true, hiddenReason: null });
    expect((await signIn(seller)).status).toBe(200);
  });
});
