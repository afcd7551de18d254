import { MailPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { type MembershipTier, adminMessages, invitationLifetimeDays, isMembershipTier } from '../../../../domain';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/lib/use-toast';
import { useInviteUser } from '@/features/admin/api';
import { AdminSection } from './admin-section';
import { TierSelect } from './tier-select';

/** spec 6: an invitation mails a single-use link; joining through it gives the chosen tier. */
export function InviteUserCard() {
  const invite = useInviteUser();
  const [email, setEmail] = useState('');
  // spec 7: the tier defaults to starter.
  const [tier, setTier] = useState<MembershipTier>('starter');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      toast({ title: adminMessages.missingEmailTitle, description: adminMessages.missingEmail, variant: 'destructive' });
      return;
    }
    invite.mutate({ email: address, membershipTier: tier }, { onSuccess: () => setEmail('') });
  };

  return (
    <AdminSection
      icon={MailPlus}
      title="Invite New User"
      description={`We email them a link to join; it works once, for ${invitationLifetimeDays} days.`}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField label="Email to invite">
          <Input type="email" inputMode="email" autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} />
        </FormField>
        <FormField label="Membership tier">
          <TierSelect
            value={tier}
            onChange={(event) => {
              if (isMembershipTier(event.target.value)) setTier(event.target.value);
            }}
          />
        </FormField>
        <Button type="submit" className="w-full sm:w-auto" disabled={invite.isPending}>
          {invite.isPending ? 'Sending…' : 'Send Invitation'}
        </Button>
      </form>
    </AdminSection>
  );
}
