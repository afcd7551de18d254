// Messaging a seller (spec 5 and 8): sign-in required, never your own listing, an optional note.
import { MessageCircle } from 'lucide-react';
import { Suspense, lazy, useId, useState } from 'react';
import { type ListingView, listingRuleMessages } from '../../../domain';
import { useCurrentUser } from '@/lib/auth';
import { showSignInPrompt } from './sign-in-prompt';
import { Button, type ButtonProps } from '@/components/ui/button';

// The form and its checks load when a member first opens the dialog, not with every listing card.
const ContactSellerDialog = lazy(() => import('./contact-seller-dialog').then((module) => ({ default: module.ContactSellerDialog })));

type MessageSellerButtonProps = {
  listing: Pick<ListingView, 'id' | 'title' | 'sellerId' | 'isActive' | 'seller'>;
  label?: string;
} & Pick<ButtonProps, 'size' | 'variant' | 'className'>;

/**
 * The Message / Message Seller button and its dialog. Signed-out visitors are asked to sign in;
 * on their own listing a member sees the button disabled with the reason.
 */
export function MessageSellerButton({ listing, label = 'Message', size, variant, className }: MessageSellerButtonProps) {
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  // Once opened the dialog stays mounted, so a note typed and cancelled is still there next time.
  const [dialogLoaded, setDialogLoaded] = useState(false);
  const reasonId = useId();

  const isOwn = user !== null && user.id === listing.sellerId;
  const blockedReason = isOwn ? listingRuleMessages.contactYourself : !listing.isActive ? listingRuleMessages.contactSold : null;

  return (
    <>
      <Button
        size={size}
        variant={variant}
        className={className}
        disabled={blockedReason !== null}
        aria-describedby={blockedReason ? reasonId : undefined}
        onClick={(event) => {
          event.stopPropagation();
          if (!user) {
            showSignInPrompt();
            return;
          }
          setDialogLoaded(true);
          setOpen(true);
        }}
      >
        <MessageCircle aria-hidden="true" />
        {label}
      </Button>
      {blockedReason && (
        <p id={reasonId} className="text-sm text-ink-500">
          {blockedReason}
        </p>
      )}
      {dialogLoaded && (
        <Suspense fallback={null}>
          <ContactSellerDialog listing={listing} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
