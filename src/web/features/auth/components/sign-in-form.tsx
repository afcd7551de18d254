import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { loginBody } from '../../../../domain';
import { FormField } from '@/components/form-field';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useLogin } from '@/features/auth/api';

export function SignInForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const login = useLogin();
  const form = useForm({ resolver: zodResolver(loginBody), defaultValues: { email: '', password: '' }, mode: 'onTouched' });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    login.mutate(values, {
      onError: (error) => applyServerFieldErrors(error, form.setError, ['email', 'password']),
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
      </FormField>
      <div className="space-y-1.5">
        <FormField label="Password" error={errors.password?.message}>
          <PasswordInput autoComplete="current-password" {...form.register('password')} />
        </FormField>
        <div className="flex justify-end">
          <Button variant="link" className="min-h-11" onClick={onForgotPassword}>
            Forgot Password?
          </Button>
        </div>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
        {login.isPending ? 'Signing in…' : 'Sign In'}
      </Button>
    </form>
  );
}
