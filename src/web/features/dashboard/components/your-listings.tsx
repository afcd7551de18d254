import { EyeOff, PackageCheck, PackageOpen, Pin, Plus, Rocket } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { type ListingView, type UserStats, purchasableTiers, rulesForTier, tierRules } from '../../../../domain';
import { moderationLabels } from '../../../../domain/moderation';
import { EmptyState } from '@/components/empty-state';
import { ListingCard } from '@/shared/listing/listing-card';
import { ListingGrid, ListingGridSkeleton } from '@/shared/listing/listing-grid';
import { buttonVariants } from '@/components/ui/button';
import { useCurrentUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { ListingInsightsButton } from './listing-insights-button';
import { PausedListingsNote } from './listing-limit-notice';
import { StatCards } from './stat-cards';

type TabName = 'active' | 'sold' | 'all';
const tabOrder: TabName[] = ['active', 'sold', 'all'];
const tabLabels: Record<TabName, string> = { active: 'Active', sold: 'Sold', all: 'All' };

function CreateLink({ className }: { className?: string }) {
  return (
    <Link href="/create-listing" className={buttonVariants({ className })}>
      <Plus aria-hidden="true" />
      Create New Listing
    </Link>
  );
}

function TabEmptyState({ tab }: { tab: TabName }) {
  if (tab === 'active') {
    return (
      <EmptyState icon={PackageOpen} title="No active listings" description="Everything you listed has sold. Got something else to pass on?">
        <CreateLink />
      </EmptyState>
    );
  }
  if (tab === 'sold') {
    return <EmptyState icon={PackageCheck} title="No sold items yet" description="Items you mark as sold will show up here." />;
  }
  return (
    <EmptyState icon={Rocket} title="Ready to start selling?" description="List your first item in a minute.">
      <CreateLink />
    </EmptyState>
  );
}

/** The plan members buy to pin posts (spec 9: Connector). */
const firstPlanWithPins = purchasableTiers.find((tier) => tierRules[tier].pinnedPosts > 0);

/**
 * Members whose plan has no pinned posts see no Pin to top on their cards, only this one line
 * saying which plan has them.
 */
function PinnedPostsHint() {
  const { user } = useCurrentUser();
  if (!user || rulesForTier(user.membershipTier).pinnedPosts > 0 || !firstPlanWithPins) return null;
  return (
    <p className="mt-5 flex items-start gap-2 text-sm text-ink-700">
      <Pin className="mt-0.5 size-4 shrink-0 text-ink-500" aria-hidden="true" />
      <span>
        <Link href="/membership-plans" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          Pinned posts come with {tierRules[firstPlanWithPins].label}
        </Link>
        : pin a listing to the top of browse for neighbours to see first.
      </span>
    </p>
  );
}

/** Listings our team hid are neither for sale nor sold: they wait under All, each card saying why. */
function HiddenListingsNote({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <p className="mt-5 flex items-start gap-2 text-sm text-ink-700">
      <EyeOff className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
      <span>
        {moderationLabels.hiddenListingsNote(count)}{' '}
        <Link href="/contact" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          {moderationLabels.contactUs}
        </Link>
      </span>
    </p>
  );
}

/** The seller view of the dashboard (spec 2): numbers, then the member's listings in three tabs. */
export function YourListings({ listings, stats }: { listings: ListingView[]; stats: UserStats | undefined }) {
  const [tab, setTab] = useState<TabName>('active');
  const baseId = useId();
  const tabRefs = useRef<Partial<Record<TabName, HTMLButtonElement | null>>>({});
  const byTab: Record<TabName, ListingView[]> = {
    active: listings.filter((listing) => listing.isActive),
    // Paused and hidden listings are not sold: they show under All only.
    sold: listings.filter((listing) => !listing.isActive && !listing.isPaused && !listing.hiddenReason),
    all: listings,
  };
  const shown = byTab[tab];

  const onTabKey = (event: KeyboardEvent) => {
    const index = tabOrder.indexOf(tab);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabOrder.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = tabOrder[(moves[event.key] + tabOrder.length) % tabOrder.length];
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <section aria-labelledby={`${baseId}-heading`} className="mt-12">
      <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <h2 id={`${baseId}-heading`} className="text-2xl font-extrabold tracking-tight sm:text-3xl">
          Your Listings
        </h2>
        <CreateLink />
      </div>
      <StatCards stats={stats} />
      <PausedListingsNote count={stats?.pausedListings} />
      <HiddenListingsNote count={listings.filter((listing) => listing.hiddenReason).length} />
      <PinnedPostsHint />

      <div role="tablist" aria-label="Your listings" onKeyDown={onTabKey} className="mt-8 flex gap-1 overflow-x-auto border-b border-sand-200">
        {tabOrder.map((name) => (
          <button
            key={name}
            ref={(element) => {
              tabRefs.current[name] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
            className={cn(
              '-mb-px inline-flex min-h-11 shrink-0 items-center border-b-2 px-4 text-sm font-semibold whitespace-nowrap transition-colors',
              tab === name ? 'border-brand-600 text-brand-700' : 'border-transparent text-ink-500 hover:text-ink-900',
            )}
          >
            {tabLabels[name]} ({byTab[name].length})
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${tab}`} className="pt-6">
        {shown.length === 0 ? (
          <TabEmptyState tab={tab} />
        ) : (
          <ListingGrid>
            {shown.map((listing) => (
              <li key={listing.id}>
                <ListingCard listing={listing} mode="owner" showEdit={tab !== 'sold'} ownerAction={<ListingInsightsButton listing={listing} className="px-3" />} />
              </li>
            ))}
          </ListingGrid>
        )}
      </div>
    </section>
  );
}

/** While the member's listings load (spec 2: 4 placeholders). */
export function YourListingsLoading() {
  return (
    <section aria-label="Your Listings" className="mt-12">
      <div className="mb-5 h-8 w-48 animate-pulse rounded-full bg-sand-200" aria-hidden="true" />
      <ListingGridSkeleton count={4} />
    </section>
  );
}
