import type { ReactNode } from 'react';
import type { MessageOffer } from '../../../../domain';
import type { ThreadMessage } from '@/shared/messages/thread-cache';
import { cn } from '@/lib/cn';
import type { Clock } from '@/features/messages/hooks/use-clock';
import { calendarDay, formatClockTime, formatDayLabel, formatFullTime } from '@/features/messages/message-times';
import { MessageStatus, deliveryStatusOf } from './message-status';
import { type OfferAnswerStep, OfferAnswerLine } from './offer-answer-line';
import { type OfferActions, OfferCard } from './offer-card';
import { SafetyTipBox } from './safety-tip-box';

type MessageListProps = {
  messages: ThreadMessage[];
  viewerId: string;
  otherName: string;
  clock: Clock;
  /** What the viewer may do with an open offer; without it, offers show no buttons. */
  offerActions?: OfferActions;
};

/** The safety tip is for the member who receives the message (decision 15). */
export function shownSafetyTip(message: Pick<ThreadMessage, 'safetyTip' | 'senderId'>, viewerId: string): string | null {
  return message.senderId === viewerId ? null : message.safetyTip;
}

/** The answer that closed an offer: a line across the thread, not a bubble. */
function answerOf(message: ThreadMessage): (MessageOffer & { step: OfferAnswerStep }) | null {
  const { offer } = message;
  return offer && offer.step !== 'offer' && offer.step !== 'counter' ? { ...offer, step: offer.step } : null;
}

/** My newest message the server has (not an offer's answer line): it says "Sent" or "Read" (one still sending says so itself). */
function lastDeliveredId(messages: ThreadMessage[], viewerId: string): string | undefined {
  return messages.findLast((message) => message.senderId === viewerId && message.localStatus === undefined && !answerOf(message))?.id;
}

/** The thread, oldest first: a line for each new day, my messages on the right, theirs on the left, an offer's answers across. */
export function MessageList({ messages, viewerId, otherName, clock, offerActions }: MessageListProps) {
  const statusOn = lastDeliveredId(messages, viewerId);
  return (
    <ol aria-label="Messages" className="flex flex-col">
      {messages.map((message, index) => {
        const previous = messages[index - 1];
        const sentAt = new Date(message.createdAt);
        const day = calendarDay(sentAt, clock.timeZone);
        const newDay = !previous || calendarDay(new Date(previous.createdAt), clock.timeZone) !== day;
        const mine = message.senderId === viewerId;
        const answer = answerOf(message);
        const sameSender = !newDay && previous?.senderId === message.senderId && !answer && !answerOf(previous);
        const tip = shownSafetyTip(message, viewerId);
        const showStatus = mine && (message.localStatus !== undefined || message.id === statusOn);
        const time = (
          <time dateTime={sentAt.toISOString()} title={formatFullTime(sentAt, clock.timeZone)} className="font-normal">
            {formatClockTime(sentAt, clock.timeZone)}
          </time>
        );
        let content: ReactNode;
        if (answer) {
          content = (
            <OfferAnswerLine offer={answer} body={message.body} takenBy={mine ? null : otherName}>
              <span aria-hidden="true">·</span>
              {time}
            </OfferAnswerLine>
          );
        } else {
          const { offer } = message;
          content = (
            <>
              {offer && (offer.step === 'offer' || offer.step === 'counter') ? (
                <OfferCard offer={{ ...offer, step: offer.step }} viewerId={viewerId} otherName={otherName} now={clock.now} actions={offerActions} />
              ) : (
                <div
                  className={cn(
                    'max-w-[min(32rem,85%)] rounded-3xl px-4 py-2.5 whitespace-pre-wrap break-words',
                    mine ? 'rounded-br-lg bg-brand-600 text-white' : 'rounded-bl-lg border border-sand-200 bg-white text-ink-900',
                    message.localStatus === 'sending' && 'opacity-75',
                  )}
                >
                  <span className="sr-only">{mine ? 'You' : otherName}: </span>
                  {message.body}
                </div>
              )}
              {tip && <SafetyTipBox tip={tip} />}
              <p className="mt-1 flex items-center gap-1.5 px-1 text-xs text-ink-500">
                {time}
                {showStatus && (
                  <>
                    <span aria-hidden="true">·</span>
                    <MessageStatus status={deliveryStatusOf(message)} />
                  </>
                )}
              </p>
            </>
          );
        }
        return (
          <li key={message.id} className={cn('flex flex-col', answer ? 'items-center' : mine ? 'items-end' : 'items-start', sameSender ? 'mt-1' : 'mt-4 first:mt-0')}>
            {newDay && (
              <p className="my-3 self-center rounded-full bg-sand-100 px-3 py-1 text-xs font-semibold text-ink-700">{formatDayLabel(sentAt, clock.now, clock.timeZone)}</p>
            )}
            {content}
          </li>
        );
      })}
    </ol>
  );
}
