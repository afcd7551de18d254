import { Clock } from 'lucide-react';
import { Link } from 'wouter';
import { type CurrentUser, describeSupportByPlan, rulesForTier, supportLevelFor, visitorSupportLevel } from '../../../../domain';
import { cn } from '@/lib/cn';

const linkClass = 'font-semibold text-brand-700 underline underline-offset-2';

/**
 * How soon each plan hears back (decision 32), the reader's own line marked. Community support (Starter
 * and visitors) points to the Help Centre and Safety Tips, which answer most questions at once.
 */
export function ReplyTimes({ user }: { user: CurrentUser | null }) {
  const own = supportLevelFor(user?.membershipTier ?? null);
  return (
    <div className="rounded-[var(--radius-card)] bg-white p-5 shadow-sm ring-1 ring-sand-200">
      <h2 className="flex items-start gap-2 font-bold">
        <Clock className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
        How soon we reply
      </h2>
      {user && (
        <p className="mt-1 text-sm text-ink-700">
          You're on {rulesForTier(user.membershipTier).label}: {rulesForTier(user.membershipTier).support.toLowerCase()}.
        </p>
      )}
      <ul aria-label="Reply times by plan" className="mt-3 space-y-2">
        {describeSupportByPlan().map((entry) => (
          <li key={entry.level} aria-current={entry.level === own ? 'true' : undefined} className={cn('rounded-xl p-3 text-sm', entry.level === own ? 'bg-brand-50 ring-1 ring-brand-200' : 'bg-sand-50')}>
            <p className="font-bold text-ink-900">
              {entry.label} <span className="font-normal text-ink-700">· {entry.who}</span>
            </p>
            <p className="mt-0.5 text-ink-700">{entry.promise}</p>
            {entry.level === visitorSupportLevel && (
              <p className="mt-1 text-ink-700">
                Start with the{' '}
                <Link href="/help" className={linkClass}>
                  Help Centre
                </Link>{' '}
                and{' '}
                <Link href="/safety" className={linkClass}>
                  Safety Tips
                </Link>
                .
              </p>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
