import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { fieldLimits, resetVerifyCodeBody } from '../../../../domain';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useVerifyResetCode } from '@/features/auth/api';

const codeForm = resetVerifyCodeBody.pick({ code: true });

type ResetCodeFormProps = { email: string; onVerified: (code: string) => void };

/** Reset step 2: the 6-digit code from the email. */
export function ResetCodeForm({ email, onVerified }: ResetCodeFormProps) {
  const verifyCode = useVerifyResetCode();
  const form = useForm({ resolver: zodResolver(codeForm), defaultValues: { code: '' } });
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ code }) =>
    verifyCode.mutate(
      { email, code },
      {
        onSuccess: () => onVerified(code),
        onError: (error) => applyServerFieldErrors(error, form.setError, ['code']),
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <p className="text-sm text-ink-700">
        We sent a code to <strong className="font-semibold break-all">{email}</strong>. It can take a minute to arrive.
      </p>
      <FormField label="Reset code" error={errors.code?.message}>
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          maxLength={fieldLimits.codeLength}
          className="text-center font-mono text-2xl tracking-[0.5em]"
          {...form.register('code')}
        />
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={verifyCode.isPending}>
        {verifyCode.isPending ? 'Checking…' : 'Verify Code'}
      </Button>
    </form>
  );
}
