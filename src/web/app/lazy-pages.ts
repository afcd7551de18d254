// Pages that load in their own chunk the first time they are shown, so the first page a visitor
// opens downloads only its own code (the landing page is the one page in the first load).
import { type ComponentType, type ReactElement, createElement, use } from 'react';

/** A page in its own chunk: it suspends only while its code is on the way, and can be fetched ahead. */
export type LazyPage<Props> = ((props: Props) => ReactElement) & { preload: () => Promise<unknown> };
type Preloadable = { preload: () => Promise<unknown> };

/** Every lazily loaded page, for a server render, which loads them all once. */
const everyPage: Preloadable[] = [];

/**
 * Like React.lazy, except that a page whose code has arrived renders at once. React.lazy suspends
 * on a page's first render even when its chunk is already loaded, and React then holds back the
 * page for up to 300 ms after the fallback shows (its Suspense throttling); fetched ahead with
 * preload(), a page here never shows the fallback at all.
 */
export function lazyPage<Props extends object, Name extends string>(load: () => Promise<Record<Name, ComponentType<Props>>>, name: Name): LazyPage<Props> {
  let loaded: ComponentType<Props> | null = null;
  let pending: Promise<ComponentType<Props>> | null = null;
  // A failed download (a dropped connection, a release whose files are gone) stays failed, as with
  // React.lazy, so the page's error screen shows instead of asking again on every render; loading
  // the page again starts afresh.
  const preload = () => (pending ??= load().then((module) => (loaded = module[name])));
  function Page(props: Props) {
    return createElement(loaded ?? use(preload()), props);
  }
  Page.displayName = name;
  const page = Object.assign(Page, { preload });
  everyPage.push(page);
  return page;
}

export const MemberRoutes = lazyPage(() => import('./member-routes'), 'MemberRoutes');

export const AuthPage = lazyPage(() => import('../features/auth/pages/auth-page'), 'AuthPage');
export const GoogleSignInDonePage = lazyPage(() => import('../features/auth/pages/google-sign-in-done-page'), 'GoogleSignInDonePage');
export const MembershipPlansPage = lazyPage(() => import('../features/membership/pages/membership-plans-page'), 'MembershipPlansPage');
export const HowItWorksPage = lazyPage(() => import('../features/how-it-works/pages/how-it-works-page'), 'HowItWorksPage');
export const ListingDetailPage = lazyPage(() => import('../features/listings/pages/listing-detail-page'), 'ListingDetailPage');
export const SellerListingsPage = lazyPage(() => import('../features/listings/pages/seller-listings-page'), 'SellerListingsPage');

// Members' pages other than the dashboard and browse: forms, checkout, account and admin.
export const CreateListingPage = lazyPage(() => import('../features/listings/pages/create-listing-page'), 'CreateListingPage');
export const EditListingPage = lazyPage(() => import('../features/listings/pages/edit-listing-page'), 'EditListingPage');
export const SubscribePage = lazyPage(() => import('../features/membership/pages/subscribe-page'), 'SubscribePage');
export const AdminPage = lazyPage(() => import('../features/admin/pages/admin-page'), 'AdminPage');
export const AccountPage = lazyPage(() => import('../features/account/pages/account-page'), 'AccountPage');
export const VerifyEmailPage = lazyPage(() => import('../features/verification/pages/verify-email-page'), 'VerifyEmailPage');
export const VerifyPhonePage = lazyPage(() => import('../features/verification/pages/verify-phone-page'), 'VerifyPhonePage');

// The footer's pages (spec 2), open to visitors and members alike.
export const HelpCentrePage = lazyPage(() => import('../features/support/pages/help-centre-page'), 'HelpCentrePage');
export const SafetyTipsPage = lazyPage(() => import('../features/support/pages/safety-tips-page'), 'SafetyTipsPage');
export const ContactPage = lazyPage(() => import('../features/support/pages/contact-page'), 'ContactPage');
export const CommunityGuidelinesPage = lazyPage(() => import('../features/support/pages/community-guidelines-page'), 'CommunityGuidelinesPage');
export const DevOutboxPage = lazyPage(() => import('../features/dev-outbox/pages/dev-outbox-page'), 'DevOutboxPage');

/** The pages a first visit may open on, by path: their code is fetched before the first render. */
const memberEntryPages: [RegExp, Preloadable][] = [
  [/^\/account$/, AccountPage],
  [/^\/create-listing$/, CreateListingPage],
  [/^\/listing\/[^/]+\/edit$/, EditListingPage],
  [/^\/subscribe\/[^/]+$/, SubscribePage],
  [/^\/admin$/, AdminPage],
  [/^\/verify-email$/, VerifyEmailPage],
  [/^\/verify-phone$/, VerifyPhonePage],
];
const entryPages: [RegExp, Preloadable][] = [
  [/^\/auth$/, AuthPage],
  [/^\/auth\/google\/done$/, GoogleSignInDonePage],
  [/^\/membership-plans$/, MembershipPlansPage],
  [/^\/how-it-works$/, HowItWorksPage],
  [/^\/listing\/[^/]+$/, ListingDetailPage],
  [/^\/seller\/[^/]+$/, SellerListingsPage],
  [/^\/help$/, HelpCentrePage],
  [/^\/safety$/, SafetyTipsPage],
  [/^\/contact$/, ContactPage],
  [/^\/guidelines$/, CommunityGuidelinesPage],
];

/** Fetches the code the page at `pathname` needs (and, signed in, the members' routes). */
export function preloadEntryPage(pathname: string, signedIn: boolean): Promise<unknown> {
  const page = [...(signedIn ? memberEntryPages : []), ...entryPages].find(([pattern]) => pattern.test(pathname))?.[1];
  return Promise.all([signedIn ? MemberRoutes.preload() : null, page?.preload()]);
}

/**
 * Loads every page's code (a server render does this once, so no page suspends there), including
 * the parts a loaded page itself loads lazily (the admin tools).
 */
export async function preloadAllPages(): Promise<void> {
  let loaded = 0;
  while (loaded < everyPage.length) {
    const pending = everyPage.slice(loaded);
    loaded = everyPage.length;
    await Promise.all(pending.map((page) => page.preload()));
  }
}
