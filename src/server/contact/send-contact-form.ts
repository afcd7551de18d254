import { eq } from 'drizzle-orm';
import { contactMessages, type ContactFormBody } from '../../domain/contact';
import { productName } from '../../domain/product';
import { users } from '../db/schema';
import type { ServerDeps } from '../deps';

/** Mails the message to every admin (ADMIN_EMAILS and admins in the database). */
export async function sendContactForm(deps: ServerDeps, body: ContactFormBody): Promise<{ message: string }> {
  const admins = await deps.db.select({ email: users.email }).from(users).where(eq(users.isAdmin, true));
  const recipients = [...new Set([...deps.config.adminEmails, ...admins.map((admin) => admin.email)])];
  if (recipients.length === 0) deps.log.warn('contact form: no admin to send it to');
  for (const to of recipients) {
    await deps.mail.send({
      to,
      subject: `[${productName}] Contact form: ${body.name}`,
      text: [`From: ${body.name} <${body.email}>`, '', body.message].join('\n'),
      replyTo: body.email,
    });
  }
  return { message: contactMessages.sent };
}
