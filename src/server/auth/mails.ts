// The texts of the mails the sign-in flow sends.
import { codePolicy } from '../../domain/auth';
import { productName, productTagline } from '../../domain/product';
import { greetingName } from '../../domain/user';
import type { MailMessage } from '../services/mail';

export function welcomeMail(input: { to: string; firstName: string; publicUrl: string }): MailMessage {
  return {
    to: input.to,
    subject: `Welcome to ${productName}!`,
    text: [
      `G'day ${input.firstName},`,
      '',
      `Welcome to ${productName}, your ${productTagline}.`,
      'Verify your email and phone to start listing and messaging neighbours:',
      `${input.publicUrl}/verify-email`,
      '',
      `The ${productName} team`,
    ].join('\n'),
  };
}

export function passwordResetMail(input: { to: string; firstName: string | null; code: string }): MailMessage {
  return {
    to: input.to,
    subject: `Your ${productName} password reset code`,
    text: [
      `G'day ${greetingName(input)},`,
      '',
      `Your password reset code is ${input.code}.`,
      `It expires in ${codePolicy.ttlMinutes} minutes and can be used once.`,
      '',
      "If you didn't ask to reset your password, you can ignore this email: your password stays the same.",
    ].join('\n'),
  };
}
