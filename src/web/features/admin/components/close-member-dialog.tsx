import { zodResolver } from '@hookform/resolvers/zod';
import { UserX } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { adminCloseAccountBody } from '../../../../domain/your-data';
import { FormField } from '@/components/form-field';
import { DialogActions, ModalDialog } from '@/components/modal-dialog';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { useCloseMemberAccount } from '@/features/admin/api';

/** The reason's limit (adminCloseAccountBody), so the box stops where the server would refuse. */
const reasonMax = 500;

type CloseMemberDialogProps = { memberId: string; name: string; open: boolean; onClose: () => void };

/** Closing a member's account from the Users card: what it does, and the reason, which goes in the activity log. */
export function CloseMemberDialog({ memberId, name, open, onClose }: CloseMemberDialogProps) {
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={`Close ${name}'s account?`}
      description={`Their listings come down at once, any paid plan is cancelled, they are signed out everywhere and get no more mail. Those they talked with see "Former member". This can't be undone.`}
    >
      <CloseMemberForm memberId={memberId} onClose={onClose} />
    </ModalDialog>
  );
}

function CloseMemberForm({ memberId, onClose }: { memberId: string; onClose: () => void }) {
  const closeAccount = useCloseMemberAccount();
  const form = useForm({ resolver: zodResolver(adminCloseAccountBody), defaultValues: { reason: '' } });
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ reason }) => closeAccount.mutate({ memberId, reason }, { onSuccess: onClose }));

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <FormField label="Reason" hint="It goes in the activity log." error={errors.reason?.message}>
        <Textarea rows={3} maxLength={reasonMax} className="min-h-20" data-autofocus {...form.register('reason')} />
      </FormField>
      <DialogActions onCancel={onClose}>
        <Button type="submit" variant="destructive" disabled={closeAccount.isPending}>
          <UserX aria-hidden="true" />
          {closeAccount.isPending ? 'Closing…' : 'Close account'}
        </Button>
      </DialogActions>
    </form>
  );
}
