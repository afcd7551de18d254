import { lazy } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import type { CurrentUser } from '../../domain';
import { AccountPage } from '../features/account/pages/account-page';
import { AdminPage } from '../features/admin/pages/admin-page';
import { DashboardPage } from '../features/dashboard/pages/dashboard-page';
import { HowItWorksPage } from '../features/how-it-works/pages/how-it-works-page';
import { BrowseListingsPage } from '../features/listings/pages/browse-listings-page';
import { CreateListingPage } from '../features/listings/pages/create-listing-page';
import { EditListingPage } from '../features/listings/pages/edit-listing-page';
import { ListingDetailPage } from '../features/listings/pages/listing-detail-page';
import { SellerListingsPage } from '../features/listings/pages/seller-listings-page';
import { MembershipPlansPage } from '../features/membership/pages/membership-plans-page';
import { SubscribePage } from '../features/membership/pages/subscribe-page';
import { VerifyEmailPage } from '../features/verification/pages/verify-email-page';
import { CommunityGuidelinesPage } from '../features/support/pages/community-guidelines-page';
import { ContactPage } from '../features/support/pages/contact-page';
import { HelpCentrePage } from '../features/support/pages/help-centre-page';
import { SafetyTipsPage } from '../features/support/pages/safety-tips-page';
import { VerifyPhonePage } from '../features/verification/pages/verify-phone-page';
import { NotFoundPage } from './not-found-page';

const DevOutboxPage = lazy(() =>
  import('../features/dev-outbox/pages/dev-outbox-page').then((module) => ({ default: module.DevOutboxPage })),
);

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
