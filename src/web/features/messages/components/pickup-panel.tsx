import { CalendarCheck, CalendarClock, CalendarPlus, ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { ConversationSummary } from '../../../../domain';
import { pickupMessages } from '../../../../domain/pickups';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { handleUnauthorizedError } from '@/lib/unauthorized';
import { toast } from '@/lib/use-toast';
import { useConfirmPickup, useProposePickup } from '@/features/messages/api';
import { useClock } from '@/features/messages/hooks/use-clock';
import { useFormInPlace } from '@/features/messages/hooks/use-form-in-place';
import { viewerPickupTime } from '@/features/messages/pickup-times';
import { PickupForm } from './pickup-form';
import { PickupSafetyAdvice } from './pickup-safety-advice';

type Pickup = NonNullable<ConversationSummary['pickup']>;

type PickupPanelProps = {
  conversation: ConversationSummary;
  viewerId: string;
  otherName: string;
  /** The viewer may propose and confirm here (the conversation is open and the deal is still theirs). */
  canTakeSteps: boolean;
};

/**
 * The top of the thread (decision 47): the pickup proposed or agreed, or, once an offer is accepted
 * and none is, "Arrange pickup". Nothing before a deal.
 */
export function PickupPanel({ conversation, viewerId, otherName, canTakeSteps }: PickupPanelProps) {
  // After the member's own first proposal, the keyboard goes on to the card that takes the form's place.
  const [sentHere, setSentHere] = useState(false);
  const { pickup } = conversation;
  if (!pickup && !(canTakeSteps && conversation.offerAccepted)) return null;
  return (
    <section aria-label={pickupMessages.panelLabel} className="max-h-[55dvh] min-h-0 overflow-y-auto border-b border-sand-200 bg-white px-3 py-2.5 sm:px-5">
      {pickup ? (
        <PickupCard pickup={pickup} conversationId={conversation.id} viewerId={viewerId} otherName={otherName} canTakeSteps={canTakeSteps} focusOnMount={sentHere} />
      ) : (
        <ArrangePickup conversationId={conversation.id} viewerId={viewerId} onSent={() => setSentHere(true)} />
      )}
    </section>
  );
}

function ArrangePickup({ conversationId, viewerId, onSent }: { conversationId: string; viewerId: string; onSent: () => void }) {
  const propose = useProposePickup(conversationId, viewerId);
  const form = useFormInPlace();
  if (form.open) {
    return (
      <>
        <h2 className="mb-2 text-sm font-bold text-ink-900">{pickupMessages.arrangeButton}</h2>
        <PickupForm
          submit={(body) => propose.mutateAsync(body)}
          onSent={() => {
            toast({ title: pickupMessages.proposed });
            onSent();
          }}
          onCancel={form.cancel}
        />
      </>
    );
  }
  return (
    <div className="flex items-center gap-3">
      <p className="flex min-w-0 flex-1 items-start gap-2 text-sm text-ink-700">
        <CalendarPlus className="mt-0.5 size-4 shrink-0 text-leaf-700" aria-hidden="true" />
        {pickupMessages.arrangePrompt}
      </p>
      <Button {...form.buttonProps} variant="secondary" onClick={form.show}>
        <CalendarPlus aria-hidden="true" />
        {pickupMessages.arrangeButton}
      </Button>
    </div>
  );
}

/** The card's status: who proposed the pickup, and whether it is agreed. */
function pickupStatusText(pickup: Pickup, viewerId: string, otherName: string): string {
  if (pickup.status === 'confirmed') return pickupMessages.confirmed;
  return pickup.proposedBy === viewerId ? pickupMessages.waitingFor(otherName) : pickupMessages.proposedByOther(otherName);
}

/** This browser's own zone (the clock's zone is undefined once in the browser: its own). */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

type PickupCardProps = {
  pickup: Pickup;
  conversationId: string;
  viewerId: string;
  otherName: string;
  canTakeSteps: boolean;
  focusOnMount: boolean;
};

/**
 * The pickup: its status, time and place in one or two lines, so the thread keeps its room on a
 * phone; its details (the time in the viewer's zone, the safety advice, Confirm and Propose another
 * time) open below. They are open to begin with when the viewer has a pickup to confirm, and open
 * again when a new proposal comes to them.
 */
function PickupCard({ pickup, conversationId, viewerId, otherName, canTakeSteps, focusOnMount }: PickupCardProps) {
  const mustConfirm = canTakeSteps && pickup.status === 'proposed' && pickup.proposedBy !== viewerId;
  const [open, setOpen] = useState(mustConfirm);
  const step = `${pickup.id}:${pickup.status}`;
  const [shownStep, setShownStep] = useState(step);
  if (step !== shownStep) {
    setShownStep(step);
    if (mustConfirm) setOpen(true);
  }
  const statusRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focusOnMount) statusRef.current?.focus();
  }, [focusOnMount]);
  const detailsId = useId();
  const clock = useClock();
  const form = useFormInPlace();
  const confirm = useConfirmPickup(conversationId, viewerId);
  const propose = useProposePickup(conversationId, viewerId);
  // Known once in the browser (the server renders no zone of the viewer's).
  const yourTime = clock.now ? viewerPickupTime(pickup.at, pickup.when, clock.timeZone ?? browserTimeZone()) : null;
  const confirmed = pickup.status === 'confirmed';
  const StatusIcon = confirmed ? CalendarCheck : CalendarClock;

  /** The member's own step went: the card now says what became of it, and has the keyboard. */
  const stepTaken = (title: string) => {
    toast({ title });
    statusRef.current?.focus();
  };

  return (
    <div>
      <div className="flex items-start gap-3">
        <span className={cn('mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full', confirmed ? 'bg-leaf-100 text-leaf-700' : 'bg-sun-100 text-ink-900')}>
          <StatusIcon className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1 py-0.5">
          <p ref={statusRef} tabIndex={-1} className="rounded-sm text-sm font-bold text-ink-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
            {pickupStatusText(pickup, viewerId, otherName)}
          </p>
          <p className={cn('text-sm break-words text-ink-700', !open && 'line-clamp-2')}>
            <time dateTime={pickup.at} className="font-semibold text-ink-900">
              {pickup.when}
            </time>
            <span aria-hidden="true"> · </span>
            <span className="sr-only">, at </span>
            {pickup.place}
          </p>
        </div>
        <Button variant="ghost" size="icon" aria-label={pickupMessages.details} aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen((value) => !value)} className="-mr-2">
          <ChevronDown className={cn('transition-transform', open && 'rotate-180')} aria-hidden="true" />
        </Button>
      </div>
      <div id={detailsId} hidden={!open} className="mt-2 space-y-3 sm:pl-12">
        {yourTime && <p className="text-sm text-ink-700">{pickupMessages.yourTime(yourTime)}</p>}
        {canTakeSteps && form.open ? (
          // The form has the safety advice beside its fields.
          <section aria-label={pickupMessages.proposeAnother} className="rounded-2xl border border-sand-200 bg-sand-50 p-3">
            <PickupForm
              initialPlace={pickup.place}
              submit={(body) => propose.mutateAsync(body)}
              onSent={() => {
                form.close();
                stepTaken(pickupMessages.proposed);
              }}
              onCancel={form.cancel}
            />
          </section>
        ) : (
          <>
            {/* The buttons before the advice: on a phone the panel has room for them before it scrolls. There they share one row, their words on two lines when they must (as an offer's answers do). */}
            {canTakeSteps && (
              <div className="grid auto-cols-fr grid-flow-col gap-2 sm:flex [&>button]:px-3 [&>button]:leading-tight [&>button]:whitespace-normal">
                {mustConfirm && (
                  <Button
                    variant="leaf"
                    disabled={confirm.isPending}
                    onClick={() =>
                      confirm.mutate(pickup.id, {
                        onSuccess: () => stepTaken(pickupMessages.confirmed),
                        onError: (error) => {
                          if (!handleUnauthorizedError(error)) toast({ title: error.message, variant: 'destructive' });
                        },
                      })
                    }
                  >
                    {pickupMessages.confirmButton}
                  </Button>
                )}
                <Button {...form.buttonProps} variant="secondary" onClick={form.show}>
                  {pickupMessages.proposeAnother}
                </Button>
              </div>
            )}
            <PickupSafetyAdvice />
          </>
        )}
      </div>
    </div>
  );
}
