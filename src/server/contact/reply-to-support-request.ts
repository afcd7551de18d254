import { eq, sql } from 'drizzle-orm';
import { formatDateAU } from '../../domain/dates';
import { AppError } from '../../domain/errors';
import { uuidPattern } from '../../domain/listing';
import { productName } from '../../domain/product';
import { replySentMessage, supportReplySubject } from '../../domain/support';
import type { AdminSupportRequest } from '../../domain/support-schemas';
import { recordAdminAction } from '../admin';
import { supportReplies, supportRequests, users } from '../db/schema';
import { writeTransaction } from '../db/write-transaction';
import type { ServerDeps } from '../deps';
import { readSupportRequest } from './support-inbox';

/** The mail that carries the reply: plain text, the sender's own message quoted below it. */
function replyMail(deps: Pick<ServerDeps, 'config'>, input: { name: string; reply: string; message: string; createdAt: Date; isMember: boolean }): string {
  return [
    `Hi ${input.name},`,
    '',
    input.reply,
    '',
    `You wrote on ${formatDateAU(input.createdAt)}:`,
    ...input.message.split('\n').map((line) => `> ${line}`),
    '',
    ...(input.isMember ? [`Our replies are also on your Account page: ${deps.config.publicUrl}/account`, ''] : []),
    `The ${productName} team`,
  ].join('\n');
}

/**
 * POST /api/admin/support/:id/reply (decision 32): keeps the reply, answers the message (the first
 * reply does; a later one adds to it) and records the admin's action in the same transaction, then
 * mails the reply to the sender: a member at their account's email, a visitor at the one they gave.
 */
export async function replyToSupportRequest(deps: ServerDeps, input: { actorId: string; id: string; message: string }): Promise<{ message: string; request: AdminSupportRequest }> {
  if (!uuidPattern.test(input.id)) throw new AppError('SUPPORT_REQUEST_NOT_FOUND');
  const answered = await writeTransaction(deps, async (tx) => {
    const [request] = await tx
      .update(supportRequests)
      .set({ answeredAt: sql`coalesce(${supportRequests.answeredAt}, now())` })
      .where(eq(supportRequests.id, input.id))
      .returning();
    if (!request) throw new AppError('SUPPORT_REQUEST_NOT_FOUND');
    await tx.insert(supportReplies).values({ requestId: request.id, adminId: input.actorId, message: input.message });
    const [member] = request.memberId ? await tx.select({ email: users.email }).from(users).where(eq(users.id, request.memberId)) : [];
    const to = member?.email ?? request.email;
    await recordAdminAction(tx, { actorId: input.actorId, action: 'reply_support', targetUserId: request.memberId, details: { requestId: request.id, email: to } });
    return { request, to, isMember: member !== undefined };
  });
  await deps.mail.send({
    to: answered.to,
    subject: supportReplySubject(productName),
    text: replyMail(deps, { name: answered.request.name, reply: input.message, message: answered.request.message, createdAt: answered.request.createdAt, isMember: answered.isMember }),
  });
  const request = await readSupportRequest(deps.db, answered.request.id);
  if (!request) throw new AppError('SUPPORT_REQUEST_NOT_FOUND');
  return { message: replySentMessage(answered.to), request };
}
