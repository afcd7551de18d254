import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronDown, Star } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { type ConversationSummary, formatDateAU } from '../../../../domain';
import { createRatingBody } from '../../../../domain/moderation-schemas';
import { ratingLabels, ratingLimits, ratingMessages } from '../../../../domain/ratings';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { handleUnauthorizedError } from '@/lib/unauthorized';
import { toast } from '@/lib/use-toast';
import { useCreateRating, useExchangeRating } from '@/features/messages/api';

/**
 * Under a conversation whose listing was sold through it: "Rate Sam" opens the rating panel; once
 * given, "You rated 5 ★". Nothing when there is nothing to rate (not sold here, or the 30 days passed).
 */
export function ExchangeRating({ conversation }: { conversation: ConversationSummary }) {
  const listingId = conversation.listingStatus === 'soldToYou' ? conversation.listing.id : null;
  const exchange = useExchangeRating(listingId);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (!listingId || !exchange.data) return null;
  const { given, canRate, otherMember, closesAt } = exchange.data;

  if (given) {
    return (
      <p className="flex items-center gap-2 border-t border-sand-200 bg-white px-3 py-2 text-sm font-semibold text-ink-700 sm:px-5">
        <Star className="size-4 fill-sun-400 text-sun-400" aria-hidden="true" />
        {ratingMessages.youRated(given.stars)}
      </p>
    );
  }
  if (!canRate || !otherMember) return null;
  const title = ratingMessages.rateTitle(otherMember.firstName);
  return (
    <div className="border-t border-sand-200 bg-white px-3 sm:px-5">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="flex min-h-11 w-full items-center gap-2 text-left text-sm font-semibold text-brand-700 hover:text-brand-800"
      >
        <Star className="size-4 shrink-0" aria-hidden="true" />
        <span className="min-w-0 flex-1 truncate">{title}</span>
        <ChevronDown className={cn('size-4 shrink-0 transition-transform', open && 'rotate-180')} aria-hidden="true" />
      </button>
      {/* Held to part of the screen, so the thread stays in view above it on a phone. */}
      <div id={panelId} hidden={!open} className="max-h-[40dvh] overflow-y-auto pb-3">
        {open && <RateExchangePanel listingId={listingId} title={title} closesAt={closesAt} />}
      </div>
    </div>
  );
}

type RateExchangePanelProps = { listingId: string; title: string; closesAt: string | null };

/** The rating itself: 1 to 5 stars (a radio group), an optional comment, checked by the server's own schema. */
export function RateExchangePanel({ listingId, title, closesAt }: RateExchangePanelProps) {
  const create = useCreateRating(listingId);
  const form = useForm({ resolver: zodResolver(createRatingBody), defaultValues: { listingId, stars: undefined as number | undefined, comment: '' } });
  const { errors } = form.formState;
  const [problem, setProblem] = useState<string | null>(null);

  const submit = form.handleSubmit(({ stars, comment }) => {
    setProblem(null);
    create.mutate(
      { listingId, stars, comment: comment ? comment : undefined },
      {
        onSuccess: () => toast({ title: ratingMessages.posted }),
        onError: (error) => {
          if (handleUnauthorizedError(error)) return;
          if (error instanceof ApiError && error.code === 'ALREADY_RATED') {
            toast({ title: error.message });
            return;
          }
          applyServerFieldErrors(error, form.setError, ['stars', 'comment']);
          setProblem(error.message || ratingLabels.postFailed);
        },
      },
    );
  });

  return (
    // Named by the button that opens it ("Rate Sam"), which is its visible title.
    <section aria-label={title} className="space-y-3">
      <p className="text-sm text-ink-700">
        {ratingMessages.rateIntro}
        {closesAt && ` ${ratingLabels.closesOn(formatDateAU(closesAt))}`}
      </p>
      <form onSubmit={submit} noValidate className="space-y-3">
        <Controller
          control={form.control}
          name="stars"
          render={({ field, fieldState }) => <StarPicker value={field.value} onChange={field.onChange} error={fieldState.error?.message} />}
        />
        <FormField label={ratingMessages.commentLabel} error={errors.comment?.message}>
          <Textarea rows={2} maxLength={ratingLimits.commentMax} className="min-h-16" {...form.register('comment')} />
        </FormField>
        {problem && (
          <p role="alert" className="text-sm font-medium text-brand-700">
            {problem}
          </p>
        )}
        <Button type="submit" disabled={create.isPending}>
          <Star aria-hidden="true" />
          {create.isPending ? ratingLabels.posting : ratingMessages.submit}
        </Button>
      </form>
    </section>
  );
}

const starValues = Array.from({ length: ratingLimits.maxStars - ratingLimits.minStars + 1 }, (_, index) => ratingLimits.minStars + index);

/** Five stars that are radio buttons: arrow keys move between them, the chosen one and those before it fill. */
function StarPicker({ value, onChange, error }: { value: number | undefined; onChange: (stars: number) => void; error?: string }) {
  const name = useId();
  const errorId = useId();
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? value ?? 0;
  return (
    <fieldset className="min-w-0" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-semibold">{ratingMessages.starsLabel}</legend>
      <div className="flex gap-0.5" onMouseLeave={() => setHovered(null)}>
        {starValues.map((stars) => (
          <label
            key={stars}
            onMouseEnter={() => setHovered(stars)}
            className="inline-flex size-11 cursor-pointer items-center justify-center rounded-lg has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
          >
            <input type="radio" name={name} value={stars} checked={value === stars} onChange={() => onChange(stars)} className="sr-only" />
            <Star aria-hidden="true" className={cn('size-8 transition-colors', stars <= shown ? 'fill-sun-400 text-sun-400' : 'text-ink-500/40')} />
            <span className="sr-only">{ratingMessages.starLabel(stars)}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-brand-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
