import { CalendarClock } from 'lucide-react';
import { type CurrentUser, type PurchasableTier, formatDateAU, rulesForTier, scheduledChangeMessages } from '../../../domain';
import { Button } from '@/components/ui/button';
import { handleUnauthorizedError } from '@/lib/unauthorized';
import { toast } from '@/lib/use-toast';
import { useUndoScheduledChange } from '@/shared/membership/membership-status';

/** A move to Starter or a cheaper plan waiting for the end of the paid year, which the member can undo until then (decision 31). */
export function ScheduledChange({ tier, scheduledTier, scheduledAt }: { tier: CurrentUser['membershipTier']; scheduledTier: PurchasableTier; scheduledAt: string }) {
  const undo = useUndoScheduledChange();
  const date = formatDateAU(scheduledAt);
  return (
    <div className="space-y-3 rounded-xl bg-sand-100 p-4 text-sm text-ink-900">
      <p className="flex items-start gap-2">
        <CalendarClock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          <strong className="font-bold">{scheduledChangeMessages.summary(tier, scheduledTier, date)}</strong>
          <span className="block">{scheduledChangeMessages.afterwards(scheduledTier)}</span>
        </span>
      </p>
      <Button
        variant="secondary"
        disabled={undo.isPending}
        onClick={() =>
          undo.mutate(undefined, {
            onSuccess: ({ message }) => toast({ title: 'Membership updated', description: message }),
            onError: (error) => {
              if (handleUnauthorizedError(error)) return;
              toast({ title: 'Update Failed', description: error.message, variant: 'destructive' });
            },
          })
        }
      >
        {undo.isPending ? 'Keeping your plan…' : `Keep ${rulesForTier(tier).label}`}
      </Button>
    </div>
  );
}
