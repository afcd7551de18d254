import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { fieldLimits, resetConfirmBody } from '../../../../domain';
import { FormField } from '@/components/form-field';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useConfirmPasswordReset } from '@/features/auth/api';

const newPasswordForm = resetConfirmBody.pick({ password: true });

type ResetPasswordFormProps = { email: string; code: string };

/** Reset step 3: the new password; success signs the member in. */
export function ResetPasswordForm({ email, code }: ResetPasswordFormProps) {
  const confirmReset = useConfirmPasswordReset();
  const form = useForm({ resolver: zodResolver(newPasswordForm), defaultValues: { password: '' }, mode: 'onTouched' });
  const { errors } = form.formState;
  const busy = confirmReset.isPending || confirmReset.isSuccess;

  const submit = form.handleSubmit(({ password }) =>
    confirmReset.mutate(
      { email, code, password },
      { onError: (error) => applyServerFieldErrors(error, form.setError, ['password']) },
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <FormField label="New password" error={errors.password?.message} hint={`At least ${fieldLimits.passwordMin} characters.`}>
        <PasswordInput autoComplete="new-password" autoFocus {...form.register('password')} />
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? 'Saving…' : 'Update Password'}
      </Button>
    </form>
  );
}
