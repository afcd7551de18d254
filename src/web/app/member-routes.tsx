import { Redirect, Route, Switch } from 'wouter';
import { type CurrentUser, googleSignInPaths } from '../../domain';
import { DashboardPage } from '../features/dashboard/pages/dashboard-page';
import { BrowseListingsPage } from '../features/listings/pages/browse-listings-page';
import {
  AccountPage,
  AdminPage,
  CommunityGuidelinesPage,
  ContactPage,
  CreateListingPage,
  DevOutboxPage,
  EditListingPage,
  GoogleSignInDonePage,
  HelpCentrePage,
  HowItWorksPage,
  ListingDetailPage,
  MembershipPlansPage,
  SafetyTipsPage,
  SellerListingsPage,
  SubscribePage,
  VerifyEmailPage,
  VerifyPhonePage,
} from './lazy-pages';
import { NotFoundPage } from './not-found-page';

/** spec 2: the signed-in routes. */
export function MemberRoutes({ user }: { user: CurrentUser }) {
  return (
    <Switch>
      <Route path="/">
        <DashboardPage user={user} />
      </Route>
      <Route path="/dashboard">
        <DashboardPage user={user} />
      </Route>
      <Route path="/auth">
        <Redirect to="/" replace />
      </Route>
      {/* A Google sign-in finished while someone was signed in here: it signs in whoever Google named. */}
      <Route path={googleSignInPaths.done} component={GoogleSignInDonePage} />
      <Route path="/listings">
        <BrowseListingsPage user={user} />
      </Route>
      <Route path="/create-listing">
        <CreateListingPage user={user} />
      </Route>
      <Route path="/subscribe/:tier">{(params) => <SubscribePage tier={params.tier} />}</Route>
      <Route path="/admin">
        <AdminPage user={user} />
      </Route>
      <Route path="/account" component={AccountPage} />
      <Route path="/listing/:id/edit">{(params) => <EditListingPage key={params.id} user={user} id={params.id} />}</Route>
      <Route path="/listing/:id">{(params) => <ListingDetailPage key={params.id} user={user} id={params.id} />}</Route>
      <Route path="/verify-email" component={VerifyEmailPage} />
      <Route path="/verify-phone" component={VerifyPhonePage} />
      <Route path="/membership-plans" component={MembershipPlansPage} />
      <Route path="/how-it-works" component={HowItWorksPage} />
      <Route path="/help" component={HelpCentrePage} />
      <Route path="/safety" component={SafetyTipsPage} />
      <Route path="/contact" component={ContactPage} />
      <Route path="/guidelines" component={CommunityGuidelinesPage} />
      <Route path="/seller/:sellerId">{(params) => <SellerListingsPage key={params.sellerId} sellerId={params.sellerId} />}</Route>
      <Route path="/dev/outbox" component={DevOutboxPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
