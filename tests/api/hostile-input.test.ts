// Random and malformed input thrown at every API route: the answer is never a 500, and nothing
// already saved changes.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { sellerMember, validListing } from './support/factories';
import { useTestServer } from './support/use-test-server';

const { server, client } = useTestServer();
let token: string;
let listingId: string;

beforeAll(async () => {
  const seller = await sellerMember(client, server.database.db, { tier: 'connector' });
  token = seller.token;
  listingId = (await client.post('/api/listings', validListing, token)).body.id;
});

const jsonValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.record({
    email: fc.oneof(fc.string(), fc.emailAddress(), fc.integer()),
    password: fc.oneof(fc.string({ maxLength: 200 }), fc.constant(null)),
    title: fc.oneof(fc.string({ maxLength: 300 }), fc.constant('<script>alert(1)</script>')),
    price: fc.oneof(fc.string(), fc.double(), fc.constant('1e400'), fc.constant('-0')),
    code: fc.oneof(fc.string({ maxLength: 10 }), fc.nat()),
    tier: fc.oneof(fc.constantFrom('starter', 'lifetime', 'admin', '__proto__'), fc.string()),
    imageUrls: fc.array(fc.string(), { maxLength: 12 }),
    postcode: fc.string({ maxLength: 6 }),
    listingId: fc.oneof(fc.uuid(), fc.string()),
  }, { requiredKeys: [] }),
);

/**
 * One call, answered with its status. The event stream answers a signed-in caller with a stream
 * that never ends: its status and headers are the answer, and the stream is let go.
 */
async function statusOf(method: string, url: string, init: { token?: string; headers?: Record<string, string>; rawBody?: string } = {}) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const response = await fetch(`${server.baseUrl}${url}`, { method, headers, body: init.rawBody, redirect: 'manual' });
  if ((response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    await response.body?.cancel();
    return { status: response.status, body: '(an event stream)' };
  }
  const text = await response.text();
  return { status: response.status, body: text };
}

const pathPiece = fc.oneof(fc.uuid(), fc.string({ maxLength: 40 }), fc.constantFrom('..%2F..%2Fetc%2Fpasswd', '%00', "1' or '1'='1", '9'.repeat(60)));
const queryString = fc.dictionary(
  fc.constantFrom('category', 'location', 'search', 'state', 'postcode', 'sort', 'cursor', 'limit', 'page', 'pageSize', 'to', 'ticket', 'before'),
  fc.oneof(fc.string({ maxLength: 60 }), fc.constant(''), fc.constant('all')),
  { maxKeys: 5 },
);

describe('hostile input', () => {
  it('never answers any route with a 500, signed in or not', async () => {
    const routes = server.app.routeTable.filter((route) => route.url.startsWith('/api/') && route.url !== '/api/auth/logout');
    const failures: string[] = [];
    for (const route of routes) {
      // A property fails on a 5xx and on a dropped connection (fetch throws); each failing route is
      // reported with fast-check's shrunk counter-example.
      const details = await fc.check(
        fc.asyncProperty(jsonValue, pathPiece, queryString, fc.boolean(), fc.constantFrom('application/json', 'text/plain', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded'), async (body, piece, query, signedIn, contentType) => {
          const url = route.url.replace(/:[a-zA-Z]+/g, encodeURIComponent(piece)) + '?' + new URLSearchParams(query).toString();
          const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
          const response = await statusOf(route.method, url, {
            token: signedIn ? token : undefined,
            rawBody: hasBody ? (contentType === 'application/json' ? JSON.stringify(body) : String(JSON.stringify(body))) : undefined,
            headers: hasBody ? { 'content-type': contentType } : {},
          });
          if (response.status >= 500) throw new Error(`${route.method} ${url} (${contentType}) -> ${response.status} ${response.body.slice(0, 200)}`);
        }),
        { numRuns: 12, seed: 20261122 },
      );
      if (details.failed) failures.push(`${route.method} ${route.url}: ${fc.defaultReportMessage(details)}`);
    }
    expect(failures).toEqual([]);
  });

  it('left the listing made before the storm as it was', async () => {
    const listing = await client.get(`/api/listings/${listingId}`);
    expect(listing.body).toMatchObject({ title: validListing.title, price: '85.50', isActive: true });
  });

  it('answers odd headers without a 500', async () => {
    const cases: Record<string, string>[] = [
      { authorization: 'Bearer ' },
      { authorization: 'Bearer ' + 'a'.repeat(5000) },
      { authorization: 'Bearer ../../etc' },
      { 'content-type': 'application/json', 'content-length': '5' },
      { 'x-request-id': '"><script>' },
      { accept: '*/*;q=abc' },
    ];
    for (const headers of cases) {
      const response = await client.call('GET', '/api/auth/me', { headers });
      expect(response.status, JSON.stringify(headers)).toBeLessThan(500);
    }
  });

  it('answers the event stream odd tickets, Accept and Last-Event-ID headers with a 4xx or a stream, never a 500', async () => {
    const ticket = (await client.post('/api/events/ticket', undefined, token)).body.ticket as string;
    const calls: { url: string; signedIn?: boolean; headers?: Record<string, string> }[] = [
      { url: '/api/events?ticket=a&ticket=b' },
      { url: `/api/events?ticket=${encodeURIComponent(ticket)}&ticket=${encodeURIComponent(ticket)}` },
      { url: '/api/events?ticket[0]=a' },
      { url: '/api/events?ticket=%00' },
      { url: `/api/events?ticket=${'a.'.repeat(400)}` },
      { url: `/api/events?ticket=${encodeURIComponent(ticket)}`, headers: { accept: 'application/json' } },
      { url: `/api/events?ticket=${encodeURIComponent(ticket)}`, headers: { accept: 'text/event-stream;q=0, */*;q=abc' } },
      { url: '/api/events', signedIn: true, headers: { accept: '*/*;q=abc' } },
      { url: '/api/events', signedIn: true, headers: { 'last-event-id': '9'.repeat(60) } },
      { url: '/api/events', signedIn: true, headers: { 'last-event-id': '9223372036854775807' } },
      { url: '/api/events', signedIn: true, headers: { 'last-event-id': '-1' } },
      { url: '/api/events', signedIn: true, headers: { 'last-event-id': '1e400' } },
      { url: '/api/events?ticket=1&ticket=2', signedIn: true },
    ];
    for (const call of calls) {
      const response = await statusOf('GET', call.url, { token: call.signedIn ? token : undefined, headers: call.headers });
      expect(response.status, `${call.url} ${JSON.stringify(call.headers ?? {})}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
    }
  });
});
