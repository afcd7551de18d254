import { CalendarClock, CalendarCheck } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import {
  type ApiResponse,
  type MembershipTier,
  type PurchasableTier,
  formatDateAU,
  membershipMessages,
  planChangeDifferences,
  scheduledChangeMessages,
  tierRules,
} from '../../../../domain';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { handleUnauthorizedError } from '@/lib/unauthorized';
import { useDocumentTitle } from '@/lib/use-document-title';
import { toast } from '@/lib/use-toast';
import { useSchedulePlanChange } from '@/features/membership/api';
import { useUndoScheduledChange } from '@/shared/membership/membership-status';

type PaidPlan = NonNullable<ApiResponse<'getMembership'>['subscription']>;

/**
 * /subscribe/starter (or a cheaper plan) for a member who paid for a year that is not over
 * (decision 31): nothing changes until they have read what changes and when, and said yes; then
 * the page says it is planned, and it can be undone here or on /account until that day.
 */
export function ScheduledPlanChange({ tier, plan, changesOn }: { tier: PurchasableTier; plan: PaidPlan; changesOn: string }) {
  if (plan.scheduledTier === tier && plan.scheduledAt) return <PlanChangePlanned from={plan.tier} tier={tier} changesOn={plan.scheduledAt} />;
  return <ConfirmPlanChange tier={tier} plan={plan} changesOn={changesOn} />;
}

function ConfirmPlanChange({ tier, plan, changesOn }: { tier: PurchasableTier; plan: PaidPlan; changesOn: string }) {
  const date = formatDateAU(changesOn);
  const from = plan.tier;
  const label = tierRules[tier].label;
  useDocumentTitle(`Move to ${label}`);
  const schedule = useSchedulePlanChange();
  const confirm = () =>
    schedule.mutate(
      { tier },
      {
        onSuccess: (answer) => toast({ title: 'Membership updated', description: answer.message }),
        onError: (error) => {
          if (handleUnauthorizedError(error)) return;
          toast({ title: tier === 'starter' ? membershipMessages.starterSetupFailed : membershipMessages.paidSetupFailed, description: error.message, variant: 'destructive' });
        },
      },
    );
  const fewerListings = (tierRules[tier].listingLimit ?? 0) < (tierRules[from].listingLimit ?? 0);
  const listId = 'plan-change-differences';
  return (
    <Card className="mx-auto max-w-xl p-6 sm:p-8">
      <span className="mb-4 inline-flex size-12 items-center justify-center rounded-2xl bg-sun-100 text-ink-900">
        <CalendarClock className="size-6" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-extrabold tracking-tight">
        Move to {label} on {date}
      </h1>
      <p className="mt-2 text-ink-700">{scheduledChangeMessages.explain(from, tier, date)}</p>
      {plan.scheduledTier && plan.scheduledTier !== tier && <p className="mt-2 text-ink-700">{scheduledChangeMessages.replaces(plan.scheduledTier)}</p>}
      <h2 id={listId} className="mt-5 text-base font-bold">
        What changes on {date}
      </h2>
      <ul className="mt-2 list-disc space-y-1.5 pl-5 text-ink-900" aria-labelledby={listId}>
        {planChangeDifferences(from, tier).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {fewerListings && <p className="mt-4 text-sm text-ink-700">{scheduledChangeMessages.listingNotice(tier, date)}</p>}
      <p className="mt-2 text-sm text-ink-700">{scheduledChangeMessages.undoHint(date)}</p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        {/* The date makes the label long: on a phone it wraps rather than running past the button. */}
        <Button size="lg" className="h-auto py-2.5 text-center whitespace-normal" onClick={confirm} disabled={schedule.isPending}>
          {schedule.isPending ? 'Saving your choice…' : `Move to ${label} on ${date}`}
        </Button>
        <Link href="/account" className={buttonVariants({ variant: 'secondary', size: 'lg' })}>
          Keep {tierRules[from].label}
        </Link>
      </div>
    </Card>
  );
}

/** The change is planned: what happens when, and the way back. */
export function PlanChangePlanned({ from, tier, changesOn }: { from: MembershipTier; tier: PurchasableTier; changesOn: string }) {
  const date = formatDateAU(changesOn);
  const summary = scheduledChangeMessages.summary(from, tier, date);
  useDocumentTitle(summary);
  const undo = useUndoScheduledChange();
  const [, navigate] = useLocation();
  return (
    <Card className="mx-auto max-w-xl p-6 sm:p-8">
      <span className="mb-4 inline-flex size-12 items-center justify-center rounded-2xl bg-leaf-100 text-leaf-700">
        <CalendarCheck className="size-6" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-extrabold tracking-tight">{summary}</h1>
      <p role="status" className="mt-2 text-ink-700">
        {scheduledChangeMessages.scheduled(from, tier, date)}
      </p>
      <p className="mt-2 text-sm text-ink-700">{scheduledChangeMessages.undoHint(date)}</p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Link href="/" className={buttonVariants({ size: 'lg' })}>
          Go home
        </Link>
        <Button
          variant="secondary"
          size="lg"
          disabled={undo.isPending}
          onClick={() =>
            undo.mutate(undefined, {
              onSuccess: ({ message }) => {
                toast({ title: 'Membership updated', description: message });
                navigate('/account');
              },
              onError: (error) => {
                if (handleUnauthorizedError(error)) return;
                toast({ title: 'Update Failed', description: error.message, variant: 'destructive' });
              },
            })
          }
        >
          {undo.isPending ? 'Keeping your plan…' : `Keep ${tierRules[from].label}`}
        </Button>
      </div>
    </Card>
  );
}
