import { ArrowRight, PackagePlus, Search, Sparkles } from 'lucide-react';
import { Link } from 'wouter';
import { type CurrentUser, greetingName } from '../../../../domain';
import { PageContainer } from '@/components/page-container';
import { VerificationStatusWidget } from '@/shared/account/verification-status';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useMyListings, useUserStats } from '@/features/dashboard/api';
import { ListingLimitNotice } from '@/features/dashboard/components/listing-limit-notice';
import { WhatsNew } from '@/features/dashboard/components/whats-new';
import { YourListings, YourListingsLoading } from '@/features/dashboard/components/your-listings';

const actions = [
  {
    href: '/create-listing',
    title: 'List Something',
    text: 'Turn the things you no longer need into cash from neighbours.',
    icon: PackagePlus,
    tone: 'bg-brand-100 text-brand-700',
  },
  {
    href: '/listings',
    title: 'Browse Listings',
    text: "See what's for sale just around the corner.",
    icon: Search,
    tone: 'bg-leaf-100 text-leaf-700',
  },
  {
    href: '/membership-plans',
    title: 'Upgrade Plan',
    text: 'List more items and search a wider area.',
    icon: Sparkles,
    tone: 'bg-sun-100 text-ink-900',
  },
];

export function DashboardPage({ user }: { user: CurrentUser }) {
  useDocumentTitle('My Dashboard');
  const myListings = useMyListings();
  const stats = useUserStats();
  return (
    <PageContainer>
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">G'day {greetingName(user)}</h1>
      <p className="mt-2 text-ink-700">What would you like to do today?</p>
      <VerificationStatusWidget layout="nudge" className="mt-6" />
      <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {actions.map(({ href, title, text, icon: Icon, tone }) => (
          <li key={href}>
            <Link
              href={href}
              className="group flex h-full flex-col rounded-[var(--radius-card)] border border-sand-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md"
            >
              <span className={`inline-flex size-12 items-center justify-center rounded-2xl ${tone}`}>
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h2 className="mt-4 text-xl font-bold">{title}</h2>
              <p className="mt-1 flex-1 text-ink-700">{text}</p>
              <span className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700" aria-hidden="true">
                Let's go
                <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" />
              </span>
            </Link>
          </li>
        ))}
      </ul>

      {myListings.data && <ListingLimitNotice user={user} listings={myListings.data} />}

      {/* spec 2: 'Your Listings' only once the member has listed something. */}
      {myListings.isPending ? (
        <YourListingsLoading />
      ) : myListings.data && myListings.data.length > 0 ? (
        <YourListings listings={myListings.data} stats={stats.data} />
      ) : null}

      <WhatsNew />
    </PageContainer>
  );
}
