import { MailCheck, Send } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { accountMessages, codePolicy, emailCodeBody, fieldLimits } from '../../../../domain';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/lib/use-toast';
import { useSendVerificationEmail, useVerifyEmail } from '@/features/verification/api';
import { CodeInput } from './code-input';

type EmailCodeFormProps = { email: string; onVerified: () => void };

/** spec 2 "Email verification page": send a code, then enter its 6 digits. */
export function EmailCodeForm({ email, onVerified }: EmailCodeFormProps) {
  const sendEmail = useSendVerificationEmail();
  const verify = useVerifyEmail();
  // The mailed link carries the code (/verify-email?code=123456): it arrives filled in.
  const [params] = useSearchParams();
  const [code, setCode] = useState(() => params.get('code')?.replace(/\D/g, '').slice(0, 6) ?? '');
  const codeRef = useRef<HTMLInputElement>(null);

  const send = () =>
    sendEmail.mutate(undefined, {
      onSuccess: () => codeRef.current?.focus(),
    });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = emailCodeBody.safeParse({ code });
    if (!parsed.success) {
      toast({ title: accountMessages.invalidCodeTitle, description: accountMessages.emailCodeInvalid, variant: 'destructive' });
      codeRef.current?.focus();
      return;
    }
    verify.mutate(parsed.data.code, { onSuccess: onVerified });
  };

  return (
    <Card className="p-6 sm:p-8">
      <div className="flex items-start gap-4">
        <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand-100 text-brand-700">
          <MailCheck className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 className="text-xl font-bold">1. Get your code</h2>
          <p className="mt-1 text-ink-700">
            We'll email a {fieldLimits.codeLength}-digit code to <strong className="font-semibold break-all">{email}</strong>.
          </p>
        </div>
      </div>
      <Button variant={sendEmail.isSuccess ? 'secondary' : 'primary'} className="mt-5 w-full sm:w-auto" onClick={send} disabled={sendEmail.isPending}>
        <Send aria-hidden="true" />
        {sendEmail.isPending ? 'Sending…' : 'Send Code'}
      </Button>

      <form onSubmit={submit} noValidate className="mt-8 space-y-5 border-t border-sand-200 pt-6">
        <h2 className="text-xl font-bold">2. Enter the code</h2>
        <FormField
          label="Verification code"
          hint={`The ${fieldLimits.codeLength} digits from the email. A code works once and expires after ${codePolicy.ttlMinutes} minutes.`}
        >
          <CodeInput ref={codeRef} value={code} onValueChange={setCode} />
        </FormField>
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={verify.isPending || verify.isSuccess}>
          {verify.isPending ? 'Checking…' : 'Verify Email'}
        </Button>
      </form>
    </Card>
  );
}
