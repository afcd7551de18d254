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

const pathPiece = fc.oneof(fc.uuid(), fc.string({ maxLength: 40 }), fc.constantFrom('..%2F..%2Fetc%2Fpasswd', '%00', "1' or '1'='1", '9'.repeat(60)));
const queryString = fc.dictionary(
  fc.constantFrom('category', 'location', 'search', 'state', 'postcode', 'sort', 'cursor', 'limit', 'page', 'pageSize', 'to'),
  fc.oneof(fc.string({ maxLength: 60 }), fc.constant(''), fc.constant('all')),
  { maxKeys: 5 },
);

describe('hostile input', () => {
  it('never answers any route with a 500, signed in or not', async () => {
    const routes = server.app.routeTable.filter((route) => route.url.startsWith('/api/') && route.url !== '/api/auth/logout');
    const failures: string[] = [];
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(jsonValue, pathPiece, queryString, fc.boolean(), fc.constantFrom('application/json', 'text/plain', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded'), async (body, piece, query, signedIn, contentType) => {
          const url = route.url.replace(/:[a-zA-Z]+/g, encodeURIComponent(piece)) + '?' + new URLSearchParams(query).toString();
          const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
          const response = await client.call(route.method, url, {
            token: signedIn ? token : undefined,
            rawBody: hasBody ? (contentType === 'application/json' ? JSON.stringify(body) : String(JSON.stringify(body))) : undefined,
            headers: hasBody ? { 'content-type': contentType } : {},
          });
          if (response.status >= 500) failures.push(`${route.method} ${url} (${contentType}) -> ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`);
          return response.status < 500;
        }),
        { numRuns: 12, seed: 20261122 },
      ).catch(() => {});
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
});
