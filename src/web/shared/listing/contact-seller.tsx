// Messaging a seller from a listing card (spec 5 and 8): sign-in required, never your own listing.
// The first message is written on the listing's page, where the box is (its #message-seller), so
// the buyer sees the whole item before writing; a conversation already started continues there too.
import { MessageCircle } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import { type CurrentUser, type ListingView, listingRuleMessages } from '../../../domain';
import { cn } from '@/lib/cn';
import { showSignInPrompt } from './sign-in-prompt';
import { Button, type ButtonProps, buttonVariants } from '@/components/ui/button';

/** The anchor of the listing page's "Message seller" box. */
export const messageSellerAnchor = 'message-seller';

type MessageSellerButtonProps = {
  listing: Pick<ListingView, 'id' | 'sellerId' | 'isActive'>;
  /** Who is looking (null: signed out), from the card that shows the button. */
  viewer: CurrentUser | null;
  label?: string;
} & Pick<ButtonProps, 'size' | 'variant' | 'className'>;

/**
 * The card's Message button. Signed-out visitors are asked to sign in; on their own listing, or one
 * that has sold, a member sees it disabled with the reason.
 */
export function MessageSellerButton({ listing, viewer: user, label = 'Message', size, variant, className }: MessageSellerButtonProps) {
  const reasonId = useId();
  const listingPath = `/listing/${listing.id}`;

  const isOwn = user !== null && user.id === listing.sellerId;
  const blockedReason = isOwn ? listingRuleMessages.contactYourself : !listing.isActive ? listingRuleMessages.contactSold : null;

  if (user && !blockedReason) {
    return (
      <Link href={`${listingPath}#${messageSellerAnchor}`} className={cn(buttonVariants({ size, variant }), className)}>
        <MessageCircle aria-hidden="true" />
        {label}
      </Link>
    );
  }
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
          showSignInPrompt(listingPath);
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
    </>
  );
}
