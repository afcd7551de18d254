import { BadgeCheck, CircleCheck, Layers, PackageCheck, type LucideIcon } from 'lucide-react';
import type { UserStats } from '../../../../domain';
import { cn } from '@/lib/cn';

function StatCard({ icon: Icon, label, value, tone }: { icon: LucideIcon; label: string; value: number | undefined; tone: string }) {
  return (
    <div className="flex items-center gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm">
      <span className={cn('hidden size-11 shrink-0 items-center justify-center rounded-xl sm:inline-flex', tone)}>
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p className="text-sm text-ink-500">{label}</p>
        <p className="text-2xl font-extrabold tabular-nums">{value ?? '–'}</p>
      </div>
    </div>
  );
}

/** spec 2: the tier in capitals, STARTER when not known; Connector has its own look. */
function MembershipTierCard({ tier }: { tier: string | undefined }) {
  const isConnector = tier === 'connector';
  return (
    <div className="flex items-center gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm">
      <span className="hidden size-11 shrink-0 items-center justify-center rounded-xl bg-sun-100 sm:inline-flex">
        <BadgeCheck className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p className="text-sm text-ink-500">Membership Tier</p>
        <p
          className={cn(
            'mt-1 inline-block rounded-full px-3 py-0.5 text-sm font-extrabold tracking-wider',
            isConnector ? 'bg-gradient-to-r from-brand-600 to-sun-400 text-white shadow-sm' : 'bg-sand-100 text-ink-900',
          )}
        >
          {(tier ?? 'starter').toUpperCase()}
        </p>
      </div>
    </div>
  );
}

export function StatCards({ stats }: { stats: UserStats | undefined }) {
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard icon={Layers} label="Total Listings" value={stats?.totalListings} tone="bg-brand-50 text-brand-700" />
      <StatCard icon={CircleCheck} label="Active Listings" value={stats?.activeListings} tone="bg-leaf-50 text-leaf-700" />
      <StatCard icon={PackageCheck} label="Items Sold" value={stats?.soldListings} tone="bg-sand-100 text-ink-700" />
      <MembershipTierCard tier={stats?.membershipTier} />
    </div>
  );
}
