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

/** Tells the member their password changed (or was set), and what to do if it was not them. */
export function passwordChangedMail(input: { to: string; firstName: string | null; publicUrl: string; wasSet: boolean }): MailMessage {
  return {
    to: input.to,
    subject: input.wasSet ? `You set a password for ${productName}` : `Your ${productName} password was changed`,
    text: [
      `G'day ${greetingName(input)},`,
      '',
      input.wasSet
        ? 'A password was just set for your account: you can now sign in with your email and it, as well as with Google.'
        : 'The password of your account was just changed, and every other device signed in to it was signed out.',
      '',
      "If this wasn't you, reset your password now with Forgot Password? on the sign-in page, then tell us:",
      `${input.publicUrl}/auth`,
      `${input.publicUrl}/contact`,
      '',
      `The ${productName} team`,
    ].join('\n'),
  };
}

/** The code that proves a member's new address; sent only to an address no account has. */
export function emailChangeCodeMail(input: { to: string; firstName: string | null; code: string }): MailMessage {
  return {
    to: input.to,
    subject: `Your ${productName} code for your new email`,
    text: [
      `G'day ${greetingName(input)},`,
      '',
      `To make this your ${productName} email address, enter ${input.code} on your account page.`,
      `It expires in ${codePolicy.ttlMinutes} minutes and can be used once.`,
      '',
      "If you didn't ask for this, ignore this email: nothing changes.",
    ].join('\n'),
  };
}

/** Tells the old address that the account now signs in with another. */
export function emailChangedMail(input: { to: string; firstName: string | null; newEmail: string; publicUrl: string }): MailMessage {
  return {
    to: input.to,
    subject: `Your ${productName} email was changed`,
    text: [
      `G'day ${greetingName(input)},`,
      '',
      `Your ${productName} account now signs in with ${input.newEmail}, and our emails go there. This address gets no more of them.`,
      '',
      "If this wasn't you, tell us at once:",
      `${input.publicUrl}/contact`,
      '',
      `The ${productName} team`,
    ].join('\n'),
  };
}
