// Pages that load in their own chunk the first time they are shown, so the first page a visitor
// opens downloads only its own code (the landing page is the one page in the first load).
import { type ComponentType, lazy } from 'react';

function lazyPage<Props, Name extends string>(load: () => Promise<Record<Name, ComponentType<Props>>>, name: Name) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

/** Starts loading the signed-in routes early, while the member's session is still being checked. */
export const loadMemberRoutes = () => import('./member-routes');
export const MemberRoutes = lazyPage(loadMemberRoutes, 'MemberRoutes');

export const AuthPage = lazyPage(() => import('../features/auth/pages/auth-page'), 'AuthPage');
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
