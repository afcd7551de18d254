// Messaging a seller (spec 5 and 8): sign-in required, never your own listing, an optional note.
import { useMutation } from '@tanstack/react-query';
import { MessageCircle } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'wouter';
import { type ListingView, contactSellerBody, listingRuleMessages } from '../../domain';
import { ApiError, apiRequest } from '../lib/api-client';
import { useCurrentUser } from '../lib/auth';
import { toast } from '../lib/use-toast';
import { ModalDialog } from './modal-dialog';
import { Button, type ButtonProps } from './ui/button';
import { Textarea } from './ui/textarea';

const messageField = contactSellerBody.shape.message.unwrap();
const messageMaxLength = messageField.maxLength ?? undefined;

type ContactSellerInput = { listingId: string; message?: string };

const contactSeller = (body: ContactSellerInput) => apiRequest<{ message: string }>('POST', '/api/contact-seller', body);

function showSignInPrompt(): void {
  toast({
    title: 'Please Log In',
    description: (
      <>
        {listingRuleMessages.contactSignedOut}{' '}
        <Link href="/auth" className="font-semibold underline underline-offset-2">
          Sign in
        </Link>
      </>
    ),
  });
}

function useContactSeller(onSent: () => void) {
  return useMutation({
    mutationFn: contactSeller,
    onSuccess: () => {
      toast({ title: 'Message Sent!', description: 'The seller will receive your contact details...' });
      onSent();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) {
        showSignInPrompt();
        return;
      }
      toast({ title: 'Failed to Send Message', description: error.message || 'Please try again later.', variant: 'destructive' });
    },
  });
}

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
  const [message, setMessage] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const reasonId = useId();
  const fieldId = useId();
  const contact = useContactSeller(() => {
    setOpen(false);
    setMessage('');
  });

  const isOwn = user !== null && user.id === listing.sellerId;
  const blockedReason = isOwn ? listingRuleMessages.contactYourself : !listing.isActive ? listingRuleMessages.contactSold : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = contactSellerBody.safeParse({ listingId: listing.id, message: message.trim() || undefined });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Please check your message.');
      return;
    }
    setFieldError(null);
    contact.mutate(parsed.data);
  };

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
          if (!user) showSignInPrompt();
          else setOpen(true);
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
      <ModalDialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Message ${listing.seller.firstName?.trim() || 'the seller'}`}
        description={
          <>
            About <span className="font-semibold">{listing.title}</span>. We'll send the seller your email address so they can
            get back to you.
          </>
        }
      >
        <form onSubmit={submit} noValidate className="space-y-4">
          <div className="space-y-1.5">
            <label htmlFor={fieldId} className="block text-sm font-semibold">
              Your message (optional)
            </label>
            <Textarea
              id={fieldId}
              data-autofocus
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              maxLength={messageMaxLength}
              rows={4}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? `${fieldId}-error` : undefined}
              placeholder="Hi! Is this still available? I could pick it up this weekend."
              className="min-h-28"
            />
            {fieldError && (
              <p id={`${fieldId}-error`} className="text-sm font-medium text-brand-700">
                {fieldError}
              </p>
            )}
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={contact.isPending}>
              {contact.isPending ? 'Sending…' : 'Send Message'}
            </Button>
          </div>
        </form>
      </ModalDialog>
    </>
  );
}
