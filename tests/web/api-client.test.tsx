// The one API client (src/web/lib/api-client.ts): a call by endpoint name sends the endpoint's method
// and address with the JSON body and the stored token, and answers with the parsed body; browse reads
// its next cursor from a response header.
import { describe, expect, it, vi } from 'vitest';
import { nextCursorHeader } from '../../src/domain';
import { fetchListingsPage } from '../../src/web/features/listings/api';
import { readBrowseFilters } from '../../src/web/features/listings/browse-filters';
import { ApiError, callApi } from '../../src/web/lib/api-client';
import { aListing } from './support/fixtures';

/** Stands in for fetch, answering every call with `response`; returns the stub to read what was sent. */
function stubFetch(response: () => Response) {
  const fetchStub = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response());
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

const json = (body: unknown, init: ResponseInit = {}) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', ...init.headers }, ...init });

/** The one request the stub received: its address, method, headers and body. */
function sentRequest(fetchStub: ReturnType<typeof stubFetch>) {
  expect(fetchStub).toHaveBeenCalledTimes(1);
  const [input, init = {}] = fetchStub.mock.calls[0];
  return { url: String(input), method: init.method, headers: new Headers(init.headers), body: init.body, credentials: init.credentials };
}

describe('callApi', () => {
  it("sends the endpoint's method and address, with the params encoded and the body as JSON, and answers with the parsed body", async () => {
    const saved = aListing({ id: 'listing/1', title: 'Blue bike' });
    const fetchStub = stubFetch(() => json(saved));
    window.localStorage.setItem('authToken', 'test-token');

    const answer = await callApi('updateListing', { params: { id: 'listing/1' }, body: { title: 'Blue bike', description: 'Barely ridden', price: '80', category: 'sports', imageUrls: [] } });

    expect(answer).toEqual(saved);
    const sent = sentRequest(fetchStub);
    expect(sent).toMatchObject({ url: '/api/listings/listing%2F1', method: 'PUT', credentials: 'include' });
    expect(JSON.parse(String(sent.body))).toEqual({ title: 'Blue bike', description: 'Barely ridden', price: '80', category: 'sports', imageUrls: [] });
    expect(sent.headers.get('Content-Type')).toBe('application/json');
    expect(sent.headers.get('Authorization')).toBe('Bearer test-token');
  });

  it('sends a query in the address and no body (nor a content type) when the call takes none', async () => {
    const fetchStub = stubFetch(() => json({ users: [], total: 0 }));

    await callApi('listMembers', { query: { page: 2, pageSize: 20, search: '' } });

    const sent = sentRequest(fetchStub);
    expect(sent).toMatchObject({ url: '/api/admin/users?page=2&pageSize=20', method: 'GET', body: undefined });
    expect(sent.headers.has('Content-Type')).toBe(false);
    expect(sent.headers.has('Authorization')).toBe(false);
  });

  it('answers undefined when the server answers 204 No Content', async () => {
    const fetchStub = stubFetch(() => new Response(null, { status: 204 }));

    await expect(callApi('deleteListing', { params: { id: 'listing-9' } })).resolves.toBeUndefined();
    expect(sentRequest(fetchStub)).toMatchObject({ url: '/api/listings/listing-9', method: 'DELETE' });
  });

  it("throws an ApiError with the server's message and code", async () => {
    stubFetch(() => json({ message: 'Listing not found', code: 'NOT_FOUND' }, { status: 404, statusText: 'Not Found' }));

    const error = await callApi('getListing', { params: { id: 'gone' } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'Listing not found', code: 'NOT_FOUND' });
  });
});

describe("browse's keyset pages", () => {
  it('asks for the filters and cursor, and reads the next cursor from the response header', async () => {
    const listings = [aListing({ title: 'Desk lamp' }), aListing({ title: 'Armchair' })];
    const fetchStub = stubFetch(() => json(listings, { headers: { [nextCursorHeader]: 'cursor-2' } }));

    const page = await fetchListingsPage(readBrowseFilters(new URLSearchParams('search=lamp&category=home')), 'cursor-1');

    expect(page).toEqual({ items: listings, nextCursor: 'cursor-2' });
    expect(sentRequest(fetchStub)).toMatchObject({ url: '/api/listings?search=lamp&category=home&sort=newest&cursor=cursor-1', method: 'GET' });
  });

  it('has no next page when the header is missing, and throws the server error otherwise', async () => {
    stubFetch(() => json([]));
    await expect(fetchListingsPage(readBrowseFilters(new URLSearchParams()), null)).resolves.toEqual({ items: [], nextCursor: null });

    stubFetch(() => new Response('upstream timeout', { status: 502, statusText: '' }));
    await expect(fetchListingsPage(readBrowseFilters(new URLSearchParams()), null)).rejects.toMatchObject({ status: 502, message: '502: upstream timeout' });
  });
});
