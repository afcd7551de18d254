import { ArrowLeft } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { accountMessages, formatPhoneForDisplay, phoneCodeBody } from '../../../../domain';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/use-toast';
import { useVerifyPhone } from '@/features/verification/api';
import { CodeInput } from './code-input';

type PhoneCodeStepProps = { phone: string; onVerified: () => void; onChangePhone: () => void };

/** Step 2: the 6-digit code from the SMS, Verify Phone Number, and a way back to step 1. */
export function PhoneCodeStep({ phone, onVerified, onChangePhone }: PhoneCodeStepProps) {
  const verify = useVerifyPhone();
  const [code, setCode] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.trim() === '') {
      toast({ title: accountMessages.codeRequiredTitle, description: accountMessages.codeRequired, variant: 'destructive' });
      return;
    }
    const parsed = phoneCodeBody.safeParse({ code });
    if (!parsed.success) {
      toast({ title: accountMessages.invalidCodeTitle, description: accountMessages.phoneCodeWrong, variant: 'destructive' });
      return;
    }
    verify.mutate(parsed.data.code, { onSuccess: onVerified });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <p className="text-ink-700">
        We texted a 6-digit code to <strong className="font-semibold whitespace-nowrap">{formatPhoneForDisplay(phone)}</strong>.
      </p>
      <FormField label="Verification code" hint="It can take a minute to arrive.">
        <CodeInput autoFocus value={code} onValueChange={setCode} />
      </FormField>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="submit" size="lg" disabled={verify.isPending || verify.isSuccess}>
          {verify.isPending ? 'Checking…' : 'Verify Phone Number'}
        </Button>
        <Button variant="ghost" size="lg" onClick={onChangePhone} disabled={verify.isPending || verify.isSuccess}>
          <ArrowLeft aria-hidden="true" />
          Change Phone Number
        </Button>
      </div>
    </form>
  );
}
