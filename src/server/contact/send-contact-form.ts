import { eq } from 'drizzle-orm';
import type { ContactFormBody } from '../../domain/contact';
import { productName } from '../../domain/product';
import { firstReplyPromise, supportLevelFor, supportLevelRules, supportRequestReceived } from '../../domain/support';
import { rulesForTier } from '../../domain/tiers';
import { type UserRow, supportRequests, users } from '../db/schema';
import type { ServerDeps } from '../deps';

/**
 * Keeps the message in the admins' support inbox (decision 32). A signed-in member's plan is read
 * from their account here, never from the request, and their account's email is the one answered;
 * a visitor is answered by mail, as community support. Every admin (ADMIN_EMAILS and admins in the
 * database) gets a notice naming the support level, with no reply-to: replies go through the inbox,
 * so they are recorded and a member sees them on their account.
 */
export async function sendContactForm(deps: ServerDeps, input: { sender: UserRow | null; body: ContactFormBody }): Promise<{ message: string }> {
  const { sender, body } = input;
  const [member] = sender
    ? await deps.db.select({ id: users.id, email: users.email, membershipTier: users.membershipTier }).from(users).where(eq(users.id, sender.id))
    : [];
  const tier = member?.membershipTier ?? null;
  const level = supportLevelFor(tier);
  const email = member?.email ?? body.email;
  await deps.db.insert(supportRequests).values({
    memberId: member?.id ?? null,
    membershipTier: tier,
    supportLevel: level,
    queueRank: supportLevelRules[level].queueRank,
    name: body.name,
    email,
    message: body.message,
  });

  const admins = await deps.db.select({ email: users.email }).from(users).where(eq(users.isAdmin, true));
  const recipients = [...new Set([...deps.config.adminEmails, ...admins.map((admin) => admin.email)])];
  if (recipients.length === 0) deps.log.warn('contact form: no admin to tell');
  const sentBy = tier ? `${rulesForTier(tier).label} member` : 'Visitor';
  const levelLabel = supportLevelRules[level].label;
  for (const to of recipients) {
    await deps.mail.send({
      to,
      subject: `[${productName}] ${levelLabel}: ${body.name}`,
      text: [
        `From: ${body.name} <${email}> (${sentBy})`,
        `${levelLabel}. ${firstReplyPromise(level)}`,
        '',
        body.message,
        '',
        `Reply from the support inbox: ${deps.config.publicUrl}/admin#support-inbox`,
      ].join('\n'),
    });
  }
  return { message: supportRequestReceived({ level, signedIn: member !== undefined }) };
}
