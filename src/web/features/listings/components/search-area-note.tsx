import { Info, MapPin } from 'lucide-react';
import { Link } from 'wouter';
import { type CurrentUser, rulesForTier, searchAreaNote } from '../../../../domain';

const linkClass = 'font-semibold text-brand-700 underline-offset-4 hover:underline';

/** Where a member's browse looks (spec 1 and 4), and a nudge to add a postcode when there is none. */
export function SearchAreaNote({ user }: { user: CurrentUser }) {
  const rules = rulesForTier(user.membershipTier);
  return (
    <div className="space-y-2 text-sm">
      {!user.postcode && (
        <p className="flex items-start gap-2 rounded-2xl bg-sun-100 px-4 py-3 text-ink-900">
          <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            Add your postcode so we can show what's for sale near you.{' '}
            <Link href="/account" className={linkClass}>
              Go to Account
            </Link>
          </span>
        </p>
      )}
      {rules.searchArea !== 'australia' && (
        <p className="flex items-start gap-2 text-ink-700">
          <Info className="mt-0.5 size-4 shrink-0 text-ink-500" aria-hidden="true" />
          <span>
            {searchAreaNote(user.membershipTier)}{' '}
            <Link href="/membership-plans" className={linkClass}>
              Search a wider area
            </Link>
          </span>
        </p>
      )}
    </div>
  );
}
