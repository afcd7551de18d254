import { ShieldAlert } from 'lucide-react';
import { Suspense } from 'react';
import { type CurrentUser, errorMessages } from '../../../../domain';
import { LoadingState } from '@/components/loading-state';
import { NoticePage } from '@/components/notice-page';
import { lazyPage } from '@/lib/lazy-page';

// The tools load in their own chunk: only admins download them.
const AdminDashboard = lazyPage(() => import('@/features/admin/components/admin-dashboard'), 'AdminDashboard');

/** /admin (spec 2): Access Denied unless the member is an admin. The server checks every call too. */
export function AdminPage({ user }: { user: CurrentUser }) {
  if (!user.isAdmin) return <NoticePage icon={ShieldAlert} title="Access Denied" description={errorMessages.adminOnly} />;
  return (
    <Suspense fallback={<LoadingState />}>
      <AdminDashboard user={user} />
    </Suspense>
  );
}
