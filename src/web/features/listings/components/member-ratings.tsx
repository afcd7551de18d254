import { zodResolver } from '@hookform/resolvers/zod';
import { MessageSquareReply, Star } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { type CurrentUser, type SellerProfile, formatDateAU, sellerDisplayName } from '../../../../domain';
import { moderationMessages } from '../../../../domain/moderation';
import { type RatingView, ratingReplyBody } from '../../../../domain/moderation-schemas';
import { ratingLabels, ratingLimits, ratingMessages } from '../../../../domain/ratings';
import { EmptyState } from '@/components/empty-state';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { handleUnauthorizedError } from '@/lib/unauthorized';
import { toast } from '@/lib/use-toast';
import { ReportButton } from '@/shared/moderation/report-button';
import { StarRow } from '@/shared/ratings/rating-summary';
import { useMemberRatings, useReplyToRating } from '@/features/listings/api';

/** The member's ratings from their exchanges on their page, newest first, each with their answer. */
export function MemberRatings({ member, viewer }: { member: SellerProfile; viewer: CurrentUser | null }) {
  const ratings = useMemberRatings(member.id);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="mb-5 text-2xl font-extrabold tracking-tight">
        {ratingMessages.ratingsTitle} ({member.ratingCount})
      </h2>
      {ratings.isPending ? (
        <p className="text-ink-500">{ratingLabels.loading}</p>
      ) : ratings.isError ? (
        <p role="alert" className="text-brand-700">
          {ratingLabels.loadFailed}
        </p>
      ) : ratings.data.length === 0 ? (
        <EmptyState icon={Star} title={ratingMessages.noRatings} />
      ) : (
        <ul aria-label={ratingMessages.ratingsTitle} className="grid gap-4 lg:grid-cols-2">
          {ratings.data.map((rating) => (
            <li key={rating.id} className="min-w-0">
              <RatingCard rating={rating} member={member} viewer={viewer} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RatingCard({ rating, member, viewer }: { rating: RatingView; member: SellerProfile; viewer: CurrentUser | null }) {
  const isMine = viewer?.id === rating.rateeId;
  const wroteIt = viewer?.id === rating.rater.id;
  const canAnswer = isMine && !rating.reply;
  return (
    <article className="flex h-full flex-col gap-2 rounded-[var(--radius-card)] border border-sand-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <StarRow stars={rating.stars} />
        <time dateTime={rating.createdAt} className="text-sm text-ink-500">
          {formatDateAU(rating.createdAt)}
        </time>
      </div>
      <p className="text-sm break-words text-ink-700">
        <span className="font-semibold text-ink-900">{sellerDisplayName(rating.rater)}</span>
        {' · '}
        {rating.raterRole === 'buyer' ? ratingLabels.boughtItem(rating.listingTitle) : ratingLabels.soldItem(rating.listingTitle)}
      </p>
      {rating.comment && <p className="whitespace-pre-wrap break-words">{rating.comment}</p>}
      {rating.reply && (
        <div className="mt-1 rounded-xl bg-sand-50 px-4 py-3 text-sm">
          <p className="font-semibold">{ratingMessages.sellerAnswered(member.firstName)}</p>
          <p className="mt-1 whitespace-pre-wrap break-words text-ink-700">{rating.reply}</p>
        </div>
      )}
      <div className="mt-auto flex flex-wrap items-center gap-2 pt-1">
        {canAnswer && <AnswerControl rating={rating} memberId={member.id} />}
        {/* Lined up with the text when it comes first. */}
        {!wroteIt && <ReportButton target={{ ratingId: rating.id }} title={moderationMessages.reportRatingTitle} className={canAnswer ? 'px-3' : '-ml-3 px-3'} />}
      </div>
    </article>
  );
}

/** The rated member's answer to one rating: once, shown under it. */
function AnswerControl({ rating, memberId }: { rating: RatingView; memberId: string }) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)} aria-label={`${ratingMessages.answer}: ${sellerDisplayName(rating.rater)}`}>
        <MessageSquareReply aria-hidden="true" />
        {ratingMessages.answer}
      </Button>
    );
  }
  return <AnswerForm ratingId={rating.id} memberId={memberId} onClose={() => setOpen(false)} />;
}

function AnswerForm({ ratingId, memberId, onClose }: { ratingId: string; memberId: string; onClose: () => void }) {
  const reply = useReplyToRating(memberId);
  const form = useForm({ resolver: zodResolver(ratingReplyBody), defaultValues: { reply: '' } });
  const [problem, setProblem] = useState<string | null>(null);
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    setProblem(null);
    reply.mutate(
      { ratingId, reply: values.reply },
      {
        onSuccess: () => toast({ title: ratingMessages.answerPosted }),
        onError: (error) => {
          if (handleUnauthorizedError(error)) return;
          if (error instanceof ApiError && error.code === 'ALREADY_ANSWERED') {
            toast({ title: error.message });
            onClose();
            return;
          }
          applyServerFieldErrors(error, form.setError, ['reply']);
          setProblem(error.message || ratingLabels.answerFailed);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate className="w-full space-y-3">
      <FormField label={ratingMessages.answerLabel} error={errors.reply?.message}>
        <Textarea rows={3} maxLength={ratingLimits.replyMax} className="min-h-20" autoFocus {...form.register('reply')} />
      </FormField>
      {problem && (
        <p role="alert" className="text-sm font-medium text-brand-700">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          {ratingLabels.cancel}
        </Button>
        <Button type="submit" disabled={reply.isPending}>
          {reply.isPending ? ratingLabels.posting : ratingLabels.postAnswer}
        </Button>
      </div>
    </form>
  );
}
