import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { CurrentUser } from '../../../../domain';
import { contactFormBody } from '../../../../domain';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { toast } from '@/lib/use-toast';
import { useSendContactMessage } from '@/features/support/api';

const messageMaxLength = contactFormBody.shape.message.maxLength ?? undefined;

function defaultValuesFor(user: CurrentUser | null) {
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  return { name, email: user?.email ?? '', message: '' };
}

/** Contact Us: name, email and message, into the admins' support inbox (POST /api/contact). A member is answered at their account's email. */
export function ContactForm({ user }: { user: CurrentUser | null }) {
  const send = useSendContactMessage();
  const form = useForm({ resolver: zodResolver(contactFormBody), defaultValues: defaultValuesFor(user), mode: 'onTouched' });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: ({ message }) => {
        toast({ title: 'Message Sent!', description: message });
        form.reset({ ...defaultValuesFor(user), name: values.name, email: values.email });
      },
      onError: (error) => {
        applyServerFieldErrors(error, form.setError, ['name', 'email', 'message']);
        // The server's message covers a bad field and the hourly limit (429) alike.
        toast({ title: 'Failed to Send Message', description: error.message || 'Please try again later.', variant: 'destructive' });
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Contact us">
      <FormField label="Your name" error={errors.name?.message}>
        <Input autoComplete="name" {...form.register('name')} />
      </FormField>
      <FormField label="Email" hint={user ? 'Your account’s email: we reply to it and on your Account page.' : 'We reply to this address.'} error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" readOnly={user !== null} className="read-only:bg-sand-50 read-only:text-ink-700" {...form.register('email')} />
      </FormField>
      <FormField label="Message" hint="At least 10 characters. Include a link to the listing if it is about one." error={errors.message?.message}>
        <Textarea rows={6} maxLength={messageMaxLength} {...form.register('message')} />
      </FormField>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={send.isPending}>
        <Send aria-hidden="true" />
        {send.isPending ? 'Sending…' : 'Send Message'}
      </Button>
    </form>
  );
}
