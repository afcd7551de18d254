import { Check, Clock } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'wouter';
import { type CurrentUser, formatPhoneForDisplay, normalisePhone, updatePhoneBody } from '../../../../domain';
import { buttonVariants, Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/use-toast';
import { useUpdatePhone } from '@/features/account/api';

/** spec 5: Update only when the field is non-empty and, normalised, differs from the saved number. */
function canUpdatePhone(value: string, current: string | null): boolean {
  return value.trim() !== '' && normalisePhone(value) !== current;
}

/** The phone line of Account Information: the number, Update, and its verification state. */
export function AccountPhoneField({ user }: { user: CurrentUser }) {
  const id = useId();
  const updatePhone = useUpdatePhone();
  const [phone, setPhone] = useState(user.phone ? formatPhoneForDisplay(user.phone) : '');
  const enabled = canUpdatePhone(phone, user.phone) && !updatePhone.isPending;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canUpdatePhone(phone, user.phone)) return;
    const parsed = updatePhoneBody.safeParse({ phone });
    if (!parsed.success) {
      toast({ title: 'Phone Update Failed', description: parsed.error.issues[0]?.message, variant: 'destructive' });
      return;
    }
    updatePhone.mutate(parsed.data.phone, {
      onSuccess: (updated) => setPhone(updated.phone ? formatPhoneForDisplay(updated.phone) : ''),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-1.5">
      <Label htmlFor={id}>Mobile number</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="0412 345 678"
          aria-describedby={`${id}-status`}
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={!enabled}>
          {updatePhone.isPending ? 'Updating…' : 'Update'}
        </Button>
      </div>
      <div id={`${id}-status`} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        {user.isPhoneVerified ? (
          <span className="inline-flex items-center gap-1 font-semibold text-leaf-700">
            <Check className="size-4" aria-hidden="true" />
            Verified
          </span>
        ) : (
          <>
            <span className="inline-flex items-center gap-1 text-ink-700">
              <Clock className="size-4" aria-hidden="true" />
              {user.phone ? 'Not verified yet.' : 'Add your mobile, then verify it.'}
            </span>
            <Link href="/verify-phone" className={cn(buttonVariants({ variant: 'link' }), 'min-h-11')}>
              Verify Now
            </Link>
          </>
        )}
      </div>
    </form>
  );
}
