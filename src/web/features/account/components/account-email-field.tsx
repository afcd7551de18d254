import { Check, Clock } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import type { CurrentUser } from '../../../../domain';
import { buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import { ChangeEmailForm } from '@/features/account/components/change-email-form';

/** spec 5: the email is not edited in place; it is shown with its verification state, and changed only through a code sent to the new address (decision 36). */
export function AccountEmailField({ user }: { user: CurrentUser }) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>Email</Label>
      <Input id={id} type="email" readOnly value={user.email} aria-describedby={`${id}-status`} className="bg-sand-50" />
      <div id={`${id}-status`} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        {user.isEmailVerified ? (
          <span className="inline-flex items-center gap-1 font-semibold text-leaf-700">
            <Check className="size-4" aria-hidden="true" />
            Verified
          </span>
        ) : (
          <>
            <span className="inline-flex items-center gap-1 text-ink-700">
              <Clock className="size-4" aria-hidden="true" />
              Not verified yet.
            </span>
            <Link href="/verify-email" className={cn(buttonVariants({ variant: 'link' }), 'min-h-11')}>
              Verify Now
            </Link>
          </>
        )}
      </div>
      <ChangeEmailForm user={user} />
    </div>
  );
}
