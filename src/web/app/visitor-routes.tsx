import { Redirect, Route, Switch } from 'wouter';
import { googleSignInPaths } from '../../domain';
import { LandingPage } from '../features/landing/pages/landing-page';
import {
  AuthPage,
  CommunityGuidelinesPage,
  ContactPage,
  DevOutboxPage,
  GoogleSignInDonePage,
  HelpCentrePage,
  HowItWorksPage,
  ListingDetailPage,
  MembershipPlansPage,
  SafetyTipsPage,
  SellerListingsPage,
} from './lazy-pages';
import { NotFoundPage } from './not-found-page';

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
      <Route path={googleSignInPaths.done} component={GoogleSignInDonePage} />
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
