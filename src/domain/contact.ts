// The Contact Us form (footer): reaches the admins by mail.
import { z } from 'zod';
import { emailField } from './auth';

export const contactMessages = {
  nameRequired: 'Please tell us your name.',
  messageTooShort: 'Please write a message of at least 10 characters.',
  messageTooLong: 'Please keep your message under 2000 characters.',
  sent: "Thanks! Your message is on its way and we'll reply by email.",
} as const;

export const contactFormBody = z.object({
  name: z.string({ error: contactMessages.nameRequired }).trim().min(1, contactMessages.nameRequired).max(100, contactMessages.nameRequired),
  email: emailField,
  message: z.string({ error: contactMessages.messageTooShort }).trim().min(10, contactMessages.messageTooShort).max(2000, contactMessages.messageTooLong),
});
export type ContactFormBody = z.infer<typeof contactFormBody>;
