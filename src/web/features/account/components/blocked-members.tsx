import { formatDateAU } from '../../../../domain';
import { Button } from '@/components/ui/button';
import { useBlockedMembers, useUnblockMember } from '@/shared/messages/member-blocks';

function BlockedMemberRow({ memberId, name, blockedAt }: { memberId: string; name: string; blockedAt: string }) {
  const unblock = useUnblockMember();
  return (
    <li className="flex items-center justify-between gap-3 py-3 first:pt-0 last:pb-0">
      <span className="min-w-0">
        <span className="block truncate font-semibold">{name}</span>
        <span className="block text-sm text-ink-500">Blocked {formatDateAU(blockedAt)}</span>
      </span>
      <Button variant="secondary" className="shrink-0" disabled={unblock.isPending} aria-label={`Unblock ${name}`} onClick={() => unblock.mutate(memberId)}>
        {unblock.isPending ? 'Unblocking…' : 'Unblock'}
      </Button>
    </li>
  );
}

/** Whom the member blocked from messaging them (decision 15), each with a way to unblock. */
export function BlockedMembers() {
  const blocked = useBlockedMembers();
  if (blocked.isPending) return <div role="status" aria-label="Loading blocked members" className="h-12 animate-pulse rounded-xl bg-sand-100" />;
  if (blocked.isError) {
    return (
      <p role="alert" className="text-sm text-brand-700">
        We couldn't load the members you blocked. Please refresh the page.
      </p>
    );
  }
  if (blocked.data.length === 0) return <p className="text-sm text-ink-700">You haven't blocked anyone. If a member bothers you, block them from your conversation with them.</p>;
  return (
    <ul aria-label="Blocked members" className="divide-y divide-sand-200">
      {blocked.data.map((member) => (
        <BlockedMemberRow key={member.memberId} memberId={member.memberId} name={member.firstName?.trim() || 'Neighbour'} blockedAt={member.blockedAt} />
      ))}
    </ul>
  );
}
