import { zodResolver } from '@hookform/resolvers/zod';
import { Dot, UserX } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type CurrentUser, currentPasswordCheck, currentPasswordErrorCodes } from '../../../../domain';
import { closeAccountBody, closeAccountMessages } from '../../../../domain/your-data';
import { FormField } from '@/components/form-field';
import { DialogActions, ModalDialog } from '@/components/modal-dialog';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { isUnauthorizedError } from '@/lib/unauthorized';
import { toast } from '@/lib/use-toast';
import { useCloseAccount } from '@/features/account/api';

/** The password is asked of a member who has one (as for changing it); one who joined with Google just confirms. */
const formSchema = (hasPassword: boolean) =>
  closeAccountBody.required({ password: true }).refine(...currentPasswordCheck('password', hasPassword));

function CloseAccountForm({ user, onCancel }: { user: CurrentUser; onCancel: () => void }) {
  const closeAccount = useCloseAccount();
  const form = useForm({ resolver: zodResolver(formSchema(user.hasPassword)), defaultValues: { password: '' } });
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ password }) =>
    closeAccount.mutate(user.hasPassword ? { password } : {}, {
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        if (currentPasswordErrorCodes.includes(error.code ?? '')) form.setError('password', { type: 'server', message: error.message }, { shouldFocus: true });
        else if (!isUnauthorizedError(error)) toast({ title: closeAccountMessages.closeFailedTitle, description: error.message, variant: 'destructive' });
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label={closeAccountMessages.confirmTitle}>
      <ul aria-label="What happens" className="space-y-2 text-sm text-ink-700">
        {closeAccountMessages.whatHappens.map((point) => (
          <li key={point} className="flex gap-1">
            <Dot className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
            <span className="min-w-0">{point}</span>
          </li>
        ))}
      </ul>
      <p className="rounded-xl bg-sand-100 px-3 py-2 text-sm text-ink-700">{closeAccountMessages.downloadFirst}</p>
      {user.hasPassword && (
        <FormField label="Your password" error={errors.password?.message}>
          <PasswordInput autoComplete="current-password" data-autofocus {...form.register('password')} />
        </FormField>
      )}
      <DialogActions onCancel={onCancel}>
        <Button type="submit" variant="destructive" disabled={closeAccount.isPending}>
          <UserX aria-hidden="true" />
          {closeAccount.isPending ? 'Closing…' : closeAccountMessages.confirmButton}
        </Button>
      </DialogActions>
    </form>
  );
}

/** The last part of /account: closing the account, after saying what that does and (with a password) asking for it. */
export function CloseAccount({ user }: { user: CurrentUser }) {
  const [confirming, setConfirming] = useState(false);
  const close = () => setConfirming(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        <UserX aria-hidden="true" />
        Close account
      </Button>
      <ModalDialog open={confirming} onClose={close} title={closeAccountMessages.confirmTitle}>
        <CloseAccountForm user={user} onCancel={close} />
      </ModalDialog>
    </>
  );
}
