import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type CurrentUser, accountSecurityMessages, changePasswordBody, currentPasswordCheck, currentPasswordErrorCodes, fieldLimits } from '../../../../domain';
import { FormField } from '@/components/form-field';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/use-toast';
import { useChangePassword } from '@/features/account/api';

/** The current password is asked of a member who has one; one who joined with Google sets a first. */
const formSchema = (hasPassword: boolean) =>
  changePasswordBody.required({ currentPassword: true }).refine(...currentPasswordCheck('currentPassword', hasPassword));

/** Change the password while signed in: every other device is signed out, and the member is mailed. */
export function ChangePasswordForm({ user }: { user: CurrentUser }) {
  const change = useChangePassword();
  const form = useForm({ resolver: zodResolver(formSchema(user.hasPassword)), defaultValues: { currentPassword: '', newPassword: '' }, mode: 'onTouched' });
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(user.hasPassword ? { currentPassword, newPassword } : { newPassword }, {
      onSuccess: () => form.reset(),
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        if (currentPasswordErrorCodes.includes(error.code ?? '')) form.setError('currentPassword', { type: 'server', message: error.message }, { shouldFocus: true });
        else if (error.code === 'SAME_PASSWORD' || error.fieldErrors?.some((field) => field.path === 'newPassword'))
          form.setError('newPassword', { type: 'server', message: error.fieldErrors?.[0]?.message ?? error.message }, { shouldFocus: true });
        else toast({ title: accountSecurityMessages.passwordChangeFailedTitle, description: error.message, variant: 'destructive' });
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={user.hasPassword ? 'Change your password' : 'Set a password'}>
      {!user.hasPassword && <p className="text-sm text-ink-700">You joined with Google. Set a password to sign in with your email too.</p>}
      {user.hasPassword && (
        <FormField label="Current password" error={errors.currentPassword?.message}>
          <PasswordInput autoComplete="current-password" {...form.register('currentPassword')} />
        </FormField>
      )}
      <FormField label="New password" error={errors.newPassword?.message} hint={`At least ${fieldLimits.passwordMin} characters.`}>
        <PasswordInput autoComplete="new-password" {...form.register('newPassword')} />
      </FormField>
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? 'Saving…' : user.hasPassword ? 'Change Password' : 'Set Password'}
      </Button>
    </form>
  );
}
