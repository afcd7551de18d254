import { lazy } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { HowItWorksPage } from '../features/how-it-works/pages/how-it-works-page';
import { LandingPage } from '../features/landing/pages/landing-page';
import { MembershipPlansPage } from '../features/membership/pages/membership-plans-page';
import { NotFoundPage } from './not-found-page';

const ListingDetailPage = lazy(() =>
  import('../features/listings/pages/listing-detail-page').then((module) => ({ default: module.ListingDetailPage })),
);
const SellerListingsPage = lazy(() =>
  import('../features/listings/pages/seller-listings-page').then((module) => ({ default: module.SellerListingsPage })),
);

// The forms (react-hook-form, zod) load only when the sign-in page opens.
const AuthPage = lazy(() => import('../features/auth/pages/auth-page').then((module) => ({ default: module.AuthPage })));
// The footer's pages (spec 2), open to visitors and members alike.
const HelpCentrePage = lazy(() =>
  import('../features/support/pages/help-centre-page').then((module) => ({ default: module.HelpCentrePage })),
);
const SafetyTipsPage = lazy(() =>
  import('../features/support/pages/safety-tips-page').then((module) => ({ default: module.SafetyTipsPage })),
);
const ContactPage = lazy(() => import('../features/support/pages/contact-page').then((module) => ({ default: module.ContactPage })));
const CommunityGuidelinesPage = lazy(() =>
  import('../features/support/pages/community-guidelines-page').then((module) => ({ default: module.CommunityGuidelinesPage })),
);
const DevOutboxPage = lazy(() =>
  import('../features/dev-outbox/pages/dev-outbox-page').then((module) => ({ default: module.DevOutboxPage })),
);

/** Member pages a signed-out visitor is sent to /auth from, instead of a 404. */
const memberOnlyPaths = [
  '/dashboard',
  '/listings',
  '/create-listing',
  '/subscribe/:tier',
  '/admin',
  '/account',
  '/listing/:id/edit',
  '/verify-email',
  '/verify-phone',
];

/** spec 2: the signed-out routes. */
export function VisitorRoutes() {
  return (
    <Switch>
      <Route path="/" component={LandingPage} />
      <Route path="/auth" component={AuthPage} />
      <Route path="/membership-plans" component={MembershipPlansPage} />
      <Route path="/how-it-works" component={HowItWorksPage} />
      <Route path="/help" component={HelpCentrePage} />
      <Route path="/safety" component={SafetyTipsPage} />
      <Route path="/contact" component={ContactPage} />
      <Route path="/guidelines" component={CommunityGuidelinesPage} />
      <Route path="/dev/outbox" component={DevOutboxPage} />
      {/* Shared links to an item or a seller open for visitors too. */}
      <Route path="/listing/:id">{(params) => <ListingDetailPage key={params.id} user={null} id={params.id} />}</Route>
      <Route path="/seller/:sellerId">{(params) => <SellerListingsPage key={params.sellerId} sellerId={params.sellerId} />}</Route>
      {memberOnlyPaths.map((path) => (
        <Route key={path} path={path}>
          <Redirect to="/auth" replace />
        </Route>
      ))}
      <Route component={NotFoundPage} />
    </Switch>
  );
}
