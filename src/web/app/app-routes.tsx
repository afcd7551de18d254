import { Suspense, lazy } from 'react';
import { LoadingState } from '../components/loading-state';
import { useCurrentUser } from '../lib/auth';
import { AppShell } from './layout/app-shell';
import { VisitorRoutes } from './visitor-routes';

// Members' pages load in their own chunk; visitors never download them.
const MemberRoutes = lazy(() => import('./member-routes').then((module) => ({ default: module.MemberRoutes })));

/** The set of routes depends on whether someone is signed in (spec 4). */
export function AppRoutes() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <LoadingState className="min-h-screen" />;
  return (
    <AppShell user={user}>
      <Suspense fallback={<LoadingState />}>{user ? <MemberRoutes user={user} /> : <VisitorRoutes />}</Suspense>
    </AppShell>
  );
}
