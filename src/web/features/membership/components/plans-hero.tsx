import { type CurrentUser, formatDateAU } from '../../../../domain';
import { TierBadge } from '@/components/tier-badge';

export function PlansHero({ user }: { user: CurrentUser | null }) {
  return (
    <section aria-labelledby="plans-hero-heading" className="mx-auto w-full max-w-3xl px-4 pt-12 pb-8 text-center sm:px-6 lg:pt-16">
      <p className="inline-flex rounded-full bg-brand-50 px-3 py-1 text-xs font-bold tracking-wide text-brand-700 uppercase">Membership plans</p>
      <h1 id="plans-hero-heading" className="mt-4 text-4xl font-extrabold tracking-tight sm:text-5xl">
        A plan for every <span className="text-brand-600">neighbour</span>
      </h1>
      <p className="mx-auto mt-4 max-w-xl text-lg text-ink-700">
        Start free and upgrade whenever you want to list more, add more photos or search further. Prices in AUD, billed annually.
      </p>
      {user && (
        <p className="mt-5 inline-flex flex-wrap items-center justify-center gap-2 rounded-2xl bg-white px-4 py-2 text-sm text-ink-700 shadow-sm ring-1 ring-sand-200">
          <span>Your plan:</span>
          <TierBadge tier={user.membershipTier} showLabel className="px-2.5 py-0.5 text-sm" />
          {user.trialEndDate && <span>free month until {formatDateAU(user.trialEndDate)}</span>}
          {!user.trialEndDate && user.membershipTier === 'lifetime' && <span>a gift from our team</span>}
        </p>
      )}
    </section>
  );
}
