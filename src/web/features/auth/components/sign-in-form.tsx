import { zodResolver } from '@hookform/resolvers/zod';
import { Ban } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { loginBody } from '../../../../domain';
import { moderationLabels } from '../../../../domain/moderation';
import { FormField } from '@/components/form-field';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useLogin } from '@/features/auth/api';

export function SignInForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const login = useLogin();
  const form = useForm({ resolver: zodResolver(loginBody), defaultValues: { email: '', password: '' }, mode: 'onTouched' });
  const { errors } = form.formState;
  // A suspended account: the server's words (until when, and where to write) stay on the page after the toast goes.
  const suspended = login.error instanceof ApiError && login.error.code === 'ACCOUNT_SUSPENDED' ? login.error.message : null;

  const submit = form.handleSubmit((values) =>
    login.mutate(values, {
      onError: (error) => applyServerFieldErrors(error, form.setError, ['email', 'password']),
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {suspended && (
        <div role="alert" className="flex items-start gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-brand-800">
          <Ban className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <div className="space-y-2">
            <p>{suspended}</p>
            <Link href="/contact" className="font-semibold underline underline-offset-2">
              {moderationLabels.contactUs}
            </Link>
          </div>
        </div>
      )}
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
