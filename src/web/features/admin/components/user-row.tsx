import { Check, Clock, ShieldCheck, UserX } from 'lucide-react';
import { useState } from 'react';
import { type VerificationType, formatDateAU, verificationTypeLabels, verificationTypes } from '../../../../domain';
import { moderationLabels } from '../../../../domain/moderation';
import { TierBadge } from '@/components/tier-badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { type AdminUser, useLiftSuspension, useVerifyUser } from '@/features/admin/api';
import { CloseMemberDialog } from './close-member-dialog';

function fullName(user: AdminUser): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
}

function displayName(user: AdminUser): string {
  return fullName(user) || 'No name given';
}

function VerificationChip({ label, verified }: { label: string; verified: boolean }) {
  const Icon = verified ? Check : Clock;
  return (
    <li
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold',
        verified ? 'bg-leaf-100 text-leaf-700' : 'bg-sun-100 text-ink-900',
      )}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {label}
      <span className="sr-only">: {verified ? 'Verified' : 'Pending'}</span>
    </li>
  );
}

/**
 * One member: who they are, their tier and checks, and buttons to force the missing checks or close
 * the account. A closed account says since when, and offers nothing more.
 */
export function UserRow({ user }: { user: AdminUser }) {
  const verify = useVerifyUser();
  const lift = useLiftSuspension();
  const [closing, setClosing] = useState(false);
  const isClosed = user.closedAt !== null;
  const suspension = isClosed ? null : user.suspendedForGood ? moderationLabels.suspendedForGood : user.suspendedUntil ? moderationLabels.suspendedUntil(new Date(user.suspendedUntil)) : null;
  const pending = isClosed ? [] : verificationTypes.filter((type) => !user[type]);
  const mayClose = !isClosed && !user.isAdmin;
  const verifying = (type: VerificationType) => verify.isPending && verify.variables?.verificationType === type;
  return (
    <li className="py-4 first:pt-0 last:pb-0">
      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold break-words">{displayName(user)}</span>
            <TierBadge tier={user.membershipTier} showLabel />
            {user.isAdmin && (
              <span className="inline-flex items-center gap-1 rounded-full bg-ink-900 px-2 py-0.5 text-xs font-semibold text-white">
                <ShieldCheck className="size-3.5" aria-hidden="true" />
                Admin
              </span>
            )}
            {user.closedAt && (
              <span className="inline-flex items-center gap-1 rounded-full bg-sand-200 px-2 py-0.5 text-xs font-semibold text-ink-900">
                <UserX className="size-3.5" aria-hidden="true" />
                Closed {formatDateAU(user.closedAt)}
              </span>
            )}
          </p>
          {/* A closed account's address is a placeholder that reaches nobody: nothing to show. */}
          {!isClosed && <p className="text-sm break-all text-ink-500">{user.email}</p>}
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <ul aria-label={`Verification of ${user.email}`} className={isClosed ? 'hidden' : 'flex flex-wrap gap-1.5'}>
              {verificationTypes.map((type) => (
                <VerificationChip key={type} label={verificationTypeLabels[type]} verified={user[type]} />
              ))}
            </ul>
            <span className="text-xs text-ink-500">Joined {formatDateAU(user.createdAt)}</span>
          </div>
          {suspension && (
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-800">{suspension}</span>
              <Button
                variant="secondary"
                className="min-h-10 px-4"
                disabled={lift.isPending}
                aria-label={`${moderationLabels.liftSuspension} of ${user.email}`}
                onClick={() => lift.mutate(user.id)}
              >
                {moderationLabels.liftSuspension}
              </Button>
            </div>
          )}
        </div>
        {(pending.length > 0 || mayClose) && (
          <div className="flex flex-wrap gap-2 md:shrink-0 md:justify-end">
            {pending.map((type) => (
              <Button
                key={type}
                variant="secondary"
                className="min-h-10 px-4"
                disabled={verify.isPending}
                aria-label={`Verify ${verificationTypeLabels[type]} for ${user.email}`}
                onClick={() => verify.mutate({ userId: user.id, verificationType: type })}
              >
                {verifying(type) ? 'Verifying…' : `Verify ${verificationTypeLabels[type]}`}
              </Button>
            ))}
            {mayClose && (
              <Button variant="secondary" className="min-h-10 px-4" aria-label={`Close the account of ${user.email}`} onClick={() => setClosing(true)}>
                <UserX aria-hidden="true" />
                Close account
              </Button>
            )}
          </div>
        )}
      </div>
      {mayClose && <CloseMemberDialog memberId={user.id} name={fullName(user) || user.email} open={closing} onClose={() => setClosing(false)} />}
    </li>
  );
}
