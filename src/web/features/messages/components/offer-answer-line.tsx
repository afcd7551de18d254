import { Check, CircleDashed, Undo2, X } from 'lucide-react';
import type { ReactNode } from 'react';
import type { MessageOffer } from '../../../../domain';
import { offerMessages } from '../../../../domain/offers';
import { cn } from '@/lib/cn';

export type OfferAnswerStep = 'accepted' | 'declined' | 'withdrawn' | 'expired';

const looks = {
  accepted: { icon: Check, className: 'bg-leaf-100 text-leaf-700' },
  declined: { icon: X, className: 'bg-sand-100 text-ink-700' },
  withdrawn: { icon: Undo2, className: 'bg-sand-100 text-ink-700' },
  expired: { icon: CircleDashed, className: 'bg-sand-100 text-ink-700' },
} as const;

type OfferAnswerLineProps = {
  offer: MessageOffer & { step: OfferAnswerStep };
  /** The line as the server wrote it (the expiry's, which no member took). */
  body: string;
  /** Who took the step: null for the viewer. */
  takenBy: string | null;
  /** The time (and, on my newest message, whether it was read), after the words. */
  children?: ReactNode;
};

/** An answer that closed an offer, as a line across the thread: "Mia accepted the offer of $140". */
export function OfferAnswerLine({ offer, body, takenBy, children }: OfferAnswerLineProps) {
  const { icon: Icon, className } = looks[offer.step];
  const words = offer.step === 'expired' ? body : offerMessages.answerLine(offer.step, takenBy, offer.amount);
  return (
    <div className={cn('flex max-w-full items-center gap-x-1.5 rounded-2xl px-3 py-1.5 text-center text-xs font-semibold', className)}>
      <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      <p className="flex flex-wrap items-center justify-center gap-x-1.5">
        <span>{words}</span>
        {children}
      </p>
    </div>
  );
}
