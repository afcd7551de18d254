import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type CurrentUser, accountSecurityMessages, changeEmailBody, confirmEmailChangeBody, currentPasswordCheck, currentPasswordErrorCodes, fieldLimits } from '../../../../domain';
import { FormField } from '@/components/form-field';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/use-toast';
import { useConfirmEmailChange, useRequestEmailChange } from '@/features/account/api';

const newAddressForm = (hasPassword: boolean) =>
  changeEmailBody.required({ password: true }).refine(...currentPasswordCheck('password', hasPassword));

function NewAddressStep({ user, onSent, onCancel }: { user: CurrentUser; onSent: (email: string) => void; onCancel: () => void }) {
  const request = useRequestEmailChange();
  const form = useForm({ resolver: zodResolver(newAddressForm(user.hasPassword)), defaultValues: { newEmail: '', password: '' }, mode: 'onTouched' });
  const { errors } = form.formState;
  const submit = form.handleSubmit(({ newEmail, password }) =>
    request.mutate(user.hasPassword ? { newEmail, password } : { newEmail }, {
      onSuccess: () => onSent(newEmail),
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        if (currentPasswordErrorCodes.includes(error.code ?? '')) form.setError('password', { type: 'server', message: error.message }, { shouldFocus: true });
        else if (error.code === 'SAME_EMAIL' || error.fieldErrors?.some((field) => field.path === 'newEmail'))
          form.setError('newEmail', { type: 'server', message: error.fieldErrors?.[0]?.message ?? error.message }, { shouldFocus: true });
        else toast({ title: accountSecurityMessages.emailChangeFailedTitle, description: error.message, variant: 'destructive' });
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Change your email" className="space-y-4 rounded-xl border border-sand-200 p-4">
      <FormField label="New email" error={errors.newEmail?.message}>
        <Input type="email" autoComplete="email" autoFocus maxLength={fieldLimits.emailMax} {...form.register('newEmail')} />
      </FormField>
      {user.hasPassword && (
        <FormField label="Your password" error={errors.password?.message}>
          <PasswordInput autoComplete="current-password" {...form.register('password')} />
        </FormField>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={request.isPending}>
          {request.isPending ? 'Sending…' : 'Send Code'}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function CodeStep({ newEmail, onDone, onBack }: { newEmail: string; onDone: () => void; onBack: () => void }) {
  const confirm = useConfirmEmailChange();
  const form = useForm({ resolver: zodResolver(confirmEmailChangeBody), defaultValues: { code: '' }, mode: 'onTouched' });
  const { errors } = form.formState;
  const submit = form.handleSubmit(({ code }) =>
    confirm.mutate(code, {
      onSuccess: onDone,
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'INVALID_CODE') form.setError('code', { type: 'server', message: error.message }, { shouldFocus: true });
        else toast({ title: accountSecurityMessages.emailChangeFailedTitle, description: error.message, variant: 'destructive' });
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Confirm your new email" className="space-y-4 rounded-xl border border-sand-200 p-4">
      <p className="text-sm break-words text-ink-700">{accountSecurityMessages.emailChangeCodeSent(newEmail)}</p>
      <FormField label="Code from your new inbox" error={errors.code?.message}>
        <Input inputMode="numeric" autoComplete="one-time-code" autoFocus maxLength={fieldLimits.codeLength} {...form.register('code')} />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={confirm.isPending}>
          {confirm.isPending ? 'Checking…' : 'Change Email'}
        </Button>
        <Button type="button" variant="secondary" onClick={onBack}>
          Use Another Address
        </Button>
      </div>
    </form>
  );
}

/** Change the sign-in email: the new address proves itself with a code before anything changes. */
export function ChangeEmailForm({ user }: { user: CurrentUser }) {
  const [step, setStep] = useState<{ name: 'closed' } | { name: 'address' } | { name: 'code'; newEmail: string }>({ name: 'closed' });
  if (step.name === 'closed') {
    return (
      <Button type="button" variant="link" className="min-h-11 px-0" onClick={() => setStep({ name: 'address' })}>
        Change email
      </Button>
    );
  }
  if (step.name === 'address') return <NewAddressStep user={user} onSent={(newEmail) => setStep({ name: 'code', newEmail })} onCancel={() => setStep({ name: 'closed' })} />;
  return <CodeStep newEmail={step.newEmail} onDone={() => setStep({ name: 'closed' })} onBack={() => setStep({ name: 'address' })} />;
}
