import { zodResolver } from '@hookform/resolvers/zod';
import { Flag } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { moderationLabels, moderationLimits, moderationMessages, reportReasonLabels, reportReasons } from '../../../domain/moderation';
import { createReportBody } from '../../../domain/moderation-schemas';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, callApi } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { handleUnauthorizedError } from '@/lib/unauthorized';
import { toast } from '@/lib/use-toast';

/** What is reported: exactly one listing, member, conversation or rating. */
export type ReportTarget = { listingId: string } | { memberId: string } | { conversationId: string } | { ratingId: string };

type ReportFormProps = { target: ReportTarget; onDone: () => void };

/** The report itself: a reason (required) and details (optional), checked by the server's own schema. */
export function ReportForm({ target, onDone }: ReportFormProps) {
  const form = useForm({ resolver: zodResolver(createReportBody), defaultValues: { ...target, reason: undefined, details: '' } });
  const { errors, isSubmitting } = form.formState;
  const [problem, setProblem] = useState<string | null>(null);
  const reasonErrorId = useId();

  const submit = form.handleSubmit(async ({ reason, details }) => {
    setProblem(null);
    try {
      await callApi('createReport', { body: { ...target, reason, details: details ? details : undefined } });
      onDone();
      toast({ title: moderationMessages.thanks });
    } catch (error) {
      if (handleUnauthorizedError(error)) return;
      // Reported already: nothing to correct, the report is with our team.
      if (error instanceof ApiError && error.code === 'ALREADY_REPORTED') {
        onDone();
        toast({ title: error.message });
        return;
      }
      applyServerFieldErrors(error, form.setError, ['reason', 'details']);
      setProblem(error instanceof Error && error.message ? error.message : moderationMessages.couldNotReport);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <fieldset className="min-w-0" aria-describedby={errors.reason ? reasonErrorId : undefined}>
        <legend className="mb-2 text-sm font-semibold">{moderationMessages.reasonLabel}</legend>
        <div className="space-y-2">
          {reportReasons.map((reason, index) => (
            <label
              key={reason}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-sand-200 px-4 text-sm',
                'has-checked:border-brand-400 has-checked:bg-brand-50',
              )}
            >
              <input type="radio" value={reason} {...form.register('reason')} data-autofocus={index === 0 ? true : undefined} className="size-4 accent-brand-600" />
              {reportReasonLabels[reason]}
            </label>
          ))}
        </div>
        {errors.reason?.message && (
          <p id={reasonErrorId} className="mt-2 text-sm font-medium text-brand-700">
            {errors.reason.message}
          </p>
        )}
      </fieldset>
      <FormField label={moderationMessages.detailsLabel} hint={moderationMessages.detailsHint} error={errors.details?.message}>
        <Textarea rows={4} maxLength={moderationLimits.detailsMax} className="min-h-24" {...form.register('details')} />
      </FormField>
      {problem && (
        <p role="alert" className="text-sm font-medium text-brand-700">
          {problem}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          {moderationLabels.cancel}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          <Flag aria-hidden="true" />
          {isSubmitting ? moderationLabels.sending : moderationMessages.submitReport}
        </Button>
      </div>
    </form>
  );
}
