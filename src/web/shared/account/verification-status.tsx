// spec 2 "Verification status widget": Email, Phone and Card, each Verified or Pending, compact or full.
import { BadgeCheck, Check, Clock, CreditCard, Mail, Smartphone, type LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import type { VerificationStatus } from '../../../domain';
import { isVerifiedNeighbour } from '../../../domain/user';
import { cn } from '@/lib/cn';
import { useVerificationStatus } from './account-queries';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

type CheckName = 'email' | 'phone' | 'card';

type VerificationCheck = {
  name: CheckName;
  label: string;
  icon: LucideIcon;
  verified: boolean;
  /** What this check proves, for the full layout. */
  detail: string;
  /** Long details (an email address) are cut to one line; the full text is in the title. */
  truncate?: boolean;
};

function listChecks(status: VerificationStatus): VerificationCheck[] {
  return [
    { name: 'email', label: 'Email', icon: Mail, verified: status.isEmailVerified, detail: status.email, truncate: true },
    { name: 'phone', label: 'Phone', icon: Smartphone, verified: status.isPhoneVerified, detail: 'Australian mobile, checked by SMS' },
    { name: 'card', label: 'Card', icon: CreditCard, verified: status.isCardVerified, detail: 'Never charged unless you upgrade' },
  ];
}

type NextStep = { href: string; text: string };

/** Email comes first (the phone step needs it), then phone, then card. */
function findNextStep(status: VerificationStatus, cardHref: string): NextStep | null {
  if (!status.isEmailVerified) return { href: '/verify-email', text: 'Next step: verify your email address.' };
  if (!status.isPhoneVerified) return { href: '/verify-phone', text: 'Next step: verify your mobile number.' };
  if (!status.isCardVerified) return { href: cardHref, text: 'Next step: add a card for verification.' };
  return null;
}

export function VerifiedNeighbourBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full bg-leaf-600 px-3 py-1 text-sm font-bold text-white shadow-sm',
        className,
      )}
    >
      <BadgeCheck className="size-4" aria-hidden="true" />
      Verified neighbour
    </span>
  );
}

function StatusPill({ verified }: { verified: boolean }) {
  const Icon = verified ? Check : Clock;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-bold',
        verified ? 'bg-leaf-100 text-leaf-700' : 'bg-sun-100 text-ink-900',
      )}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {verified ? 'Verified' : 'Pending'}
    </span>
  );
}

/** A link to the next step: a same-page anchor stays a plain link so the browser scrolls to it. */
function VerifyNowLink({ href }: { href: string }) {
  const className = buttonVariants({ size: 'default' });
  if (href.startsWith('#')) {
    return (
      <a href={href} className={className}>
        Verify Now
      </a>
    );
  }
  return (
    <Link href={href} className={className}>
      Verify Now
    </Link>
  );
}

function CompactLayout({ status }: { status: VerificationStatus }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ul aria-label="Verification status" className="flex flex-wrap gap-2">
        {listChecks(status).map(({ name, label, icon: Icon, verified }) => (
          <li
            key={name}
            className={cn(
              'inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-semibold',
              verified ? 'border-leaf-100 bg-leaf-50 text-leaf-700' : 'border-sand-200 bg-white text-ink-700',
            )}
          >
            <Icon className="size-4" aria-hidden="true" />
            {label}
            <span className="sr-only">:</span>
            <span className="font-bold">{verified ? 'Verified' : 'Pending'}</span>
          </li>
        ))}
      </ul>
      {isVerifiedNeighbour(status) && <VerifiedNeighbourBadge />}
    </div>
  );
}

function FullLayout({ status, cardHref }: { status: VerificationStatus; cardHref: string }) {
  const nextStep = findNextStep(status, cardHref);
  return (
    <Card className="p-5 sm:p-6">
      {isVerifiedNeighbour(status) && (
        <div className="mb-4 flex flex-wrap items-center gap-3">
          <VerifiedNeighbourBadge />
          <p className="text-sm text-ink-700">All three checks done. Thanks for keeping the neighbourhood safe!</p>
        </div>
      )}
      <ul aria-label="Verification status" className="divide-y divide-sand-200">
        {listChecks(status).map(({ name, label, icon: Icon, verified, detail, truncate }) => (
          <li key={name} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
            <span
              className={cn(
                'inline-flex size-10 shrink-0 items-center justify-center rounded-xl',
                verified ? 'bg-leaf-100 text-leaf-700' : 'bg-sand-100 text-ink-700',
              )}
            >
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-semibold">
                {label}
                <span className="sr-only">:</span>
              </span>
              <span title={truncate ? detail : undefined} className={cn('block text-sm text-ink-500', truncate ? 'truncate' : 'break-words')}>
                {detail}
              </span>
            </span>
            <StatusPill verified={verified} />
          </li>
        ))}
      </ul>
      {nextStep && (
        <div className="mt-5 flex flex-col gap-3 border-t border-sand-200 pt-5 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-ink-700">{nextStep.text}</p>
          <VerifyNowLink href={nextStep.href} />
        </div>
      )}
    </Card>
  );
}

/**
 * The dashboard's reminder: the three checks and the next step, for a member who has not done them
 * all (listing and messaging need a verified email and phone, decision 35); nothing once they have.
 */
function NudgeLayout({ status, cardHref, className }: { status: VerificationStatus; cardHref: string; className?: string }) {
  const nextStep = findNextStep(status, cardHref);
  if (!nextStep) return null;
  return (
    <Card className={cn('flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between', className)}>
      <div className="min-w-0">
        <h2 className="text-lg font-bold">Finish verifying your account</h2>
        <p className="mt-1 text-sm text-ink-700">{nextStep.text}</p>
        <div className="mt-3">
          <CompactLayout status={status} />
        </div>
      </div>
      <VerifyNowLink href={nextStep.href} />
    </Card>
  );
}

type VerificationStatusWidgetProps = {
  /** compact: the checks in a row; full: the checks with details and the next step; nudge: a reminder card, only while a check is left. */
  layout?: 'compact' | 'full' | 'nudge';
  /** Where the card step lives; the account page passes its own anchor. */
  cardHref?: string;
  className?: string;
};

/** Reads GET /api/verification-status and shows the three checks. */
export function VerificationStatusWidget({ layout = 'full', cardHref = '/account#add-card', className }: VerificationStatusWidgetProps) {
  const { data: status, isPending, isError } = useVerificationStatus();
  // A reminder is no place for a placeholder or an error: it shows when there is something to do.
  if (layout === 'nudge') return status && findNextStep(status, cardHref) ? <NudgeLayout status={status} cardHref={cardHref} className={className} /> : null;
  if (isPending) {
    return (
      <div role="status" className={cn('animate-pulse', className)}>
        <span className="sr-only">Loading verification status…</span>
        <div aria-hidden="true" className={layout === 'full' ? 'h-48 rounded-[var(--radius-card)] bg-sand-100' : 'h-8 w-72 max-w-full rounded-full bg-sand-100'} />
      </div>
    );
  }
  if (isError || !status) {
    return (
      <p role="alert" className={cn('text-sm text-brand-700', className)}>
        We couldn't load your verification status. Please refresh the page.
      </p>
    );
  }
  return (
    <div className={className}>
      {layout === 'compact' ? <CompactLayout status={status} /> : <FullLayout status={status} cardHref={cardHref} />}
    </div>
  );
}
