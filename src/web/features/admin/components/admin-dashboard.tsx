import { type CurrentUser, greetingName } from '../../../../domain';
import { PageContainer } from '@/components/page-container';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AuditLogCard } from './audit-log-card';
import { BannedWordsCard } from './banned-words-card';
import { GiftMembershipCard } from './gift-membership-card';
import { HomepageVideosCard } from './homepage-videos-card';
import { InsightsCard } from './insights-card';
import { InviteUserCard } from './invite-user-card';
import { JobsCard } from './jobs-card';
import { ReportsCard } from './reports-card';
import { SupportInboxCard } from './support-inbox-card';
import { UsersCard } from './users-card';

/** spec 2 and 6: the admin's tools, one card each. */
export function AdminDashboard({ user }: { user: CurrentUser }) {
  useDocumentTitle('Admin');
  return (
    <PageContainer>
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Admin</h1>
      <p className="mt-2 text-ink-700">
        G'day {greetingName(user)}. Look after reports, support messages, memberships, invitations, content and the homepage video.
      </p>
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        {/* What members reported waits on someone: first. */}
        <div className="min-w-0 lg:col-span-2">
          <ReportsCard />
        </div>
        {/* Members and visitors waiting on a reply: next. */}
        <div className="min-w-0 lg:col-span-2">
          <SupportInboxCard />
        </div>
        {/* The business at a glance (decision 50). */}
        <div className="min-w-0 lg:col-span-2">
          <InsightsCard />
        </div>
        <GiftMembershipCard />
        <InviteUserCard />
        <BannedWordsCard />
        <HomepageVideosCard />
        <div className="min-w-0 lg:col-span-2">
          <UsersCard />
        </div>
        <div className="min-w-0 lg:col-span-2">
          <AuditLogCard />
        </div>
        <div className="min-w-0 lg:col-span-2">
          <JobsCard />
        </div>
      </div>
    </PageContainer>
  );
}
