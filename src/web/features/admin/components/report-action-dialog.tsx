import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { type ModerationAction, moderationActionLabels, moderationLabels, moderationLimits } from '../../../../domain/moderation';
import { type ReportGroup, moderationActionBody } from '../../../../domain/moderation-schemas';
import { FormField } from '@/components/form-field';
import { ModalDialog } from '@/components/modal-dialog';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { useActOnReport } from '@/features/admin/api';

type ReportActionDialogProps = { group: ReportGroup; action: ModerationAction | null; onClose: () => void };

/** One action on a group of reports, with its reason (required) and, for a suspension, how long. */
export function ReportActionDialog({ group, action, onClose }: ReportActionDialogProps) {
  return (
    <ModalDialog open={action !== null} onClose={onClose} title={action ? moderationActionLabels[action] : ''} description={action ? moderationLabels.actionDescriptions[action] : undefined}>
      {action && <ReportActionForm key={action} reportId={group.reportId} action={action} onClose={onClose} />}
    </ModalDialog>
  );
}

/** Suspension lengths in days, then for good (null). */
const suspensionChoices: (number | null)[] = [...moderationLimits.suspensionDays, null];

function ReportActionForm({ reportId, action, onClose }: { reportId: string; action: ModerationAction; onClose: () => void }) {
  const act = useActOnReport();
  const daysName = useId();
  const form = useForm({
    resolver: zodResolver(moderationActionBody),
    defaultValues: { action, days: action === 'suspend' ? (moderationLimits.suspensionDays[0] as 7 | 30 | null) : undefined, reason: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((body) => act.mutate({ reportId, body }, { onSuccess: onClose }));

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {action === 'suspend' && (
        <Controller
          control={form.control}
          name="days"
          render={({ field }) => (
            <fieldset className="min-w-0">
              <legend className="mb-2 text-sm font-semibold">{moderationLabels.suspendForLabel}</legend>
              <div className="grid gap-2 sm:grid-cols-3">
                {suspensionChoices.map((days) => (
                  <label
                    key={String(days)}
                    className={cn('flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-sand-200 px-4 text-sm', 'has-checked:border-brand-400 has-checked:bg-brand-50')}
                  >
                    <input type="radio" name={daysName} checked={field.value === days} onChange={() => field.onChange(days)} className="size-4 accent-brand-600" />
                    {moderationLabels.suspensionLength(days)}
                  </label>
                ))}
              </div>
              {errors.days?.message && <p className="mt-2 text-sm font-medium text-brand-700">{errors.days.message}</p>}
            </fieldset>
          )}
        />
      )}
      <FormField label={moderationLabels.actionReasonLabel} hint={moderationLabels.actionReasonHint} error={errors.reason?.message}>
        <Textarea rows={4} maxLength={moderationLimits.reasonMax} className="min-h-24" data-autofocus {...form.register('reason')} />
      </FormField>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          {moderationLabels.cancel}
        </Button>
        <Button type="submit" disabled={act.isPending}>
          {act.isPending ? moderationLabels.saving : moderationActionLabels[action]}
        </Button>
      </div>
    </form>
  );
}
