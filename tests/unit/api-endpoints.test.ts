// The endpoint map (src/domain/api-endpoints.ts): every call's address is made by endpointPath, and
// every query the web app's default loader reads (a GET of the query key joined by '/') is one of
// the map's GET addresses.
import type { QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { type EndpointName, apiEndpoints, endpointPath } from '../../src/domain';
import { adminQueryKeys } from '../../src/web/features/admin/api';
import { activeHomepageVideoQueryKey } from '../../src/web/features/landing/api';
import { queryKeyPath } from '../../src/web/lib/api-client';
import { currentUserQueryKey } from '../../src/web/lib/auth';
import { publicConfigQueryKey } from '../../src/web/lib/public-config';
import { canChangePostcodeQueryKey, verificationStatusQueryKey } from '../../src/web/shared/account/account-queries';
import { listingQueryKeys } from '../../src/web/shared/listing/listing-cache';
import { membershipQueryKey } from '../../src/web/shared/membership/membership-status';

describe('endpointPath', () => {
  it('gives an address without params as it is', () => {
    expect(endpointPath('getCurrentUser')).toBe('/api/auth/me');
    expect(endpointPath('browseListings')).toBe('/api/listings');
  });

  it('fills in each :param, encoded', () => {
    expect(endpointPath('getListing', { id: 'abc-123' })).toBe('/api/listings/abc-123');
    expect(endpointPath('getListingReach', { id: 'a b/c?d' })).toBe('/api/listings/a%20b%2Fc%3Fd/reach');
    expect(endpointPath('activateHomepageVideo', { id: 'v#1' })).toBe('/api/admin/homepage-videos/v%231/activate');
    expect(endpointPath('getInvitation', { token: 'tok&en=1' })).toBe('/api/invitations/tok%26en%3D1');
  });

  it('adds the query, encoded, leaving out empty, null and undefined values but keeping 0 and false', () => {
    expect(endpointPath('browseListings', undefined, { search: 'red bike & helmet', category: '', state: null, postcode: undefined, limit: 8 })).toBe(
      '/api/listings?search=red+bike+%26+helmet&limit=8',
    );
    expect(endpointPath('countListingsByPlace', undefined, { south: 0, west: -37.5, north: 1, east: 145 })).toBe('/api/map/listing-counts?south=0&west=-37.5&north=1&east=145');
    expect(endpointPath('listDevOutbox', undefined, { flag: false })).toBe('/api/dev/outbox?flag=false');
  });

  it('leaves off the question mark when every query value is empty', () => {
    expect(endpointPath('listMembers', undefined, { search: '', page: undefined })).toBe('/api/admin/users');
  });

  it('fills params and adds a query together', () => {
    expect(endpointPath('listSellerListings', { sellerId: 's 1' }, { cursor: 'x/y' })).toBe('/api/seller-listings/s%201?cursor=x%2Fy');
  });
});

describe('the endpoint map', () => {
  it('names each method and address once', () => {
    const addresses = Object.values(apiEndpoints).map(({ method, path }) => `${method} ${path}`);
    expect(new Set(addresses).size).toBe(addresses.length);
  });

  /** The GET endpoint whose address (each :param any one segment) is this path, if any. */
  function getEndpointAt(path: string): EndpointName | undefined {
    return (Object.keys(apiEndpoints) as EndpointName[]).find((name) => {
      const { method, path: pattern } = apiEndpoints[name];
      return method === 'GET' && new RegExp(`^${pattern.replace(/:\w+/g, '[^/]+')}$`).test(path);
    });
  }

  // The queries read by the default loader (no queryFn of their own), with sample ids.
  const defaultLoaderKeys: [string, QueryKey][] = [
    ['the current member', currentUserQueryKey],
    ['the public settings', publicConfigQueryKey],
    ['the verification status', verificationStatusQueryKey],
    ['whether the postcode may change', canChangePostcodeQueryKey],
    ['the membership', membershipQueryKey],
    ['the active homepage video', activeHomepageVideoQueryKey],
    ['a listing', listingQueryKeys.listing('listing-1')],
    ["the member's listings", listingQueryKeys.myListings],
    ["the member's numbers", listingQueryKeys.userStats],
    ["a seller's listings", listingQueryKeys.sellerListings('seller-1')],
    ["a seller's profile", listingQueryKeys.sellerProfile('seller-1')],
    ['the banned words', adminQueryKeys.bannedWords],
    ['the homepage videos', adminQueryKeys.homepageVideos],
    ['the activity log', adminQueryKeys.auditLog],
    ['a postcode (usePostcodePlace)', ['/api/postcodes', '3068']],
    ['an invitation (useInvitation)', ['/api/invitations', 'token-1']],
    ['the development outbox (useOutbox)', ['/api/dev/outbox']],
  ];

  it.each(defaultLoaderKeys)('has a GET endpoint at the query key of %s', (_, queryKey) => {
    expect(getEndpointAt(queryKeyPath(queryKey))).toBeDefined();
  });
});
