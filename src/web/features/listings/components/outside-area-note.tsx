import { Compass } from 'lucide-react';
import { Link } from 'wouter';
import { type CurrentUser, type ListingView, describeOutsideArea } from '../../../../domain';
import { useListingReach } from '@/features/listings/api';

const linkClass = 'font-semibold text-brand-700 underline-offset-4 hover:underline';

/**
 * A listing opened by a link shows to anyone (decision 0008); a member whose plan does not discover
 * it is told how far away it is and which plan would (spec 1 and 4).
 */
export function OutsideAreaNote({ listing, user }: { listing: ListingView; user: CurrentUser }) {
  const reach = useListingReach(listing.id, user);
  const note = reach.data ? describeOutsideArea(reach.data, listing) : null;
  if (!note) return null;
  return (
    <p className="flex items-start gap-2 rounded-2xl bg-sun-100 px-4 py-3 text-sm text-ink-900">
      <Compass className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        {note.where}
        {note.upgrade && (
          <>
            {' '}
            {note.upgrade}{' '}
            <Link href="/membership-plans" className={linkClass}>
              Compare plans
            </Link>
          </>
        )}
      </span>
    </p>
  );
}
