import { Check, CircleDashed, Clock3, Reply, Undo2, X } from 'lucide-react';
import { useId } from 'react';
import { type MessageOffer, formatPrice } from '../../../../domain';
import { type OfferAnswer, type OfferStatus, offerMessages } from '../../../../domain/offers';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { handleUnauthorizedError } from '@/lib/unauthorized';
import { toast } from '@/lib/use-toast';
import { useAnswerOffer } from '@/features/messages/api';
import { useFormInPlace } from '@/features/messages/hooks/use-form-in-place';
import { offerStatusLabel, shownOfferStatus } from '@/features/messages/offer-status';
import { OfferAmountForm } from './offer-amount-form';

/** What the viewer may do with the thread's offers: nothing when the conversation is closed (blocked, deleted, a former member). */
export type OfferActions = { conversationId: string; viewerId: string; askingPrice: string | null; forSale: boolean };

const statusLooks: Record<OfferStatus, { icon: typeof Check; className: string }> = {
  open: { icon: Clock3, className: 'bg-sun-100 text-ink-900' },
  accepted: { icon: Check, className: 'bg-leaf-100 text-leaf-700' },
  declined: { icon: X, className: 'bg-sand-200 text-ink-700' },
  countered: { icon: Reply, className: 'bg-sand-200 text-ink-700' },
  withdrawn: { icon: Undo2, className: 'bg-sand-200 text-ink-700' },
  expired: { icon: CircleDashed, className: 'bg-sand-200 text-ink-700' },
};

const stepToasts: Record<OfferAnswer, string> = {
  accept: offerMessages.accepted,
  decline: offerMessages.declined,
  counter: offerMessages.countered,
  withdraw: offerMessages.withdrawn,
};

type OfferCardProps = {
  offer: MessageOffer & { step: 'offer' | 'counter' };
  viewerId: string;
  otherName: string;
  now: Date | null;
  actions?: OfferActions;
};

/**
 * An offer or a counter-offer in the thread: the amount, who made it and what became of it. While it
 * is open, the member who did not make it may accept, decline or counter it, and its maker withdraw it.
 */
export function OfferCard({ offer, viewerId, otherName, now, actions }: OfferCardProps) {
  const mine = offer.madeBy === viewerId;
  const status = shownOfferStatus(offer, now);
  const { icon: StatusIcon, className: statusTone } = statusLooks[status];
  const titleId = useId();
  return (
    <div className={cn('w-72 max-w-[85%] rounded-3xl border bg-white px-4 py-3 shadow-xs', mine ? 'rounded-br-lg border-brand-200' : 'rounded-bl-lg border-sand-200')}>
      <div id={titleId}>
        <p className="text-sm font-semibold text-ink-700">{offerMessages.cardTitle(offer.step, mine ? null : otherName)}</p>
        <p className="text-3xl leading-tight font-extrabold text-ink-900 tabular-nums">{formatPrice(offer.amount)}</p>
      </div>
      <p className={cn('mt-1.5 inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-bold', statusTone)}>
        <StatusIcon className="size-3.5 shrink-0" aria-hidden="true" />
        {offerStatusLabel(offer, now)}
      </p>
      {status === 'open' && actions && <OfferAnswers offer={offer} mine={mine} labelledBy={titleId} actions={actions} />}
    </div>
  );
}

type OfferAnswersProps = { offer: MessageOffer; mine: boolean; labelledBy: string; actions: OfferActions };

/** The open offer's buttons: Accept, Decline, Counter for the other member; Withdraw for its maker. */
function OfferAnswers({ offer, mine, labelledBy, actions }: OfferAnswersProps) {
  const answer = useAnswerOffer(actions.conversationId, actions.viewerId);
  const counterForm = useFormInPlace();

  // The answer's live message can reach the thread before its own reply does, and the card's buttons
  // then go with the open offer: the toast follows the call itself, not these buttons' lifetime
  // (mutate's own callbacks are dropped once its caller is gone).
  const take = (step: Exclude<OfferAnswer, 'counter'>) =>
    answer.mutateAsync({ offerId: offer.id, answer: step }).then(
      () => toast({ title: stepToasts[step] }),
      (error: Error) => {
        if (!handleUnauthorizedError(error)) toast({ title: error.message, variant: 'destructive' });
      },
    );

  if (counterForm.open && actions.askingPrice !== null) {
    return (
      <div className="mt-3 border-t border-sand-200 pt-3">
        <OfferAmountForm
          label={offerMessages.counterLabel}
          submitLabel={offerMessages.sendCounter}
          askingPrice={actions.askingPrice}
          answering={offer.amount}
          submit={(amount) => answer.mutateAsync({ offerId: offer.id, answer: 'counter', amount })}
          onSent={() => {
            toast({ title: stepToasts.counter });
            counterForm.close();
          }}
          onCancel={counterForm.cancel}
        />
      </div>
    );
  }

  const busy = answer.isPending;
  // Accepting and countering need the listing still for sale; declining and withdrawing do not.
  const canTakeIt = actions.forSale && actions.askingPrice !== null;
  return (
    // One row of equal buttons, narrow enough for three on a 360 px screen.
    <div role="group" aria-labelledby={labelledBy} className="mt-3 grid auto-cols-fr grid-flow-col gap-2 [&>button]:px-2">
      {mine ? (
        <Button variant="secondary" disabled={busy} onClick={() => take('withdraw')}>
          {offerMessages.withdraw}
        </Button>
      ) : (
        <>
          {canTakeIt && (
            <Button variant="leaf" disabled={busy} onClick={() => take('accept')}>
              {offerMessages.accept}
            </Button>
          )}
          <Button variant="secondary" disabled={busy} onClick={() => take('decline')}>
            {offerMessages.decline}
          </Button>
          {canTakeIt && (
            <Button {...counterForm.buttonProps} variant="secondary" disabled={busy} onClick={counterForm.show}>
              {offerMessages.counter}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
