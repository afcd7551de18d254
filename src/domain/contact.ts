// The Contact Us form (footer): a message to our team, kept in the admins' support inbox (decision 32).
import { z } from 'zod';
import { emailField } from './auth';
import { fieldLimits } from './limits';
import { visitorRequestReceived } from './support';

export const contactMessages = {
  nameRequired: 'Please tell us your name.',
  messageTooShort: `Please write a message of at least ${fieldLimits.contactMessageMin} characters.`,
  messageTooLong: `Please keep your message under ${fieldLimits.contactMessageMax} characters.`,
  /** A visitor's; a member is told their plan's reply time (support.ts). */
  sent: visitorRequestReceived,
} as const;

export const contactFormBody = z.object({
  name: z.string({ error: contactMessages.nameRequired }).trim().min(1, contactMessages.nameRequired).max(fieldLimits.contactNameMax, contactMessages.nameRequired),
  email: emailField,
  message: z.string({ error: contactMessages.messageTooShort }).trim().min(fieldLimits.contactMessageMin, contactMessages.messageTooShort).max(fieldLimits.contactMessageMax, contactMessages.messageTooLong),
});
export type ContactFormBody = z.infer<typeof contactFormBody>;
