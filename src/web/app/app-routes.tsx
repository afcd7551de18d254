import { Suspense } from 'react';
import { LoadingState } from '../components/loading-state';
import { useCurrentUser } from '../lib/auth';
import { AppShell } from './layout/app-shell';
import { MemberRoutes } from './lazy-pages';
import { VisitorRoutes } from './visitor-routes';

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
