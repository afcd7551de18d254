import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { fieldLimits, resetRequestBody } from '../../../../domain';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useRequestPasswordReset } from '@/features/auth/api';

type ResetRequestFormProps = { defaultEmail: string; onCodeSent: (email: string) => void };

/** Reset step 1: the member's email. */
export function ResetRequestForm({ defaultEmail, onCodeSent }: ResetRequestFormProps) {
  const requestReset = useRequestPasswordReset();
  const form = useForm({ resolver: zodResolver(resetRequestBody), defaultValues: { email: defaultEmail }, mode: 'onTouched' });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    requestReset.mutate(values, {
      onSuccess: () => onCodeSent(values.email),
      onError: (error) => applyServerFieldErrors(error, form.setError, ['email']),
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <p className="text-sm text-ink-700">
        Enter the email you joined with and we'll send you a {fieldLimits.codeLength}-digit reset code.
      </p>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={requestReset.isPending}>
        {requestReset.isPending ? 'Sending…' : 'Send Reset Code'}
      </Button>
    </form>
  );
}
