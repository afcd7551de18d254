// The message form of the Message Seller button: an optional note, checked with the API's own schema.
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { type ListingView, contactSellerBody } from '../../../domain';
import { ApiError, apiRequest } from '@/lib/api-client';
import { toast } from '@/lib/use-toast';
import { ModalDialog } from '@/components/modal-dialog';
import { showSignInPrompt } from './sign-in-prompt';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';

const messageField = contactSellerBody.shape.message.unwrap();
const messageMaxLength = messageField.maxLength ?? undefined;

type ContactSellerInput = { listingId: string; message?: string };

const contactSeller = (body: ContactSellerInput) => apiRequest<{ message: string }>('POST', '/api/contact-seller', body);

function useContactSeller(onSent: () => void) {
  return useMutation({
    mutationFn: contactSeller,
    onSuccess: () => {
      toast({ title: 'Message Sent!', description: 'The seller will receive your contact details...' });
      onSent();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'UNAUTHENTICATED') {
        showSignInPrompt();
        return;
      }
      toast({ title: 'Failed to Send Message', description: error.message || 'Please try again later.', variant: 'destructive' });
    },
  });
}

type ContactSellerDialogProps = {
  listing: Pick<ListingView, 'id' | 'title' | 'seller'>;
  open: boolean;
  onClose: () => void;
};

export function ContactSellerDialog({ listing, open, onClose }: ContactSellerDialogProps) {
  const [message, setMessage] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const fieldId = useId();
  const contact = useContactSeller(() => {
    onClose();
    setMessage('');
  });

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
    <ModalDialog
      open={open}
      onClose={onClose}
      title={`Message ${listing.seller.firstName?.trim() || 'the seller'}`}
      description={
        <>
          About <span className="font-semibold">{listing.title}</span>. We'll send the seller your email address so they can get
          back to you.
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
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={contact.isPending}>
            {contact.isPending ? 'Sending…' : 'Send Message'}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
