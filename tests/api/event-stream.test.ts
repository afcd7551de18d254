// The live part of conversations (decision 15) on the real HTTP server: a tab's ticket, the event
// stream (GET /api/events, Server-Sent Events), what arrives on it and when, replay on reconnect,
// the end of a stream whose session signed out, and the caps on open streams (decision 27).
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { eventStreamLimits, eventStreamMessages, replacedStreamEvent } from '../../src/domain/event-streams';
import { messages } from '../../src/server/db/schema';
import { issueEventTicket } from '../../src/server/events/event-tickets';
import { expectEventStream, openEventStream, type OpenedStream, type StreamEvent } from './support/event-stream-client';
import { registerMember, sellerMember, validListing } from './support/factories';
import { createClient } from './support/http-client';
import { startTestServer } from './support/test-server';
import { useTestServer } from './support/use-test-server';

/** Streams check their session this often here (60 s by default), so a sign-out shows within a test. */
const sessionCheckMs = 300;
const { server, client } = useTestServer({ EVENT_SESSION_CHECK_MS: String(sessionCheckMs) });

type Member = Awaited<ReturnType<typeof sellerMember>>;

const opened: OpenedStream[] = [];
afterEach(() => {
  for (const stream of opened.splice(0)) stream.close();
});

async function ticketFor(member: Member): Promise<string> {
  const response = await client.post('/api/events/ticket', undefined, member.token);
  if (response.status !== 200) throw new Error(`ticket: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.ticket;
}

async function listen(member: Member, headers: Record<string, string> = {}): Promise<OpenedStream> {
  const stream = await expectEventStream(`${server.baseUrl}/api/events?ticket=${encodeURIComponent(await ticketFor(member))}`, headers);
  opened.push(stream);
  await stream.waitFor((event) => event.event === 'ready');
  return stream;
}

/** A seller, a buyer and the conversation the buyer started. */
async function conversationBetween() {
  const seller = await sellerMember(client, server.database.db, { tier: 'connector', firstName: 'Sally' });
  const buyer = await sellerMember(client, server.database.db, { tier: 'connector', firstName: 'Ben' });
  const listingId = (await client.post('/api/listings', validListing, seller.token)).body.id as string;
  const started = await client.post(`/api/listings/${listingId}/conversations`, { message: 'Is the record player still available?' }, buyer.token);
  if (started.status !== 201) throw new Error(`start: ${started.status} ${JSON.stringify(started.body)}`);
  return { seller, buyer, listingId, conversationId: started.body.conversation.id as string, firstMessageId: started.body.message.id as string };
}

async function send(member: Member, conversationId: string, body: string): Promise<{ id: string; sentAt: number }> {
  const sentAt = Date.now();
  const response = await client.post(`/api/conversations/${conversationId}/messages`, { body }, member.token);
  if (response.status !== 201) throw new Error(`send: ${response.status} ${JSON.stringify(response.body)}`);
  return { id: response.body.id, sentAt };
}

/** The promise's value, or a failure once `ms` have passed. */
async function within<T>(promise: Promise<T>, ms: number, failure: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(failure)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

const isMessage = (id: string) => (event: StreamEvent) => event.event === 'message' && event.id === id;
const messageIds = (events: StreamEvent[]) => events.filter((event) => event.event === 'message').map((event) => event.id);

describe('tickets', () => {
  it('gives a signed-in tab a one-minute ticket, and a visitor none', async () => {
    const member = await sellerMember(client, server.database.db);
    const response = await client.post('/api/events/ticket', undefined, member.token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ticket: expect.any(String), expiresAt: expect.any(String) });
    const lifetime = new Date(response.body.expiresAt).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(50_000);
    expect(lifetime).toBeLessThanOrEqual(60_000);
    // The ticket never carries the session token.
    expect(response.body.ticket).not.toContain(member.token);
    expect((await client.post('/api/events/ticket')).status).toBe(401);
  });

  it('refuses a stream without a ticket, or with a forged or expired one, at once with 401 EVENT_TICKET_INVALID', async () => {
    const member = await sellerMember(client, server.database.db);
    const ticket = await ticketFor(member);
    const [sessionId, expires, id, signature] = ticket.split('.');
    const forged = [
      '',
      'not-a-ticket',
      `${sessionId}.${expires}.${id}.not-the-signature`,
      `${sessionId}.${Number(expires) + 3_600_000}.${id}.${signature}`,
      // Another id under the same signature: a used ticket cannot be made new.
      `${sessionId}.${expires}.${randomUUID()}.${signature}`,
      issueEventTicket('some other secret entirely', { sessionId, now: new Date() }).ticket,
    ];
    const expired = issueEventTicket(server.config.appSecret, { sessionId, now: new Date(Date.now() - 61_000) }).ticket;
    const urls = ['/api/events', ...[...forged, expired].map((value) => `/api/events?ticket=${encodeURIComponent(value)}`)];
    for (const url of urls) {
      const began = Date.now();
      const answer = await openEventStream(`${server.baseUrl}${url}`);
      expect(answer.refused, url).toBeDefined();
      expect(answer.refused!.status, url).toBe(401);
      expect(answer.refused!.headers.get('content-type')).toContain('application/json');
      expect(answer.refused!.body).toEqual({ code: 'EVENT_TICKET_INVALID', message: expect.any(String) });
      expect(Date.now() - began).toBeLessThan(2_000);
    }
    // The session token itself is no ticket.
    expect((await openEventStream(`${server.baseUrl}/api/events?ticket=${encodeURIComponent(member.token)}`)).refused?.status).toBe(401);
    // A good ticket of a session that has signed out is refused too.
    expect((await client.post('/api/auth/logout', undefined, member.token)).status).toBe(204);
    expect((await openEventStream(`${server.baseUrl}/api/events?ticket=${encodeURIComponent(ticket)}`)).refused).toMatchObject({ status: 401, body: { code: 'EVENT_TICKET_INVALID' } });
  });
});

describe('the event stream', () => {
  it('starts with ready, then brings the other member’s message within a second, with the message id as the event id', async () => {
    const { seller, buyer, conversationId } = await conversationBetween();
    const stream = await listen(buyer);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.events[0]).toMatchObject({ event: 'ready', data: { memberId: buyer.user.id } });

    const sent = await send(seller, conversationId, 'Yes, still available!');
    const arrived = await stream.waitFor(isMessage(sent.id), { timeoutMs: 1_000 });
    expect(arrived.receivedAt - sent.sentAt).toBeLessThan(1_000);
    expect(arrived.data).toMatchObject({
      type: 'message',
      message: { id: sent.id, conversationId, senderId: seller.user.id, body: 'Yes, still available!', safetyTip: null },
    });
  });

  it('works with a bearer token too, and the sender’s own tabs hear of their message', async () => {
    const { seller, buyer, conversationId } = await conversationBetween();
    const stream = await expectEventStream(`${server.baseUrl}/api/events`, { authorization: `Bearer ${seller.token}` });
    opened.push(stream);
    await stream.waitFor((event) => event.event === 'ready');
    const sent = await send(seller, conversationId, 'Sent from my other tab');
    await stream.waitFor(isMessage(sent.id), { timeoutMs: 1_000 });
    const fromBuyer = await send(buyer, conversationId, 'Thanks!');
    await stream.waitFor(isMessage(fromBuyer.id), { timeoutMs: 1_000 });
  });

  it('tells the writer when the other member has read, and nobody else hears any of it', async () => {
    const { seller, buyer, conversationId, firstMessageId } = await conversationBetween();
    const outsider = await sellerMember(client, server.database.db);
    const buyerStream = await listen(buyer);
    const outsiderStream = await listen(outsider);

    expect((await client.post(`/api/conversations/${conversationId}/read`, undefined, seller.token)).status).toBe(204);
    const read = await buyerStream.waitFor((event) => event.event === 'read', { timeoutMs: 1_000 });
    expect(read.id).toBeUndefined();
    expect(read.data).toEqual({ type: 'read', conversationId, readerId: seller.user.id, upToMessageId: firstMessageId });

    const reply = await send(seller, conversationId, 'Yes it is');
    await buyerStream.waitFor(isMessage(reply.id), { timeoutMs: 1_000 });
    // The listing sold: the conversation changed.
    const listingId = (await client.get(`/api/conversations/${conversationId}`, buyer.token)).body.listing.id;
    expect((await client.call('PATCH', `/api/listings/${listingId}`, { token: seller.token, body: { isActive: false, soldToConversationId: conversationId } })).status).toBe(200);
    await buyerStream.waitFor((event) => event.event === 'conversation' && event.data.conversationId === conversationId, { timeoutMs: 1_000 });

    expect(outsiderStream.events.map((event) => event.event)).toEqual(['ready']);
  });

  it('replays on reconnect what came after Last-Event-ID, plus the last ten seconds (decision 15), once each and in order', async () => {
    const { seller, buyer, conversationId, firstMessageId } = await conversationBetween();
    const first = await listen(buyer);
    const m1 = await send(seller, conversationId, 'One');
    const m2 = await send(seller, conversationId, 'Two');
    const m3 = await send(seller, conversationId, 'Three');
    await first.waitFor(isMessage(m3.id), { timeoutMs: 1_000 });
    first.close();
    // Away for a while: what came before m3 is now older than the ten-second window.
    await server.database.db
      .update(messages)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(inArray(messages.id, [Number(firstMessageId), Number(m1.id), Number(m2.id)]));
    const m4 = await send(seller, conversationId, 'Four (while you were away)');
    const m5 = await send(buyer, conversationId, 'Five (from my phone)');

    // Back from m2: after it come m3 (within the window anyway), m4 and m5; nothing older.
    const fromM2 = await listen(buyer, { 'last-event-id': m2.id });
    await fromM2.waitFor(isMessage(m5.id), { timeoutMs: 1_000 });
    const live = await send(seller, conversationId, 'Six, live');
    await fromM2.waitFor(isMessage(live.id), { timeoutMs: 1_000 });
    expect(messageIds(fromM2.events)).toEqual([m3.id, m4.id, m5.id, live.id]);
    expect(fromM2.events[0].event).toBe('ready');

    // Back from m3: m3 itself is of the last ten seconds, so it comes again (the page drops the repeat by id); m1, m2 do not.
    const fromM3 = await listen(buyer, { 'last-event-id': m3.id });
    await fromM3.waitFor(isMessage(live.id), { timeoutMs: 1_000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(messageIds(fromM3.events)).toEqual([m3.id, m4.id, m5.id, live.id]);

    // A fresh stream (no Last-Event-ID) replays nothing; nor does one whose Last-Event-ID is no message id.
    for (const headers of [{}, { 'last-event-id': 'yesterday' }] as Record<string, string>[]) {
      const fresh = await listen(buyer, headers);
      const next = await send(seller, conversationId, 'Seven');
      await fresh.waitFor(isMessage(next.id), { timeoutMs: 1_000 });
      expect(messageIds(fresh.events)).toEqual([next.id]);
    }
  });

  it('ends a stream whose session signed out within the session check, and keeps the member’s other sessions’ streams', async () => {
    const { seller, buyer, conversationId } = await conversationBetween();
    const signingOut = await listen(buyer);
    const secondSession = await client.post('/api/auth/login', { email: buyer.email, password: buyer.password });
    expect(secondSession.status).toBe(200);
    const staying = await listen({ ...buyer, token: secondSession.body.token });

    const signedOutAt = Date.now();
    expect((await client.post('/api/auth/logout', undefined, buyer.token)).status).toBe(204);
    const endedAt = await within(signingOut.ended, 4 * sessionCheckMs + 2_000, 'the signed-out stream did not end');
    expect(endedAt - signedOutAt).toBeLessThan(2 * sessionCheckMs + 1_000);

    const later = await send(seller, conversationId, 'Still there?');
    await staying.waitFor(isMessage(later.id), { timeoutMs: 1_000 });
    expect(staying.hasEnded()).toBe(false);
    expect(messageIds(signingOut.events)).not.toContain(later.id);
  });

  it('stops sending to a tab that has gone, and holds no listener for it', async () => {
    const { seller, buyer, conversationId } = await conversationBetween();
    const before = server.deps.memberEvents.openStreams;
    const stream = await listen(buyer);
    expect(server.deps.memberEvents.openStreams).toBe(before + 1);
    stream.close();
    const deadline = Date.now() + 2_000;
    while (server.deps.memberEvents.openStreams > before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.deps.memberEvents.openStreams).toBe(before);
    expect((await send(seller, conversationId, 'Anyone?')).id).toEqual(expect.any(String));
  });
});

describe('a server that is shutting down (SIGTERM)', () => {
  it('ends its open streams at once, so its drain is not held open by them', async () => {
    const closing = await startTestServer();
    const closingClient = createClient(closing.baseUrl);
    const member = await sellerMember(closingClient, closing.database.db);
    const ticket = (await closingClient.post('/api/events/ticket', undefined, member.token)).body.ticket as string;
    const stream = await expectEventStream(`${closing.baseUrl}/api/events?ticket=${encodeURIComponent(ticket)}`);
    opened.push(stream);
    await stream.waitFor((event) => event.event === 'ready');

    const startedAt = Date.now();
    await within(closing.close(), 5_000, 'the server did not finish closing while a stream was open');
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    expect(await within(stream.ended, 1_000, 'the stream did not end')).toBeGreaterThanOrEqual(startedAt);
  });
});

describe('caps on open streams (decision 27)', () => {
  /** A stream opened with the member's bearer token (no ticket needed), once it is ready. */
  async function listenWithToken(baseUrl: string, token: string): Promise<OpenedStream> {
    const stream = await expectEventStream(`${baseUrl}/api/events`, { authorization: `Bearer ${token}` });
    opened.push(stream);
    await stream.waitFor((event) => event.event === 'ready');
    return stream;
  }

  it('a ticket opens one stream: the same ticket again, while it is open, after it closed or many at once, is refused with 401 EVENT_TICKET_INVALID', async () => {
    const member = await sellerMember(client, server.database.db);
    const refusal = { status: 401, body: { code: 'EVENT_TICKET_INVALID', message: eventStreamMessages.ticketInvalid } };
    const url = (ticket: string) => `${server.baseUrl}/api/events?ticket=${encodeURIComponent(ticket)}`;

    const ticket = await ticketFor(member);
    const first = await expectEventStream(url(ticket));
    opened.push(first);
    await first.waitFor((event) => event.event === 'ready');
    expect((await openEventStream(url(ticket))).refused).toMatchObject(refusal);
    first.close();
    await first.ended;
    expect((await openEventStream(url(ticket))).refused).toMatchObject(refusal);

    // Ten streams at once with one fresh ticket: one is served.
    const shared = await ticketFor(member);
    const answers = await Promise.all(Array.from({ length: 10 }, () => openEventStream(url(shared))));
    for (const answer of answers) if (answer.stream) opened.push(answer.stream);
    expect(answers.filter((answer) => answer.stream)).toHaveLength(1);
    expect(answers.filter((answer) => answer.refused).map((answer) => answer.refused)).toEqual(Array(9).fill(expect.objectContaining(refusal)));

    // A fresh ticket still opens a stream.
    await listen(member);
  });

  it(`a member holds at most ${eventStreamLimits.perMember} streams: one more (by bearer token) replaces the oldest, which is told so and ends`, async () => {
    const { seller, buyer, conversationId } = await conversationBetween();
    const before = server.deps.memberEvents.openStreams;
    const streams: OpenedStream[] = [];
    for (let index = 0; index < eventStreamLimits.perMember; index += 1) streams.push(await listenWithToken(server.baseUrl, buyer.token));
    expect(server.deps.memberEvents.openStreams).toBe(before + eventStreamLimits.perMember);

    // Twice the cap more: each new one ends the oldest still open.
    for (let index = 0; index < 2 * eventStreamLimits.perMember; index += 1) {
      const oldest = streams[index];
      const newest = await listenWithToken(server.baseUrl, buyer.token);
      streams.push(newest);
      await oldest.waitFor((event) => event.event === replacedStreamEvent, { timeoutMs: 1_000 });
      await within(oldest.ended, 1_000, 'the replaced stream did not end');
    }
    const kept = streams.slice(-eventStreamLimits.perMember);
    expect(kept.map((stream) => stream.hasEnded())).toEqual(Array(eventStreamLimits.perMember).fill(false));
    await expect.poll(() => server.deps.memberEvents.openStreams).toBe(before + eventStreamLimits.perMember);

    // The kept ones still hear everything; the replaced ones heard nothing more.
    const sent = await send(seller, conversationId, 'Which tab gets this?');
    for (const stream of kept) await stream.waitFor(isMessage(sent.id), { timeoutMs: 1_000 });
    for (const stream of streams.slice(0, -eventStreamLimits.perMember)) expect(messageIds(stream.events)).not.toContain(sent.id);
  });

  it(`an address holds at most ${eventStreamLimits.perAddress} streams: past it a new one is refused with 429 EVENT_STREAM_LIMIT_REACHED, while a member at their own cap still replaces their oldest`, async () => {
    // A server of its own: its count of this address starts at nothing, and other tests' streams do not count.
    const own = await startTestServer();
    try {
      const ownClient = createClient(own.baseUrl);
      const members: Member[] = [];
      const streamsOf = new Map<string, OpenedStream[]>();
      let open = 0;
      while (open < eventStreamLimits.perAddress) {
        const member = await registerMember(ownClient);
        members.push(member as Member);
        const count = Math.min(eventStreamLimits.perMember, eventStreamLimits.perAddress - open);
        const streams = await Promise.all(Array.from({ length: count }, () => listenWithToken(own.baseUrl, member.token)));
        streamsOf.set(member.token, streams);
        open += count;
      }
      expect(own.deps.memberEvents.openStreams).toBe(eventStreamLimits.perAddress);

      const refusal = { status: 429, body: { code: 'EVENT_STREAM_LIMIT_REACHED', message: eventStreamMessages.tooManyStreams } };
      const newcomer = await registerMember(ownClient);
      expect((await openEventStream(`${own.baseUrl}/api/events`, { authorization: `Bearer ${newcomer.token}` })).refused).toMatchObject(refusal);
      const ticket = (await ownClient.post('/api/events/ticket', undefined, newcomer.token)).body.ticket as string;
      expect((await openEventStream(`${own.baseUrl}/api/events?ticket=${encodeURIComponent(ticket)}`)).refused).toMatchObject(refusal);
      // Many at once do not slip in together.
      const burst = await Promise.all(Array.from({ length: 5 }, () => openEventStream(`${own.baseUrl}/api/events`, { authorization: `Bearer ${newcomer.token}` })));
      expect(burst.map((answer) => answer.refused?.status)).toEqual(Array(5).fill(429));
      expect(own.deps.memberEvents.openStreams).toBe(eventStreamLimits.perAddress);

      // The first member holds their whole cap here: their new stream takes the place of their oldest.
      const [first] = members;
      const firstStreams = streamsOf.get(first.token)!;
      expect(firstStreams).toHaveLength(eventStreamLimits.perMember);
      await listenWithToken(own.baseUrl, first.token);
      await firstStreams[0].waitFor((event) => event.event === replacedStreamEvent, { timeoutMs: 1_000 });
      await expect.poll(() => own.deps.memberEvents.openStreams).toBe(eventStreamLimits.perAddress);

      // A stream closed makes room for one more.
      streamsOf.get(members[1].token)![0].close();
      await expect.poll(() => own.deps.memberEvents.openStreams).toBe(eventStreamLimits.perAddress - 1);
      await listenWithToken(own.baseUrl, newcomer.token);
    } finally {
      for (const stream of opened.splice(0)) stream.close();
      await own.close();
    }
  });
});
