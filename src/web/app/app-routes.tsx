import { Suspense } from 'react';
import { useLocation } from 'wouter';
import { LoadingState } from '../components/loading-state';
import { useCurrentUser } from '../lib/auth';
import { AppShell } from './layout/app-shell';
import { MemberRoutes } from './lazy-pages';
import { PageErrorBoundary } from './page-error-boundary';
import { VisitorRoutes } from './visitor-routes';

/** The set of routes depends on whether someone is signed in (spec 4). */
export function AppRoutes() {
  const { user, isLoading } = useCurrentUser();
  const [location] = useLocation();
  if (isLoading) return <LoadingState className="min-h-screen" />;
  return (
    <AppShell user={user}>
      <PageErrorBoundary resetKey={location}>
        <Suspense fallback={<LoadingState />}>{user ? <MemberRoutes user={user} /> : <VisitorRoutes />}</Suspense>
      </PageErrorBoundary>
    </AppShell>
  );
}
