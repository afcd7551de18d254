import { MessageSquareText } from 'lucide-react';
import type { FormEvent } from 'react';
import { accountMessages, isAustralianMobile, normalisePhone } from '../../../../domain';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/lib/use-toast';
import { useSendPhoneCode } from '@/features/verification/api';

type PhoneNumberStepProps = {
  phone: string;
  onPhoneChange: (phone: string) => void;
  /** Called with the number in international form once the code is on its way. */
  onCodeSent: (phone: string) => void;
};

/** Step 1: the mobile number and Send Verification Code (spec 2, 5 and 8). */
export function PhoneNumberStep({ phone, onPhoneChange, onCodeSent }: PhoneNumberStepProps) {
  const sendCode = useSendPhoneCode();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (phone.trim() === '') {
      toast({ title: accountMessages.phoneRequiredTitle, description: accountMessages.phoneRequired, variant: 'destructive' });
      return;
    }
    if (!isAustralianMobile(phone)) {
      toast({ title: 'Error Sending Code', description: accountMessages.phoneInvalid, variant: 'destructive' });
      return;
    }
    const international = normalisePhone(phone);
    sendCode.mutate(international, { onSuccess: () => onCodeSent(international) });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <FormField label="Mobile number" hint="Australian mobiles only. We add +61 automatically.">
        <Input
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="0412 345 678"
          value={phone}
          onChange={(event) => onPhoneChange(event.target.value)}
        />
      </FormField>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={sendCode.isPending}>
        <MessageSquareText aria-hidden="true" />
        {sendCode.isPending ? 'Sending…' : 'Send Verification Code'}
      </Button>
    </form>
  );
}
