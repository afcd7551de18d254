import { Flag } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import { moderationMessages } from '../../../domain/moderation';
import { LoadingState } from '@/components/loading-state';
import { ModalDialog } from '@/components/modal-dialog';
import { Button, type ButtonProps } from '@/components/ui/button';
import { useAuthToken } from '@/lib/auth-token';
import { lazyPage } from '@/lib/lazy-page';
import { signInPath } from '@/lib/return-path';
import type { ReportTarget } from './report-form';

/**
 * The form, and the form library under it, arrive when a member starts a report (fetched ahead when
 * the pointer or focus reaches the button), not with every page that shows the button.
 */
const ReportForm = lazyPage(() => import('./report-form'), 'ReportForm');

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
      <Button
        variant={variant}
        className={className}
        onClick={start}
        onPointerEnter={signedIn ? () => void ReportForm.preload() : undefined}
        onFocus={signedIn ? () => void ReportForm.preload() : undefined}
        aria-label={title}
        aria-haspopup="dialog"
      >
        <Flag aria-hidden="true" />
        {moderationMessages.reportButton}
      </Button>
      <ModalDialog open={open} onClose={() => setOpen(false)} title={title} description={moderationMessages.reportIntro}>
        {open && (
          <Suspense fallback={<LoadingState className="min-h-40" />}>
            <ReportForm target={target} onDone={() => setOpen(false)} />
          </Suspense>
        )}
      </ModalDialog>
    </>
  );
}
