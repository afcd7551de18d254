import { CalendarClock, PauseCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { type CurrentUser, type ListingView, listingLimitNotice, rulesForTier } from '../../../../domain';
import { ModalDialog } from '@/components/modal-dialog';
import { Button, buttonVariants } from '@/components/ui/button';
import { handleUnauthorizedError } from '@/lib/unauthorized';
import { toast } from '@/lib/use-toast';
import { useKeepActiveListings } from '@/features/dashboard/api';

const linkClass = 'font-semibold text-brand-700 underline-offset-4 hover:underline';

/** The member picks which listings stay active; the newest are picked to begin with (as the deadline would). */
function KeepActiveChooser({ listings, limit, onDone }: { listings: ListingView[]; limit: number; onDone: () => void }) {
  const [kept, setKept] = useState<string[]>(() => listings.slice(0, limit).map((listing) => listing.id));
  const keep = useKeepActiveListings();
  const toggle = (id: string) => setKept((current) => (current.includes(id) ? current.filter((keptId) => keptId !== id) : [...current, id]));
  const submit = () =>
    keep.mutate(
      { listingIds: kept },
      {
        onSuccess: ({ message }) => {
          toast({ title: 'Listings updated', description: message });
          onDone();
        },
        onError: (error) => {
          if (handleUnauthorizedError(error)) return;
          toast({ title: 'Error', description: error.message, variant: 'destructive' });
        },
      },
    );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <fieldset>
        <legend className="text-sm text-ink-700">
          Keep up to {limit} active ({kept.length} chosen). The others are paused, not deleted.
        </legend>
        <ul className="mt-3 max-h-72 space-y-2 overflow-y-auto">
          {listings.map((listing) => {
            const checked = kept.includes(listing.id);
            return (
              <li key={listing.id}>
                <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-sand-200 px-3 py-2 has-[:checked]:border-brand-300 has-[:checked]:bg-brand-50">
                  <input type="checkbox" className="size-5 shrink-0 accent-brand-600" checked={checked} disabled={!checked && kept.length >= limit} onChange={() => toggle(listing.id)} />
                  <span className="min-w-0 flex-1 truncate font-semibold">{listing.title}</span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <Button type="submit" size="lg" className="mt-5 w-full" disabled={kept.length === 0 || keep.isPending}>
        {keep.isPending ? 'Saving…' : 'Keep these active'}
      </Button>
    </form>
  );
}

/** A plan that allows fewer active listings than the member has (decision 12): what happens, by when, and the choice. */
export function ListingLimitNotice({ user, listings }: { user: CurrentUser; listings: ListingView[] }) {
  const [choosing, setChoosing] = useState(false);
  const active = listings.filter((listing) => listing.isActive);
  const limit = rulesForTier(user.membershipTier).listingLimit;
  if (!user.listingLimitNoticeAt || limit === null || active.length <= limit) return null;
  return (
    <section role="status" aria-label="Your plan's listing limit" className="mt-8 rounded-[var(--radius-card)] border border-sun-300 bg-sun-100 p-5 sm:p-6">
      <p className="flex items-start gap-3 text-ink-900">
        <CalendarClock className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <span>{listingLimitNotice({ tier: user.membershipTier, activeCount: active.length, noticeAt: user.listingLimitNoticeAt })}</span>
      </p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <Button onClick={() => setChoosing(true)}>Choose listings to keep</Button>
        <Link href="/membership-plans" className={buttonVariants({ variant: 'secondary' })}>
          Upgrade to keep them all
        </Link>
      </div>
      <ModalDialog open={choosing} onClose={() => setChoosing(false)} title="Choose listings to keep">
        <KeepActiveChooser listings={active} limit={limit} onDone={() => setChoosing(false)} />
      </ModalDialog>
    </section>
  );
}

/** Listings a smaller plan paused: where they are, and the way back. */
export function PausedListingsNote({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <p className="mt-5 flex items-start gap-2 text-sm text-ink-700">
      <PauseCircle className="mt-0.5 size-4 shrink-0 text-ink-500" aria-hidden="true" />
      <span>
        {count === 1 ? '1 listing is paused' : `${count} listings are paused`} because your plan allows fewer. Paused listings are kept (see All) and come back
        when you{' '}
        <Link href="/membership-plans" className={linkClass}>
          upgrade
        </Link>
        .
      </span>
    </p>
  );
}
