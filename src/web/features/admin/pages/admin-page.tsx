import { ShieldAlert } from 'lucide-react';
import { type CurrentUser, errorMessages } from '../../../../domain';
import { ComingSoon } from '../../../components/coming-soon';
import { NoticePage } from '../../../components/notice-page';

export function AdminPage({ user }: { user: CurrentUser }) {
  // spec 2: the admin page shows Access Denied to everyone else.
  if (!user.isAdmin) return <NoticePage icon={ShieldAlert} title="Access Denied" description={errorMessages.adminOnly} />;
  return (
    <ComingSoon
      title="Admin"
      description="Memberships, invitations, content filtering and homepage videos will be managed here soon."
    />
  );
}
