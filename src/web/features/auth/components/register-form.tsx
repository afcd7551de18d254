import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type ApiResponse, fieldLimits, registerBody } from '../../../../domain';
import { FormField } from '@/components/form-field';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useRegister } from '@/features/auth/api';

const registerFields = ['firstName', 'lastName', 'email', 'password'] as const;

type RegisterFormProps = {
  /** From an invitation link: the email is fixed and joining gives the invited tier. */
  invitation?: (ApiResponse<'getInvitation'> & { token: string }) | null;
};

export function RegisterForm({ invitation }: RegisterFormProps) {
  const register = useRegister();
  const form = useForm({
    resolver: zodResolver(registerBody),
    defaultValues: { firstName: '', lastName: '', email: invitation?.email ?? '', password: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const busy = register.isPending || register.isSuccess;

  const submit = form.handleSubmit((values) =>
    register.mutate(invitation ? { ...values, email: invitation.email, inviteToken: invitation.token } : values, {
      onError: (error) => applyServerFieldErrors(error, form.setError, registerFields),
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="First name" error={errors.firstName?.message}>
          <Input autoComplete="given-name" {...form.register('firstName')} />
        </FormField>
        <FormField label="Last name" error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...form.register('lastName')} />
        </FormField>
      </div>
      <FormField
        label="Email"
        error={errors.email?.message}
        hint={invitation ? 'The invitation is for this address.' : undefined}
      >
        <Input
          type="email"
          autoComplete="email"
          inputMode="email"
          readOnly={Boolean(invitation)}
          className={invitation ? 'bg-sand-50 text-ink-700' : undefined}
          {...form.register('email')}
        />
      </FormField>
      <FormField label="Password" error={errors.password?.message} hint={`At least ${fieldLimits.passwordMin} characters.`}>
        <PasswordInput autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? 'Creating your account…' : 'Create Account'}
      </Button>
    </form>
  );
}
