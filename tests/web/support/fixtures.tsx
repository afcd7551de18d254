// Fixtures for the web tests: a member and their listings as the API sends them, a page rendered
// with the data it would have loaded, and a stand-in for the server that records what was sent.
import { type QueryKey, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import type { ConversationSummary, CurrentUser, ListingView, MembershipTier } from '../../../src/domain';
import { createQueryClient } from '../../../src/web/lib/query-client';

export function aMember(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 'member-1',
    email: 'mia@example.com',
    firstName: 'Mia',
    lastName: 'Tran',
    profileImageUrl: null,
    membershipTier: 'explorer',
    isAdmin: false,
    isEmailVerified: true,
    isPhoneVerified: true,
    isCardVerified: false,
    phone: null,
    postcode: '3068',
    state: 'VIC',
    suburb: 'Fitzroy North',
    postcodeLastChanged: null,
    postcodeLockedUntil: null,
    postcodeCorrectionEndsAt: null,
    trialEndDate: null,
    listingLimitNoticeAt: null,
    messageMail: true,
    insightsMail: true,
    smsNotifications: false,
    hasPassword: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

let listingCounter = 0;

/** A listing for sale; `createdAt` counts up, so later ones are newer. */
export function aListing(overrides: Partial<ListingView> & { tier?: MembershipTier } = {}): ListingView {
  listingCounter += 1;
  const { tier = 'explorer', ...fields } = overrides;
  return {
    id: `listing-${listingCounter}`,
    title: `Listing ${listingCounter}`,
    description: 'Good condition, pick up any evening this week.',
    price: '30',
    category: 'other',
    condition: null,
    location: 'Fitzroy North, VIC',
    imageUrls: [],
    sellerId: 'member-1',
    isActive: true,
    status: fields.isActive === false ? 'sold' : 'active',
    isPinned: false,
    isPaused: false,
    hiddenReason: null,
    postcode: '3068',
    suburb: 'Fitzroy North',
    state: 'VIC',
    distanceKm: null,
    isFavourite: false,
    createdAt: new Date(Date.UTC(2025, 0, 1, 0, listingCounter)).toISOString(),
    listedAt: new Date(Date.UTC(2025, 0, 1, 0, listingCounter)).toISOString(),
    belowNewest: false,
    updatedAt: new Date(Date.UTC(2025, 0, 1, 0, listingCounter)).toISOString(),
    seller: { id: 'member-1', firstName: 'Mia', lastName: 'Tran', profileImageUrl: null, membershipTier: tier, ratingAverage: null, ratingCount: 0, isEmailVerified: true, isPhoneVerified: true, isCardVerified: false },
    ...fields,
  };
}

/** A conversation as GET /api/conversations/:id sends it: the buyer's (isSeller false), about a listing for sale, nothing unread. */
export function aConversation(overrides: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    id: '5b1e2c3d-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
    listing: { id: 'listing-1', title: 'Walnut sideboard', imageUrl: null, price: '150.00' },
    listingStatus: 'active',
    isSeller: false,
    otherMember: { id: 'seller-1', firstName: 'Mia', isEmailVerified: true, isPhoneVerified: true, isCardVerified: false, hasLeft: false },
    lastMessage: null,
    unreadCount: 0,
    isBlocked: false,
    blockedByMe: false,
    offerAccepted: false,
    pickup: null,
    updatedAt: '2026-03-05T09:00:00Z',
    ...overrides,
  };
}

/**
 * Renders `ui` as the app would, with `data` already loaded into the query cache (so nothing is
 * fetched to begin with) and, with `signedIn`, a stored session token.
 */
export function renderPage(ui: ReactElement, { data = [], signedIn = false }: { data?: [QueryKey, unknown][]; signedIn?: boolean } = {}) {
  // The app's own cache settings and default loader (a GET of the query key), fresh for each test.
  const queryClient = createQueryClient();
  for (const [key, value] of data) queryClient.setQueryData(key, value);
  if (signedIn) window.localStorage.setItem('authToken', 'test-token');
  const user = userEvent.setup();
  return { user, queryClient, ...render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>) };
}

/** `query` is the address's search string, when it has one. */
export type SentRequest = { method: string; path: string; body: unknown; query?: string };

/** Stands in for the server: every call is recorded and answered by `answer` (200 with its JSON, or the Response it gives). */
export function fakeServer(answer: (request: SentRequest) => unknown = () => ({})) {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), window.location.href);
      const request = { method: init.method ?? 'GET', path: url.pathname, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined, query: url.search || undefined };
      sent.push(request);
      const answered = answer(request);
      if (answered instanceof Response) return answered;
      return new Response(JSON.stringify(answered ?? {}), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return { sent };
}
