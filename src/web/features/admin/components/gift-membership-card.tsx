import { Gift } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { adminMessages, isMembershipTier } from '../../../../domain';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/lib/use-toast';
import { useGiftMembership } from '@/features/admin/api';
import { AdminSection } from './admin-section';
import { TierSelect } from './tier-select';

/** spec 6: an admin gives an existing member any tier, Lifetime included. */
export function GiftMembershipCard() {
  const gift = useGiftMembership();
  const [email, setEmail] = useState('');
  const [tier, setTier] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const userEmail = email.trim();
    if (!userEmail || !isMembershipTier(tier)) {
      toast({ title: adminMessages.missingInformationTitle, description: adminMessages.missingGiftInformation, variant: 'destructive' });
      return;
    }
    gift.mutate(
      { userEmail, membershipTier: tier },
      {
        onSuccess: () => {
          setEmail('');
          setTier('');
        },
      },
    );
  };

  return (
    <AdminSection icon={Gift} title="Gift Membership" description="Give an existing member a tier, free of charge.">
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField label="Member's email">
          <Input type="email" inputMode="email" autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} />
        </FormField>
        <FormField label="Membership tier">
          <TierSelect placeholder="Choose a tier" value={tier} onChange={(event) => setTier(event.target.value)} />
        </FormField>
        <Button type="submit" className="w-full sm:w-auto" disabled={gift.isPending}>
          {gift.isPending ? 'Gifting…' : 'Gift Membership'}
        </Button>
      </form>
    </AdminSection>
  );
}
