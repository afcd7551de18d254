// The web app's one route table (spec 2): each page is one entry here and one page module in its
// feature. The router (app-routes.tsx), the server render (entry-server.tsx: what it asks the API
// for, and the redirects), the access test (tests/unit/route-access.test.ts) and the sitemap
// (indexablePaths) all read it. Adding a page is adding an entry.
import type { QueryKey } from '@tanstack/react-query';
import { parse as parseRoutePath } from 'regexparam';
import { matchRoute } from 'wouter';
import { type ApiResponse, type CurrentUser, endpointPath, googleSignInPaths, listingPagePattern, sellerPagePattern, unsubscribePagePath, uuidPattern } from '../../domain';
import { latestListingsPath, latestListingsQueryKey } from '@/features/dashboard/api';
import { activeHomepageVideoQueryKey } from '@/features/landing/api';
import { LandingPage } from '@/features/landing/pages/landing-page';
import { type ListingsPage, browseQueryKey, listingsRequestPath, readBrowseFilters, toListingsPage } from '@/features/listings/browse-filters';
import { preloadListingMemberParts } from '@/features/listings/components/listing-member-parts';
import { readAuthToken } from '@/lib/auth-token';
import { type LazyPage, includedPage, lazyPage } from '@/lib/lazy-page';
import { readReturnPath } from '@/lib/return-path';
import type { PageHeadDefaults } from '@/lib/use-page-head';
import { listingQueryKeys, listingReachPath } from '@/shared/listing/listing-cache';
import { verificationStatusQueryKey } from '@/shared/account/account-queries';
import { conversationQueryKeys } from '@/shared/messages/conversation-queries';
import { ratingQueryKeys } from '@/shared/ratings/rating-queries';

/**
 * Who may open a page. 'visitor': anyone, signed in or not (a visitor can). 'member': members only;
 * visitors are sent to /auth. 'admin': as 'member', and the page itself turns away members who are
 * not admins (the server checks every call too).
 */
export type RouteAccess = 'visitor' | 'member' | 'admin';

export type RouteParams = Record<string, string>;

/** What a page entry is given: the address's params and query, and who is looking (null: a visitor). */
export type RouteContext = { params: RouteParams; search: URLSearchParams; user: CurrentUser | null };

/** One read the server makes before it renders a page, as the page's own query would make it. */
export type PrefetchQuery = {
  queryKey: QueryKey;
  /** The API address, when it is not the query key joined (queryKeyPath). */
  path?: string;
  /** A list the page reads a page at a time (useInfiniteQuery): its first page, made from the answer. */
  firstPage?: (body: unknown, header: (name: string) => string | undefined) => unknown;
  /** Reads that need this one's answer (a listing's seller), made once it has come. */
  then?: (data: unknown) => PrefetchQuery[];
};

/** How search engines see the page, under what the page says of itself (its title and more: usePageHead). */
export type RouteMeta = {
  /** The search result's text for a page that does not make its own from what it shows. */
  description?: string;
  /** Kept out of search engines and the sitemap (sign-in, tools); members' pages are unless this says false. */
  noindex?: boolean;
};

type PageProps = Record<string, unknown> & { key?: string };
/** Who a page's props see: anyone on a visitors' page, a member on a members' page. */
type Viewer<Access extends RouteAccess> = Access extends 'visitor' ? CurrentUser | null : CurrentUser;
type PropsFrom<Props, Access extends RouteAccess> = (context: { params: RouteParams; user: Viewer<Access> }) => NoInfer<Props> & { key?: string };

/**
 * What a signed-in member gets at a visitors' address instead of its page: their own page, or a
 * redirect (with `orReturnPath`, to the page the address's ?next= names when it names one of ours).
 */
type ForMembers = { page: LazyPage<any>; props?: PropsFrom<any, 'member'> } | { redirectTo: string; orReturnPath?: boolean };

export type RouteEntry = {
  path: string;
  access: RouteAccess;
  page: LazyPage<any>;
  /** The page's props from the address and the viewer; a `key` shows the page afresh when it changes. */
  props?: PropsFrom<any, RouteAccess>;
  /** Only on a visitors' page: what members get there instead. */
  forMembers?: ForMembers;
  /** What the server asks the API for before it renders the page, so its first screen has its data. */
  prefetch?: (context: RouteContext) => PrefetchQuery[];
  /** When the server did not render the page, the browser makes the prefetch's first reads alongside the page's code (earlyQueries). */
  early?: boolean;
  meta?: RouteMeta;
};

/** An entry, with its page's props checked against the page and against who may open it. */
function route<Props extends object, Access extends RouteAccess>(
  entry: Omit<RouteEntry, 'access' | 'page' | 'props' | 'forMembers'> & {
    access: Access;
    page: LazyPage<Props>;
    props?: PropsFrom<Props, Access>;
    forMembers?: Access extends 'visitor' ? ForMembers : never;
  },
): RouteEntry {
  return entry as RouteEntry;
}

const withUser = ({ user }: { user: CurrentUser }) => ({ user });

// The landing page ships with the app (most visits begin there); every other page is its own chunk.
const landingPage = includedPage(LandingPage);
const dashboardPage = lazyPage(() => import('@/features/dashboard/pages/dashboard-page'), 'DashboardPage');

/** The dashboard's first screen: the member's listings, their numbers and the newest nearby. */
const dashboardData = (): PrefetchQuery[] => [
  { queryKey: listingQueryKeys.myListings },
  { queryKey: listingQueryKeys.userStats },
  // The reminder to finish verifying, rendered with the page rather than popping in after it.
  { queryKey: verificationStatusQueryKey },
  { queryKey: latestListingsQueryKey, path: latestListingsPath },
];

export const routes: RouteEntry[] = [
  // ---- Open to visitors (members see them too) ----
  route({
    path: '/',
    access: 'visitor',
    page: landingPage,
    forMembers: { page: dashboardPage, props: withUser },
    prefetch: ({ user }) => (user ? dashboardData() : [{ queryKey: activeHomepageVideoQueryKey }]),
  }),
  route({
    path: '/auth',
    access: 'visitor',
    page: lazyPage(() => import('@/features/auth/pages/auth-page'), 'AuthPage'),
    // "Sign in" links from a page that needs a member come back to it (/auth?next=/listing/1).
    forMembers: { redirectTo: '/', orReturnPath: true },
    meta: { noindex: true },
  }),
  // A Google sign-in finished (while someone was signed in here too: it signs in whoever Google named).
  route({
    path: googleSignInPaths.done,
    access: 'visitor',
    page: lazyPage(() => import('@/features/auth/pages/google-sign-in-done-page'), 'GoogleSignInDonePage'),
    meta: { noindex: true },
  }),
  route({
    path: '/membership-plans',
    access: 'visitor',
    page: lazyPage(() => import('@/features/membership/pages/membership-plans-page'), 'MembershipPlansPage'),
    meta: { description: 'Compare Neighbourly plans: list more items, add more photos and search your state or all of Australia. Starter is free.' },
  }),
  route({
    path: '/how-it-works',
    access: 'visitor',
    page: lazyPage(() => import('@/features/how-it-works/pages/how-it-works-page'), 'HowItWorksPage'),
    meta: { description: 'How Neighbourly works: list an item in minutes, chat with verified neighbours and meet nearby for pickup.' },
  }),
  // The footer's pages (spec 2).
  route({
    path: '/help',
    access: 'visitor',
    page: lazyPage(() => import('@/features/support/pages/help-centre-page'), 'HelpCentrePage'),
    meta: { description: 'Answers to common questions about buying, selling, memberships and verification on Neighbourly.' },
  }),
  route({
    path: '/safety',
    access: 'visitor',
    page: lazyPage(() => import('@/features/support/pages/safety-tips-page'), 'SafetyTipsPage'),
    meta: { description: 'Safety tips for buying and selling second-hand with neighbours: meeting up, paying and spotting scams.' },
  }),
  route({
    path: '/contact',
    access: 'visitor',
    page: lazyPage(() => import('@/features/support/pages/contact-page'), 'ContactPage'),
    meta: { description: 'Contact the Neighbourly team with a question, a problem or feedback.' },
  }),
  route({
    path: '/guidelines',
    access: 'visitor',
    page: lazyPage(() => import('@/features/support/pages/community-guidelines-page'), 'CommunityGuidelinesPage'),
    meta: { description: "Neighbourly's community guidelines: what can be listed, how to treat each other and what our team acts on." },
  }),
  route({
    path: '/privacy',
    access: 'visitor',
    page: lazyPage(() => import('@/features/support/pages/privacy-page'), 'PrivacyPage'),
    meta: { description: 'What Neighbourly keeps about you, who sees it, how to get a copy of your data and what happens when you close your account.' },
  }),
  // A saved search mail's unsubscribe link lands on the first, signed in or not; its button leads to the second.
  route({ path: unsubscribePagePath, access: 'visitor', page: lazyPage(() => import('@/features/saved/pages/unsubscribe-page'), 'UnsubscribePage'), meta: { noindex: true } }),
  route({ path: '/unsubscribed', access: 'visitor', page: lazyPage(() => import('@/features/saved/pages/unsubscribed-page'), 'UnsubscribedPage'), meta: { noindex: true } }),
  route({ path: '/dev/outbox', access: 'visitor', page: lazyPage(() => import('@/features/dev-outbox/pages/dev-outbox-page'), 'DevOutboxPage'), meta: { noindex: true } }),
  // Shared links to an item or a seller open for visitors too.
  route({
    path: listingPagePattern,
    access: 'visitor',
    page: lazyPage(() => {
      // A member's page has parts a visitor's has not, in a chunk of their own: fetched beside the page's code, not after it.
      if (readAuthToken() !== null) void preloadListingMemberParts();
      return import('@/features/listings/pages/listing-detail-page');
    }, 'ListingDetailPage'),
    props: ({ params, user }) => ({ key: params.id, user, id: params.id }),
    early: true,
    // An id that cannot be one is not asked for: the page shows its not-found screen by itself. The
    // seller's card sits beside the price, a member's note on where the listing lies above it, and
    // the Message seller box below; the seller's other listings, further down, load in the browser.
    prefetch: ({ params, user }) =>
      uuidPattern.test(params.id)
        ? [
            {
              queryKey: listingQueryKeys.listing(params.id),
              then: (data) => {
                const listing = data as ApiResponse<'getListing'>;
                const isBuyer = user !== null && listing.sellerId !== user.id;
                const showsReach = isBuyer && listing.isActive;
                return [
                  { queryKey: listingQueryKeys.sellerProfile(listing.sellerId) },
                  ...(showsReach ? [{ queryKey: listingQueryKeys.listingReach(listing.id, user), path: listingReachPath(listing.id) }] : []),
                  // "Message seller" or "Continue conversation": whether this buyer has written already.
                  ...(isBuyer ? [{ queryKey: conversationQueryKeys.listing(listing.id) }] : []),
                ];
              },
            },
          ]
        : [],
  }),
  route({
    path: sellerPagePattern,
    access: 'visitor',
    page: lazyPage(() => import('@/features/listings/pages/seller-listings-page'), 'SellerListingsPage'),
    props: ({ params }) => ({ key: params.sellerId, sellerId: params.sellerId }),
    prefetch: ({ params }) =>
      uuidPattern.test(params.sellerId)
        ? [
            {
              queryKey: listingQueryKeys.sellerProfile(params.sellerId),
              then: () => [{ queryKey: listingQueryKeys.sellerListings(params.sellerId) }, { queryKey: ratingQueryKeys.memberRatings(params.sellerId) }],
            },
          ]
        : [],
  }),

  // ---- Members only: visitors are sent to /auth ----
  route({ path: '/dashboard', access: 'member', page: dashboardPage, props: withUser, prefetch: dashboardData }),
  route({
    path: '/listings',
    access: 'member',
    page: lazyPage(() => import('@/features/listings/pages/browse-listings-page'), 'BrowseListingsPage'),
    props: withUser,
    // Search engines never see it (a visitor is sent to /auth), but a member's page is no private
    // matter: it says where its results live (its canonical address, filters in one order).
    meta: { noindex: false },
    prefetch: ({ search }) => {
      const filters = readBrowseFilters(search);
      const firstPage = (body: unknown, header: (name: string) => string | undefined): ListingsPage => toListingsPage(body as ApiResponse<'browseListings'>, header);
      return [{ queryKey: browseQueryKey(filters), path: listingsRequestPath(filters, null), firstPage }];
    },
  }),
  route({ path: '/create-listing', access: 'member', page: lazyPage(() => import('@/features/listings/pages/create-listing-page'), 'CreateListingPage'), props: withUser }),
  route({
    path: '/listing/:id/edit',
    access: 'member',
    page: lazyPage(() => import('@/features/listings/pages/edit-listing-page'), 'EditListingPage'),
    props: ({ params, user }) => ({ key: params.id, user, id: params.id }),
  }),
  route({
    path: '/subscribe/:tier',
    access: 'member',
    page: lazyPage(() => import('@/features/membership/pages/subscribe-page'), 'SubscribePage'),
    props: ({ params }) => ({ tier: params.tier }),
  }),
  route({
    path: '/messages',
    access: 'member',
    page: lazyPage(() => import('@/features/messages/pages/inbox-page'), 'InboxPage'),
    props: withUser,
    prefetch: () => [{ queryKey: conversationQueryKeys.inbox }],
  }),
  route({
    path: '/messages/:id',
    access: 'member',
    page: lazyPage(() => import('@/features/messages/pages/conversation-page'), 'ConversationPage'),
    props: ({ params, user }) => ({ key: params.id, user, id: params.id }),
    // The header and the newest page of the thread; an id that cannot be one shows not found by itself.
    prefetch: ({ params }) =>
      uuidPattern.test(params.id)
        ? [{ queryKey: conversationQueryKeys.conversation(params.id) }, { queryKey: conversationQueryKeys.thread(params.id), path: endpointPath('listMessages', { id: params.id }), firstPage: (body) => body }]
        : [],
  }),
  route({
    path: '/saved',
    access: 'member',
    page: lazyPage(() => import('@/features/saved/pages/saved-page'), 'SavedPage'),
    props: withUser,
    prefetch: () => [{ queryKey: listingQueryKeys.savedSearches }, { queryKey: listingQueryKeys.favourites }],
  }),
  route({ path: '/account', access: 'member', page: lazyPage(() => import('@/features/account/pages/account-page'), 'AccountPage') }),
  route({ path: '/verify-email', access: 'member', page: lazyPage(() => import('@/features/verification/pages/verify-email-page'), 'VerifyEmailPage') }),
  route({ path: '/verify-phone', access: 'member', page: lazyPage(() => import('@/features/verification/pages/verify-phone-page'), 'VerifyPhonePage') }),
  route({ path: '/admin', access: 'admin', page: lazyPage(() => import('@/features/admin/pages/admin-page'), 'AdminPage'), props: withUser }),
];

/** The first entry whose path matches `pathname` (as wouter's Switch matches it), with its params. */
export function findRoute(pathname: string): { entry: RouteEntry; params: RouteParams } | null {
  for (const entry of routes) {
    const [matches, params] = matchRoute(parseRoutePath, entry.path, pathname);
    if (matches) return { entry, params: params as RouteParams };
  }
  return null;
}

/** What a viewer gets at an entry: a page with its props, or a redirect. */
export type RouteOutcome = { page: LazyPage<any>; props: PageProps } | { redirectTo: string };

function destination(entry: RouteEntry, signedIn: boolean): { page: LazyPage<any>; props?: PropsFrom<any, RouteAccess> } | { redirectTo: string; orReturnPath?: boolean } {
  if (entry.access !== 'visitor') return signedIn ? entry : { redirectTo: '/auth' };
  return (signedIn && entry.forMembers) || entry;
}

export function routeOutcome(entry: RouteEntry, params: RouteParams, user: CurrentUser | null, search = ''): RouteOutcome {
  const to = destination(entry, user !== null);
  if ('redirectTo' in to) return { redirectTo: (to.orReturnPath && readReturnPath(search)) || to.redirectTo };
  return { page: to.page, props: to.props?.({ params, user: user as CurrentUser }) ?? {} };
}

/** Fetches the code of the page at `pathname` before the app's first render (who is signed in is not known yet, only whether someone is). */
export function preloadEntryPage(pathname: string, signedIn: boolean): Promise<unknown> {
  const match = findRoute(pathname);
  const to = match && destination(match.entry, signedIn);
  return to && 'page' in to ? to.page.preload() : Promise.resolve();
}

/**
 * What the browser asks for alongside the page's code when the server did not render the page: the
 * entry's first reads that need no member (a listing, not the seller's note on where it lies).
 */
export function earlyQueries(pathname: string, signedIn: boolean): QueryKey[] {
  const match = findRoute(pathname);
  if (!match?.entry.early || !match.entry.prefetch || 'redirectTo' in destination(match.entry, signedIn)) return [];
  return match.entry.prefetch({ params: match.params, search: new URLSearchParams(), user: null }).filter((query) => !query.path && !query.firstPage).map((query) => query.queryKey);
}

/**
 * What the route table says of a page's head: members' pages, a member's own page at a visitors'
 * address (the dashboard at /) and the pages marked noindex are kept out of search engines; a
 * visitors' page at one fixed address is listed under it.
 */
export function routeHeadDefaults(entry: RouteEntry, user: CurrentUser | null): PageHeadDefaults {
  const noindex = entry.meta?.noindex ?? (entry.access !== 'visitor' || (user !== null && entry.forMembers !== undefined));
  return { noindex, description: entry.meta?.description, canonicalPath: noindex || entry.path.includes(':') ? undefined : entry.path };
}

/** The public pages search engines may list, for the sitemap: open to visitors, one address each, not kept out. */
export function indexablePaths(): string[] {
  return routes.filter((entry) => entry.access === 'visitor' && !entry.path.includes(':') && !entry.meta?.noindex).map((entry) => entry.path);
}
