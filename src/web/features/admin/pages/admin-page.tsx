import { ShieldAlert } from 'lucide-react';
import { Suspense, lazy } from 'react';
import { type CurrentUser, errorMessages } from '../../../../domain';
import { LoadingState } from '../../../components/loading-state';
import { NoticePage } from '../../../components/notice-page';

// The tools load in their own chunk: only admins download them.
const AdminDashboard = lazy(() => import('../components/admin-dashboard').then((module) => ({ default: module.AdminDashboard })));

/** /admin (spec 2): Access Denied unless the member is an admin. The server checks every call too. */
export function AdminPage({ user }: { user: CurrentUser }) {
  if (!user.isAdmin) return <NoticePage icon={ShieldAlert} title="Access Denied" description={errorMessages.adminOnly} />;
  return (
    <Suspense fallback={<LoadingState />}>
      <AdminDashboard user={user} />
    </Suspense>
  );
}
