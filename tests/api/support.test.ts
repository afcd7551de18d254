// Support by plan (decision 32): the contact form's messages wait in the admins' support inbox, in
// the order the plans promise, and an admin's reply reaches the sender by mail and, for a member, on
// their account. Attacked as a member with throwaway accounts would: flooding, jumping the queue,
// reading another's messages, HTML in a message.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '../../src/domain/errors';
import { supportMessages, supportReplySubject, supportRequestReceived, visitorRequestReceived } from '../../src/domain/support';
import type { AdminSupportRequest, MemberSupportRequest } from '../../src/domain/support-schemas';
import type { MembershipTier } from '../../src/domain/tiers';
import { mailsTo, registerMember, sellerMember, uniqueEmail, verifyEmailOf } from './support/factories';
import { useTestServer } from './support/use-test-server';

const adminEmail = 'helpdesk@example.com';

describe('the support inbox', () => {
  const { server, client } = useTestServer({ ADMIN_EMAILS: adminEmail });
  let admin: Awaited<ReturnType<typeof registerMember>>;

  beforeAll(async () => {
    admin = await registerMember(client, { email: adminEmail, firstName: 'Hana' });
    await verifyEmailOf(client, admin);
  });

  const memberOn = (tier: MembershipTier) => sellerMember(client, server.database.db, { tier });
  const write = (from: { token?: string; name: string; email: string }, message: string, extra: Record<string, unknown> = {}) =>
    client.call('POST', '/api/contact', { token: from.token, body: { name: from.name, email: from.email, message, ...extra } });
  const inbox = async (): Promise<AdminSupportRequest[]> => {
    const response = await client.get('/api/admin/support', admin.token);
    expect(response.status).toBe(200);
    return response.body;
  };
  const mine = async (token: string): Promise<MemberSupportRequest[]> => {
    const response = await client.get('/api/support', token);
    expect(response.status).toBe(200);
    return response.body;
  };

  it('keeps each message, open first: Connector and Lifetime before Explorer before Starter and visitors, then the oldest', async () => {
    const tag = randomUUID().slice(0, 8);
    const [starter, explorer, connector, lifetime, secondExplorer] = await Promise.all([
      memberOn('starter'),
      memberOn('explorer'),
      memberOn('connector'),
      memberOn('lifetime'),
      memberOn('explorer'),
    ]);
    const visitor = { name: 'Val Visitor', email: uniqueEmail('visitor') };
    const senders = [
      { who: 'visitor', from: visitor },
      { who: 'starter', from: { ...starter, name: 'Sam Starter' } },
      { who: 'explorer', from: { ...explorer, name: 'Eve Explorer' } },
      { who: 'connector', from: { ...connector, name: 'Cal Connector' } },
      { who: 'lifetime', from: { ...lifetime, name: 'Liv Lifetime' } },
      { who: 'second explorer', from: { ...secondExplorer, name: 'Ed Explorer' } },
    ];
    for (const sender of senders) expect((await write(sender.from, `Question from the ${sender.who} (${tag})`)).status).toBe(200);

    const ours = (await inbox()).filter((request) => request.message.endsWith(`(${tag})`));
    expect(ours.map((request) => request.message.replace(/^Question from the (.*) \(.*$/, '$1'))).toEqual([
      'connector',
      'lifetime',
      'explorer',
      'second explorer',
      'visitor',
      'starter',
    ]);
    expect(ours.map((request) => [request.membershipTier, request.supportLevel, request.status])).toEqual([
      ['connector', 'priority', 'open'],
      ['lifetime', 'priority', 'open'],
      ['explorer', 'email', 'open'],
      ['explorer', 'email', 'open'],
      [null, 'community', 'open'],
      ['starter', 'community', 'open'],
    ]);
    expect(ours[0]).toMatchObject({ memberId: connector.user.id, email: connector.email, name: 'Cal Connector', replies: [], answeredAt: null });
    expect(ours[4]).toMatchObject({ memberId: null, email: visitor.email });

    // Answered, the Connector's message goes below every open one.
    expect((await client.post(`/api/admin/support/${ours[0].id}/reply`, { message: 'Sorted, thanks.' }, admin.token)).status).toBe(200);
    const after = await inbox();
    const answeredAt = after.findIndex((request) => request.id === ours[0].id);
    expect(after[answeredAt].status).toBe('answered');
    expect(after.slice(0, answeredAt).every((request) => request.status === 'open')).toBe(true);
    expect(after.slice(answeredAt).every((request) => request.status === 'answered')).toBe(true);
    expect(after.filter((request) => request.message.endsWith(`(${tag})`) && request.status === 'open').map((request) => request.memberId)).toEqual([
      lifetime.user.id,
      explorer.user.id,
      secondExplorer.user.id,
      null,
      starter.user.id,
    ]);
  });

  it('tells each sender the reply time of their own plan, and the admins which support the message gets', async () => {
    const connector = await memberOn('connector');
    const explorer = await memberOn('explorer');
    const sent = await write({ ...connector, name: 'Cal Connector' }, 'When does my pinned post show?');
    expect(sent.body).toEqual({ message: supportRequestReceived({ level: 'priority', signedIn: true }) });
    expect((await write({ ...explorer, name: 'Eve Explorer' }, 'How do I change my suburb?')).body).toEqual({ message: supportRequestReceived({ level: 'email', signedIn: true }) });
    expect((await write({ name: 'Val', email: uniqueEmail('visitor') }, 'Is there a fee to join?')).body).toEqual({ message: visitorRequestReceived });

    const notice = (await mailsTo(server, client, adminEmail)).find((mail) => mail.text.includes('When does my pinned post show?'));
    expect(notice?.subject).toContain('Priority support: Cal Connector');
    expect(notice?.text).toContain(`${connector.email}> (Connector member)`);
    expect(notice?.text).toContain('/admin#support-inbox');
  });

  it('reads the plan from the account, never from the request', async () => {
    const starter = await memberOn('starter');
    const connector = await memberOn('connector');
    const tag = randomUUID().slice(0, 8);
    // A Starter who says they are on Connector, with a Connector's email, is a Starter writing from their own address.
    const jump = await write({ token: starter.token, name: 'Sam', email: connector.email }, `Please answer me first (${tag})`, {
      membershipTier: 'connector',
      supportLevel: 'priority',
      queueRank: 0,
      memberId: connector.user.id,
    });
    expect(jump.status).toBe(200);
    expect(jump.body.message).toBe(supportRequestReceived({ level: 'community', signedIn: true }));
    // A visitor who gives a Connector's email is a visitor.
    expect((await write({ name: 'Not Cal', email: connector.email }, `I am Cal, honest (${tag})`, { membershipTier: 'connector' })).status).toBe(200);

    const ours = (await inbox()).filter((request) => request.message.endsWith(`(${tag})`));
    expect(ours.map((request) => [request.memberId, request.membershipTier, request.supportLevel, request.email])).toEqual([
      [starter.user.id, 'starter', 'community', starter.email],
      [null, null, 'community', connector.email],
    ]);
    // Neither shows on the Connector's account.
    expect((await mine(connector.token)).filter((request) => request.message.endsWith(`(${tag})`))).toEqual([]);
  });

  it("sends an admin's reply to the member by mail and shows it on their account; the message is answered and the reply audit-logged", async () => {
    const member = await memberOn('explorer');
    const message = `My listing shows the wrong suburb. ${randomUUID().slice(0, 8)}`;
    await write({ ...member, name: 'Eve Explorer' }, message);
    const [waiting] = await mine(member.token);
    expect(waiting).toMatchObject({ message, supportLevel: 'email', status: 'open', replies: [] });

    const reply = 'Fixed: your listing now shows Northcote.\nThanks for telling us.';
    const answered = await client.post(`/api/admin/support/${waiting.id}/reply`, { message: `  ${reply}  ` }, admin.token);
    expect(answered.status).toBe(200);
    expect(answered.body.message).toBe(`Your reply is on its way to ${member.email}.`);
    expect(answered.body.request).toMatchObject({ id: waiting.id, status: 'answered', replies: [{ message: reply, adminEmail }] });

    const [mail] = await mailsTo(server, client, member.email);
    expect(mail.subject).toBe(supportReplySubject('Neighbourly'));
    expect(mail.text).toContain(reply);
    expect(mail.text).toContain(`> ${message}`);
    expect(mail.text).toContain('/account');

    const [shown] = await mine(member.token);
    expect(shown).toMatchObject({ id: waiting.id, status: 'answered', replies: [{ message: reply }] });

    const log = await client.get('/api/admin/audit-log', admin.token);
    expect(log.body[0]).toMatchObject({ action: 'reply_support', actorEmail: adminEmail, targetEmail: member.email, details: { requestId: waiting.id, email: member.email } });
  });

  it('answers a visitor by mail only', async () => {
    const visitor = { name: 'Val Visitor', email: uniqueEmail('visitor') };
    const message = `Can I join from Hobart? ${randomUUID().slice(0, 8)}`;
    await write(visitor, message);
    const request = (await inbox()).find((entry) => entry.message === message)!;
    expect((await client.post(`/api/admin/support/${request.id}/reply`, { message: 'Yes, anywhere in Australia.' }, admin.token)).status).toBe(200);
    const [mail] = await mailsTo(server, client, visitor.email);
    expect(mail.text).toContain('Yes, anywhere in Australia.');
    expect(mail.text).not.toContain('/account');
  });

  it("shows a member only their own messages, and a visitor none", async () => {
    const first = await memberOn('explorer');
    const second = await memberOn('explorer');
    await write({ ...first, name: 'First' }, 'A question only I should see.');
    expect((await mine(first.token)).map((request) => request.message)).toEqual(['A question only I should see.']);
    expect(await mine(second.token)).toEqual([]);
    expect((await client.get('/api/support')).status).toBe(401);
  });

  it('keeps HTML in a message as the text it is, in the inbox and on the account', async () => {
    const member = await memberOn('starter');
    const html = '<img src=x onerror="alert(1)"> <b>bold</b> & <script>steal()</script>';
    expect((await write({ ...member, name: 'Hax <b>' }, html)).status).toBe(200);
    expect((await mine(member.token))[0].message).toBe(html);
    const request = (await inbox()).find((entry) => entry.memberId === member.user.id)!;
    expect(request).toMatchObject({ message: html, name: 'Hax <b>' });
  });

  it('refuses an empty reply, and a reply to a message that does not exist, in words', async () => {
    const message = `Empty reply test ${randomUUID().slice(0, 8)}`;
    await write({ name: 'Val', email: uniqueEmail('visitor') }, message);
    const request = (await inbox()).find((entry) => entry.message === message)!;
    const empty = await client.post(`/api/admin/support/${request.id}/reply`, { message: '   ' }, admin.token);
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: [{ path: 'message', message: supportMessages.replyRequired }] });
    for (const id of ['00000000-0000-0000-0000-000000000000', 'not-an-id']) {
      const missing = await client.post(`/api/admin/support/${id}/reply`, { message: 'Hello' }, admin.token);
      expect([missing.status, missing.body]).toEqual([404, { code: 'SUPPORT_REQUEST_NOT_FOUND', message: supportMessages.requestNotFound }]);
    }
    expect((await inbox()).find((entry) => entry.id === request.id)?.status).toBe('open');
  });
});

describe('flooding the support inbox', () => {
  // Behind one proxy, X-Forwarded-For names the client, so one test can write from any number of places.
  const { server, client } = useTestServer({ RATE_LIMIT_MULTIPLIER: '1', TRUST_PROXY: '1' });
  const writeFrom = (address: string, token: string | undefined, message: string) =>
    client.call('POST', '/api/contact', { token, headers: { 'x-forwarded-for': address }, body: { name: 'Flo', email: uniqueEmail('flood'), message } });

  it('takes 5 an hour from one member, whatever address they write from', async () => {
    const member = await sellerMember(client, server.database.db, { tier: 'connector' });
    const statuses = [];
    for (let index = 1; index <= 6; index += 1) statuses.push((await writeFrom(`198.51.100.${index}`, member.token, `Message number ${index} from me`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('takes 5 an hour from one address, whatever throwaway accounts write from it', async () => {
    const accounts = [];
    for (let index = 0; index < 6; index += 1) accounts.push(await registerMember(client));
    const answers = [];
    for (const account of accounts) answers.push(await writeFrom('203.0.113.77', account.token, 'Another throwaway question'));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers[5].body).toEqual({ code: 'RATE_LIMITED', message: errorMessages.rateLimited });
    // A visitor from that address is held too.
    expect((await writeFrom('203.0.113.77', undefined, 'And one as a visitor')).status).toBe(429);
  });
});
