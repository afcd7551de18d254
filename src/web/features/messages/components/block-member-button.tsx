import { Ban, CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { ModalDialog } from '@/components/modal-dialog';
import { Button } from '@/components/ui/button';
import { useBlockMember, useUnblockMember } from '@/shared/messages/member-blocks';

type BlockMemberButtonProps = { memberId: string; name: string; blockedByMe: boolean };

/** Block (or unblock) the other member of a conversation, after saying what it does. */
export function BlockMemberButton({ memberId, name, blockedByMe }: BlockMemberButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const block = useBlockMember();
  const unblock = useUnblockMember();
  const change = blockedByMe ? unblock : block;
  const close = () => setConfirming(false);

  return (
    <>
      <Button variant="ghost" className="px-3" onClick={() => setConfirming(true)} disabled={change.isPending} aria-label={`${blockedByMe ? 'Unblock' : 'Block'} ${name}`}>
        {blockedByMe ? <CircleCheck aria-hidden="true" /> : <Ban aria-hidden="true" />}
        {blockedByMe ? 'Unblock' : 'Block'}
      </Button>
      <ModalDialog
        open={confirming}
        onClose={close}
        title={blockedByMe ? `Unblock ${name}?` : `Block ${name}?`}
        description={
          blockedByMe
            ? "You'll be able to message each other again."
            : "They won't be able to message you, and you won't be able to message them. You can unblock them any time from your account."
        }
      >
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button onClick={() => change.mutate(memberId, { onSettled: close })} disabled={change.isPending}>
            {blockedByMe ? <CircleCheck aria-hidden="true" /> : <Ban aria-hidden="true" />}
            {blockedByMe ? (unblock.isPending ? 'Unblocking…' : 'Unblock') : block.isPending ? 'Blocking…' : 'Block'}
          </Button>
        </div>
      </ModalDialog>
    </>
  );
}
