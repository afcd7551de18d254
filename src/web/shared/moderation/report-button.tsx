import { Flag } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { moderationMessages } from '../../../domain/moderation';
import { ModalDialog } from '@/components/modal-dialog';
import { Button, type ButtonProps } from '@/components/ui/button';
import { useAuthToken } from '@/lib/auth-token';
import { signInPath } from '@/lib/return-path';
import { ReportForm, type ReportTarget } from './report-form';

type ReportButtonProps = {
  target: ReportTarget;
  /** The dialog's title, which names what is reported ("Report this listing"); also the button's name for screen readers. */
  title: string;
} & Pick<ButtonProps, 'variant' | 'className'>;

/**
 * "Report": a reason from the list and optional details, sent to our team. Signed out, it goes to
 * sign in and comes back, as the heart does.
 */
export function ReportButton({ target, title, variant = 'ghost', className }: ReportButtonProps) {
  // Signed in is a stored session: no need to wait for the member's details.
  const signedIn = useAuthToken() !== null;
  const [location, navigate] = useLocation();
  const [open, setOpen] = useState(false);

  const start = () => {
    if (!signedIn) {
      navigate(signInPath(`${location}${window.location.search}`));
      return;
    }
    setOpen(true);
  };

  return (
    <>
      <Button variant={variant} className={className} onClick={start} aria-label={title} aria-haspopup="dialog">
        <Flag aria-hidden="true" />
        {moderationMessages.reportButton}
      </Button>
      <ModalDialog open={open} onClose={() => setOpen(false)} title={title} description={moderationMessages.reportIntro}>
        <ReportForm target={target} onDone={() => setOpen(false)} />
      </ModalDialog>
    </>
  );
}
