import { CircleAlert, PartyPopper } from 'lucide-react';
import { type MembershipTier, rulesForTier } from '../../../../domain';

/** Shown on Register when the visitor came through a valid invitation link. */
export function InvitationNotice({ membershipTier }: { membershipTier: MembershipTier }) {
  return (
    <div role="status" className="mb-6 flex items-start gap-3 rounded-2xl border border-leaf-100 bg-leaf-50 p-4 text-leaf-700">
      <PartyPopper className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <p className="font-semibold">You've been invited to join with {rulesForTier(membershipTier).label} membership</p>
    </div>
  );
}

/** The link was unknown, used or expired: the server's reason, and the page as usual. */
export function InvalidInvitationNotice({ message }: { message: string }) {
  return (
    <div role="alert" className="mb-6 flex items-start gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-4 text-brand-800">
      <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <p>{message}</p>
    </div>
  );
}
