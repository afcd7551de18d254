// Every API route, called as a visitor, the owner of the thing it touches, another member and an
// admin. The matrix is checked against the server's own route table: a new route fails this test
// until it has a row.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiEndpoints, type EndpointAccess, type EndpointName } from '../../src/domain/api-endpoints';
import { users } from '../../src/server/db/schema';
import { registerMember, sellerMember, uniqueEmail, validListing } from './support/factories';
import { googleSettingsWithoutProvider } from './support/test-server';
import { useTestServer } from './support/use-test-server';

type Role = 'visitor' | 'owner' | 'other' | 'admin';
type Row = {
  method: string;
  route: string;
  url?: () => string;
  body?: () => unknown;
  /** The answer may be an endless event stream: its status is the answer, the stream is let go. */
  stream?: boolean;
  expect: Record<Role, number | number[]>;
};

const { server, client } = useTestServer(googleSettingsWithoutProvider);
const tokens: Partial<Record<Role, string>> = {};
let owner: Awaited<ReturnType<typeof sellerMember>>;
let listingId: string;
const deletable: Partial<Record<Role, string>> = {};
/** A conversation between the owner (its seller) and a buyer outside the matrix; a member to block. */
let conversationId: string;
/** The listing that conversation is about (the owner's). */
let talkedAbout: string;
let blockable: string;

const everyone = (status: number | number[]) => ({ visitor: status, owner: status, other: status, admin: status });
const members = (status: number | number[]) => ({ visitor: 401, owner: status, other: status, admin: status });
const ownerOnly = (ok: number) => ({ visitor: 401, owner: ok, other: 403, admin: 403 });
const adminOnly = (ok: number | number[]) => ({ visitor: 401, owner: 403, other: 403, admin: ok });
/** A conversation is its two members' own: to anyone else, an admin too, it does not exist. */
const conversationMembersOnly = (ok: number) => ({ visitor: 401, owner: ok, other: 404, admin: 404 });
const zeroId = '00000000-0000-0000-0000-000000000000';
const card = { cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' };

const rows: Row[] = [
  { method: 'GET', route: '/api/health', expect: everyone(200) },
  { method: 'GET', route: '/api/health/live', expect: everyone(200) },
  { method: 'GET', route: '/api/health/ready', expect: everyone(200) },
  { method: 'POST', route: '/api/auth/register', body: () => ({ email: uniqueEmail('matrix'), password: 'matrix password', firstName: 'Max', lastName: 'Trix' }), expect: everyone(201) },
  { method: 'POST', route: '/api/auth/login', body: () => ({ email: uniqueEmail('nobody'), password: 'not a real password' }), expect: everyone(401) },
  { method: 'GET', route: '/api/auth/me', expect: members(200) },
  { method: 'POST', route: '/api/auth/reset-password-request', body: () => ({ email: uniqueEmail('reset') }), expect: everyone(200) },
  { method: 'POST', route: '/api/auth/reset-password-verify-code', body: () => ({ email: uniqueEmail('reset'), code: '123456' }), expect: everyone(400) },
  { method: 'POST', route: '/api/auth/reset-password-confirm', body: () => ({ email: uniqueEmail('reset'), code: '123456', password: 'new password here' }), expect: everyone(400) },
  // Google sign-in (no Google settings here): its pages send the browser back to /auth saying so, and the landing page's pick-up finds no sign-in.
  { method: 'GET', route: '/api/auth/google', expect: everyone(302) },
  { method: 'GET', route: '/api/auth/google/callback', url: () => '/api/auth/google/callback?code=matrix&state=matrix', expect: everyone(302) },
  { method: 'POST', route: '/api/auth/google/session', expect: everyone(400) },
  { method: 'GET', route: '/api/listings', expect: everyone(200) },
  { method: 'GET', route: '/api/listings/:id', url: () => `/api/listings/${listingId}`, expect: everyone(200) },
  { method: 'GET', route: '/api/listings/:id/reach', url: () => `/api/listings/${listingId}/reach`, expect: members(200) },
  { method: 'POST', route: '/api/listings', body: () => validListing, expect: members(201) },
  { method: 'PUT', route: '/api/listings/:id', url: () => `/api/listings/${listingId}`, body: () => validListing, expect: ownerOnly(200) },
  { method: 'PATCH', route: '/api/listings/:id', url: () => `/api/listings/${listingId}`, body: () => ({ isActive: true }), expect: ownerOnly(200) },
  { method: 'GET', route: '/api/my-listings/:id/insights', url: () => `/api/my-listings/${listingId}/insights`, expect: ownerOnly(200) },
  { method: 'PUT', route: '/api/listings/:id/pin', url: () => `/api/listings/${listingId}`.concat('/pin'), body: () => ({ pinned: true }), expect: ownerOnly(200) },
  // A hold names a conversation about the listing: the owner holds theirs for its buyer, then releases it.
  { method: 'PUT', route: '/api/listings/:id/reservation', url: () => `/api/listings/${talkedAbout}/reservation`, body: () => ({ conversationId }), expect: ownerOnly(200) },
  { method: 'DELETE', route: '/api/listings/:id/reservation', url: () => `/api/listings/${talkedAbout}/reservation`, expect: ownerOnly(200) },
  // Its listing time has not passed: only its owner is told when it may be renewed.
  { method: 'POST', route: '/api/listings/:id/renew', url: () => `/api/listings/${listingId}/renew`, expect: { visitor: 401, owner: 409, other: 403, admin: 403 } },
  { method: 'DELETE', route: '/api/listings/:id', url: () => `/api/listings/${deletable.owner}`, expect: ownerOnly(204) },
  { method: 'GET', route: '/api/my-listings', expect: members(200) },
  { method: 'GET', route: '/api/seller-listings/:sellerId', url: () => `/api/seller-listings/${owner.user.id}`, expect: everyone(200) },
  { method: 'GET', route: '/api/sellers/:sellerId', url: () => `/api/sellers/${owner.user.id}`, expect: everyone(200) },
  { method: 'GET', route: '/api/user/stats', expect: members(200) },
  { method: 'POST', route: '/api/uploads/images', body: () => ({}), expect: members(415) },
  { method: 'POST', route: '/api/contact-seller', body: () => ({ listingId }), expect: { visitor: 401, owner: 400, other: 200, admin: 200 } },
  // Conversations: the contact-seller row above started the other's and the admin's, so starting one continues it (200) or opens it (201).
  { method: 'POST', route: '/api/listings/:id/conversations', url: () => `/api/listings/${listingId}/conversations`, body: () => ({ message: 'Is it still available?' }), expect: { visitor: 401, owner: 400, other: [200, 201], admin: [200, 201] } },
  { method: 'GET', route: '/api/conversations', expect: members(200) },
  // Every member may ask; each is answered with their own conversations about the listing only.
  { method: 'GET', route: '/api/listings/:id/conversations', url: () => `/api/listings/${listingId}/conversations`, expect: members(200) },
  { method: 'GET', route: '/api/conversations/unread-count', expect: members(200) },
  { method: 'GET', route: '/api/conversations/:id', url: () => `/api/conversations/${conversationId}`, expect: conversationMembersOnly(200) },
  { method: 'GET', route: '/api/conversations/:id/messages', url: () => `/api/conversations/${conversationId}/messages`, expect: conversationMembersOnly(200) },
  { method: 'POST', route: '/api/conversations/:id/messages', url: () => `/api/conversations/${conversationId}/messages`, body: () => ({ body: 'Yes, still here.' }), expect: conversationMembersOnly(201) },
  { method: 'POST', route: '/api/conversations/:id/read', url: () => `/api/conversations/${conversationId}/read`, expect: conversationMembersOnly(204) },
  // Offers: the owner is the conversation's seller, who answers offers but makes none (403); to anyone else it is not found.
  { method: 'POST', route: '/api/conversations/:id/offers', url: () => `/api/conversations/${conversationId}/offers`, body: () => ({ amount: '10' }), expect: conversationMembersOnly(403) },
  // An offer nobody made is not found, whoever asks; tests/api/offers.test.ts answers real ones as each side and a stranger.
  ...(['accept', 'decline', 'withdraw'] as const).map((step) => ({ method: 'POST', route: `/api/offers/:id/${step}`, url: () => `/api/offers/${zeroId}/${step}`, expect: members(404) })),
  { method: 'POST', route: '/api/offers/:id/counter', url: () => `/api/offers/${zeroId}/counter`, body: () => ({ amount: '10' }), expect: members(404) },
  // Pickups: no offer was accepted in the owner's conversation, so its seller is told to agree a price first (409).
  { method: 'POST', route: '/api/conversations/:id/pickups', url: () => `/api/conversations/${conversationId}/pickups`, body: () => ({ at: new Date(Date.now() + 86_400_000).toISOString(), place: 'Fitzroy Library' }), expect: conversationMembersOnly(409) },
  { method: 'POST', route: '/api/pickups/:id/confirm', url: () => `/api/pickups/${zeroId}/confirm`, expect: members(404) },
  // A member's own favourites: the owner cannot save their own listing.
  { method: 'GET', route: '/api/favourites', expect: members(200) },
  { method: 'PUT', route: '/api/favourites/:listingId', url: () => `/api/favourites/${listingId}`, expect: { visitor: 401, owner: 400, other: 204, admin: 204 } },
  { method: 'DELETE', route: '/api/favourites/:listingId', url: () => `/api/favourites/${listingId}`, expect: members(204) },
  { method: 'GET', route: '/api/admin/jobs', expect: adminOnly(200) },
  // Reports: the owner cannot report their own listing; each other member reports it once.
  { method: 'POST', route: '/api/reports', body: () => ({ listingId, reason: 'spam' }), expect: { visitor: 401, owner: 403, other: 201, admin: 201 } },
  // Only a listing hidden by reports is reviewed; to anyone but its seller it is not found.
  { method: 'POST', route: '/api/my-listings/:id/review', url: () => `/api/my-listings/${listingId}/review`, expect: { visitor: 401, owner: 409, other: 404, admin: 404 } },
  { method: 'GET', route: '/api/admin/reports', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/insights', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/insights/csv', expect: adminOnly(200) },
  { method: 'POST', route: '/api/admin/reports/:id/actions', url: () => `/api/admin/reports/${zeroId}/actions`, body: () => ({ action: 'dismiss', reason: 'Nothing wrong' }), expect: adminOnly(404) },
  { method: 'DELETE', route: '/api/admin/members/:id/suspension', url: () => `/api/admin/members/${zeroId}/suspension`, expect: adminOnly(404) },
  { method: 'DELETE', route: '/api/admin/members/:id', url: () => `/api/admin/members/${zeroId}`, body: () => ({ reason: 'matrix' }), expect: adminOnly(404) },
  // Ratings: nobody here sold the listing through a conversation, so nobody may rate it.
  { method: 'POST', route: '/api/ratings', body: () => ({ listingId, stars: 5 }), expect: members(403) },
  { method: 'GET', route: '/api/listings/:id/rating', url: () => `/api/listings/${listingId}/rating`, expect: members(200) },
  { method: 'GET', route: '/api/sellers/:sellerId/ratings', url: () => `/api/sellers/${owner.user.id}/ratings`, expect: everyone(200) },
  { method: 'POST', route: '/api/ratings/:id/reply', url: () => `/api/ratings/${zeroId}/reply`, body: () => ({ reply: 'Thanks!' }), expect: members(404) },
  { method: 'GET', route: '/api/saved-searches', expect: members(200) },
  { method: 'POST', route: '/api/saved-searches', body: () => ({ name: 'Bikes', query: { search: 'bike' }, frequency: 'daily' }), expect: members(201) },
  // Another member's saved search is not found (the matrix's ids are nobody's).
  { method: 'DELETE', route: '/api/saved-searches/:id', url: () => `/api/saved-searches/${zeroId}`, expect: members(404) },
  { method: 'PATCH', route: '/api/saved-searches/:id', url: () => `/api/saved-searches/${zeroId}`, body: () => ({ mailEnabled: false }), expect: members(404) },
  { method: 'POST', route: '/api/saved-searches/:id/seen', url: () => `/api/saved-searches/${zeroId}/seen`, expect: members(404) },
  // A mail's unsubscribe link: signed, so anyone holding it may use it; a wrong token does nothing.
  { method: 'GET', route: '/api/saved-searches/:id/unsubscribe', url: () => `/api/saved-searches/${zeroId}/unsubscribe?token=wrong`, expect: everyone(302) },
  { method: 'POST', route: '/api/saved-searches/:id/unsubscribe', url: () => `/api/saved-searches/${zeroId}/unsubscribe?token=wrong`, body: () => ({}), expect: everyone(400) },
  { method: 'GET', route: '/api/blocks', expect: members(200) },
  { method: 'PUT', route: '/api/blocks/:memberId', url: () => `/api/blocks/${blockable}`, expect: members(204) },
  { method: 'DELETE', route: '/api/blocks/:memberId', url: () => `/api/blocks/${blockable}`, expect: members(204) },
  { method: 'PUT', route: '/api/user/notifications', body: () => ({ messageMail: true }), expect: members(200) },
  { method: 'POST', route: '/api/events/ticket', expect: members(200) },
  // The event stream: a bearer token (here) or a ticket says who listens; nobody else gets a stream.
  { method: 'GET', route: '/api/events', stream: true, expect: members(200) },
  { method: 'POST', route: '/api/contact', body: () => ({ name: 'Matrix', email: 'matrix@example.com', message: 'A question for the team' }), expect: everyone(200) },
  // A member's own messages to our team: never another's.
  { method: 'GET', route: '/api/support', expect: members(200) },
  { method: 'GET', route: '/api/admin/support', expect: adminOnly(200) },
  { method: 'POST', route: '/api/admin/support/:id/reply', url: () => `/api/admin/support/${zeroId}/reply`, body: () => ({ message: 'Thanks for asking.' }), expect: adminOnly(404) },
  { method: 'PUT', route: '/api/user/profile', body: () => ({ postcode: '3068' }), expect: members(200) },
  { method: 'GET', route: '/api/user/can-change-postcode', expect: members(200) },
  { method: 'PUT', route: '/api/user/phone', body: () => ({ phone: '0412 345 678' }), expect: members(200) },
  // The member's own sign-in: a wrong current password changes nothing; a session id of nobody's is not found.
  { method: 'PUT', route: '/api/user/password', body: () => ({ currentPassword: 'not the password', newPassword: 'matrix password 2' }), expect: members(400) },
  { method: 'POST', route: '/api/user/email', body: () => ({ newEmail: uniqueEmail('moving'), password: 'not the password' }), expect: members(400) },
  { method: 'POST', route: '/api/user/email/verify', body: () => ({ code: '123456' }), expect: members(400) },
  { method: 'GET', route: '/api/user/sessions', expect: members(200) },
  { method: 'DELETE', route: '/api/user/sessions/:id', url: () => `/api/user/sessions/${zeroId}`, expect: members(404) },
  { method: 'DELETE', route: '/api/user/sessions', expect: members(200) },
  { method: 'POST', route: '/api/user/export', expect: members(202) },
  { method: 'GET', route: '/api/user/exports', expect: members(200) },
  { method: 'GET', route: '/api/user/exports/:id', url: () => `/api/user/exports/${zeroId}`, expect: members(404) },
  // A wrong password: nobody's account closes here, and nobody else's can be named.
  { method: 'DELETE', route: '/api/user', body: () => ({ password: 'not the password' }), expect: members(400) },
  { method: 'GET', route: '/api/postcodes/:postcode', url: () => '/api/postcodes/3068', expect: everyone(200) },
  { method: 'GET', route: '/api/verification-status', expect: members(200) },
  { method: 'POST', route: '/api/send-verification-email', expect: members(409) },
  { method: 'POST', route: '/api/verify-email', body: () => ({ code: '123456' }), expect: members(200) },
  { method: 'POST', route: '/api/phone/send-code', body: () => ({ phone: '0412 345 678' }), expect: members(200) },
  { method: 'POST', route: '/api/verify-phone', body: () => ({ code: '000000' }), expect: members(400) },
  { method: 'POST', route: '/api/verify-card', body: () => card, expect: members(200) },
  // The Stripe card check: without Stripe keys there is nothing to set up or confirm.
  { method: 'POST', route: '/api/verify-card/setup', expect: members(404) },
  { method: 'POST', route: '/api/verify-card/confirm', body: () => ({ setupIntentId: 'seti_matrix' }), expect: members(404) },
  { method: 'GET', route: '/api/map/listing-counts', expect: members(200) },
  { method: 'POST', route: '/api/create-subscription', body: () => ({ tier: 'explorer' }), expect: members(200) },
  { method: 'GET', route: '/api/membership', expect: members(200) },
  // Nobody here checked out during a free month, so there is no first charge to cancel.
  { method: 'POST', route: '/api/membership/cancel-upcoming-charge', expect: members(404) },
  // Nobody here pays for a year with a move to Starter or a cheaper plan waiting, so there is nothing to undo.
  { method: 'POST', route: '/api/membership/undo-scheduled-change', expect: members(404) },
  // Nobody here is over their plan's limit, and the zero id is nobody's active listing.
  { method: 'POST', route: '/api/my-listings/keep-active', body: () => ({ listingIds: [zeroId] }), expect: members(400) },
  { method: 'POST', route: '/api/payments/test/pay', body: () => ({ clientSecret: 'sub_test_unknown_secret_x', ...card }), expect: members(404) },
  { method: 'POST', route: '/api/webhooks/payments', body: () => ({ id: 'evt_unsigned', type: 'invoice.paid', data: { object: {} } }), expect: everyone(400) },
  { method: 'GET', route: '/api/admin/users', expect: adminOnly(200) },
  { method: 'POST', route: '/api/admin/verify-user', body: () => ({ userId: owner.user.id, verificationType: 'isCardVerified' }), expect: adminOnly(200) },
  { method: 'POST', route: '/api/admin/gift-membership', body: () => ({ userEmail: owner.email, membershipTier: 'connector' }), expect: adminOnly(200) },
  { method: 'POST', route: '/api/admin/invite-user', body: () => ({ email: uniqueEmail('invite') }), expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/banned-words', expect: adminOnly(200) },
  { method: 'POST', route: '/api/admin/banned-words', body: () => ({ word: `matrixword${Date.now()}` }), expect: adminOnly(201) },
  { method: 'DELETE', route: '/api/admin/banned-words/:id', url: () => `/api/admin/banned-words/${zeroId}`, expect: adminOnly(404) },
  { method: 'GET', route: '/api/admin/homepage-videos', expect: adminOnly(200) },
  { method: 'POST', route: '/api/admin/homepage-videos', body: () => ({}), expect: adminOnly(415) },
  { method: 'PUT', route: '/api/admin/homepage-videos/:id/activate', url: () => `/api/admin/homepage-videos/${zeroId}/activate`, expect: adminOnly(404) },
  { method: 'DELETE', route: '/api/admin/homepage-videos/:id', url: () => `/api/admin/homepage-videos/${zeroId}`, expect: adminOnly(404) },
  { method: 'GET', route: '/api/admin/audit-log', expect: adminOnly(200) },
  { method: 'GET', route: '/api/homepage-video/active', expect: everyone(200) },
  { method: 'GET', route: '/api/invitations/:token', url: () => '/api/invitations/not-a-real-token', expect: everyone(404) },
  { method: 'GET', route: '/api/dev/outbox', expect: everyone(200) },
  { method: 'GET', route: '/api/openapi.json', expect: everyone(200) },
  { method: 'GET', route: '/api/public-config', expect: everyone(200) },
  { method: 'GET', route: '/api/login', expect: everyone(302) },
  // Last: it ends the session it is called with (each role logs out a spare session).
  { method: 'POST', route: '/api/auth/logout', expect: members(204) },
];

beforeAll(async () => {
  owner = await sellerMember(client, server.database.db, { tier: 'connector', firstName: 'Olive' });
  const other = await sellerMember(client, server.database.db, { tier: 'connector', firstName: 'Otto', postcode: '3065' });
  const admin = await sellerMember(client, server.database.db, { tier: 'connector' });
  await server.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.user.id));
  server.app.contentVersion.bump(); // changed behind the API's back
  tokens.owner = owner.token;
  tokens.other = other.token;
  tokens.admin = admin.token;
  listingId = (await client.post('/api/listings', validListing, owner.token)).body.id;
  deletable.owner = (await client.post('/api/listings', { ...validListing, title: 'To be deleted' }, owner.token)).body.id;
  const buyer = await sellerMember(client, server.database.db, { firstName: 'Bea' });
  talkedAbout = (await client.post('/api/listings', { ...validListing, title: 'Talked about' }, owner.token)).body.id;
  conversationId = (await client.post(`/api/listings/${talkedAbout}/conversations`, { message: 'Is it still available?' }, buyer.token)).body.conversation.id;
  blockable = (await registerMember(client)).user.id;
});

/** What each role was answered, for the checks of the endpoint map and the OpenAPI document below. */
const answers: { row: Row; role: Role; status: number; code: unknown }[] = [];

/** The endpoint a row calls; undefined for the routes that are not API calls (the document, the sign-in redirect). */
function endpointOf(row: Row): EndpointName | undefined {
  return (Object.keys(apiEndpoints) as EndpointName[]).find((name) => apiEndpoints[name].method === row.method && apiEndpoints[name].path === row.route);
}

/**
 * Who a row shows may call: anyone, unless a visitor is refused (401) where a signed-in role is not;
 * an admin only, when the other members are refused (403) and the admin is not.
 */
function accessShownBy(row: Row): EndpointAccess {
  const refused = (role: Role, status: number) => [row.expect[role]].flat().includes(status);
  if (!refused('visitor', 401) || (refused('owner', 401) && refused('other', 401) && refused('admin', 401))) return 'public';
  return refused('owner', 403) && refused('other', 403) && !refused('admin', 403) ? 'admin' : 'member';
}

/** An event stream's status, without waiting for a stream that never ends. */
async function streamStatus(url: string, token: string | undefined): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${server.baseUrl}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if ((response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    await response.body?.cancel();
    return { status: response.status, body: '(an event stream)' };
  }
  return { status: response.status, body: await response.json() };
}

describe('authorisation matrix', () => {
  it('has a row for every API route the server answers', () => {
    const apiRoutes = server.app.routeTable.filter((route) => route.url.startsWith('/api/')).map((route) => `${route.method} ${route.url}`);
    const covered = rows.map((row) => `${row.method} ${row.route}`);
    expect(covered.sort()).toEqual([...new Set(apiRoutes)].sort());
  });

  it('answers each role as it should', async () => {
    const failures: string[] = [];
    const roles: Role[] = ['visitor', 'other', 'admin', 'owner'];
    for (const row of rows) {
      for (const role of roles) {
        let token = role === 'visitor' ? undefined : tokens[role];
        if (row.route === '/api/auth/logout' && token) {
          const email = role === 'owner' ? owner.email : undefined;
          token = email ? (await client.post('/api/auth/login', { email, password: owner.password })).body.token : (await registerMember(client)).token;
        }
        const url = row.url ? row.url() : row.route;
        const body = row.body?.();
        const response = row.stream
          ? await streamStatus(url, token)
          : await client.call(row.method, url, { token, body: body ?? (row.method === 'GET' || row.method === 'DELETE' ? undefined : {}) });
        const expected = [row.expect[role]].flat();
        answers.push({ row, role, status: response.status, code: (response.body as { code?: unknown } | undefined)?.code });
        if (!expected.includes(response.status)) {
          failures.push(`${row.method} ${url} as ${role}: ${response.status} (expected ${expected.join(' or ')}) ${JSON.stringify(response.body).slice(0, 120)}`);
        }
        expect(response.status, `${row.method} ${url} as ${role} never 500`).toBeLessThan(500);
      }
    }
    expect(failures).toEqual([]);
  });

  it('declares in the endpoint map who may call each route, as its row shows', () => {
    const mismatches = rows.flatMap((row) => {
      const name = endpointOf(row);
      if (!name || apiEndpoints[name].access === accessShownBy(row)) return [];
      return [`${name}: declared ${apiEndpoints[name].access}, the matrix shows ${accessShownBy(row)}`];
    });
    expect(mismatches).toEqual([]);
  });

  it('gets only answers the OpenAPI document describes, each error with its code', async () => {
    expect(answers.length).toBeGreaterThan(rows.length);
    const document = (await client.get('/api/openapi.json')).body as { paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>> };
    const undescribed = answers.flatMap(({ row, role, status, code }) => {
      const name = endpointOf(row);
      const operation = name && document.paths[row.route.replace(/:(\w+)/g, '{$1}')]?.[row.method.toLowerCase()];
      if (!operation) return []; // not in the document: hidden (endpoint-map.test.ts checks which)
      const response = operation.responses[String(status)];
      if (!response) return [`${name} as ${role}: ${status} is not among its answers (${Object.keys(operation.responses).join(', ')})`];
      if (status >= 400 && !response.description.includes(`\`${String(code)}\``)) return [`${name} as ${role}: ${status} ${String(code)} is not among that answer's codes`];
      return [];
    });
    expect(undescribed).toEqual([]);
  });
});
