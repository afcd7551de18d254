import { Suspense, createElement } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import type { CurrentUser } from '../../domain';
import { LoadingState } from '@/components/loading-state';
import { useCurrentUser } from '@/lib/auth';
import { PageHeadDefaultsContext } from '@/lib/use-page-head';
import { AppShell } from './layout/app-shell';
import { NotFoundPage } from './not-found-page';
import { PageErrorBoundary } from './page-error-boundary';
import { type RouteParams, routeHeadDefaults, routeOutcome, routes } from './routes';

/**
 * spec 2: the routes of the table, as a visitor or as this member sees them. The address comes with
 * the member from one render of AppRoutes: this part can hydrate after its parent (it waits for the
 * page's code), and reading the address itself then could pair a signed-out address (/auth, just
 * pushed by Log out) with the member the parent rendered for, and redirect the leaving member home.
 */
function PageRoutes({ user, location, search }: { user: CurrentUser | null; location: string; search: string }) {
  return (
    <Switch location={location}>
      {routes.map((entry) => (
        <Route key={entry.path} path={entry.path}>
          {(params) => {
            const outcome = routeOutcome(entry, params as RouteParams, user, search);
            if ('redirectTo' in outcome) return <Redirect to={outcome.redirectTo} replace />;
            return <PageHeadDefaultsContext value={routeHeadDefaults(entry, user)}>{createElement(outcome.page, outcome.props)}</PageHeadDefaultsContext>;
          }}
        </Route>
      ))}
      <Route component={NotFoundPage} />
    </Switch>
  );
}

/** The set of routes depends on whether someone is signed in (spec 4). */
export function AppRoutes() {
  const { user, isLoading } = useCurrentUser();
  const [location] = useLocation();
  const search = useSearch();
  if (isLoading) return <LoadingState className="min-h-screen" />;
  return (
    <AppShell user={user}>
      <PageErrorBoundary resetKey={location}>
        <Suspense fallback={<LoadingState />}>
          {/* Signing in or out shows the page afresh, as the other side sees it. */}
          <PageRoutes key={user ? 'member' : 'visitor'} user={user ?? null} location={location} search={search} />
        </Suspense>
      </PageErrorBoundary>
    </AppShell>
  );
}
