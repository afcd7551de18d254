// The admins' support inbox and a member's own messages to our team (decision 32).
import { asc, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { AdminSupportRequest, MemberSupportRequest } from '../../domain/support-schemas';
import { supportReplies, supportRequests, users } from '../db/schema';
import type { Database, Queryable } from '../db/open-database';
import type { ServerDeps } from '../deps';

/** Open messages are all shown; of the answered ones, the latest this many. */
const answeredShown = 50;
/** A member's own messages shown on their account. */
const memberRequestsShown = 50;

type RequestRow = typeof supportRequests.$inferSelect;
const statusOf = (row: RequestRow): MemberSupportRequest['status'] => (row.answeredAt ? 'answered' : 'open');

type ReplyRow = { id: string; requestId: string; message: string; createdAt: Date; adminEmail: string | null };

async function repliesOf(db: Queryable, requestIds: string[]): Promise<Map<string, ReplyRow[]>> {
  const byRequest = new Map<string, ReplyRow[]>();
  if (requestIds.length === 0) return byRequest;
  const rows = await db
    .select({ id: supportReplies.id, requestId: supportReplies.requestId, message: supportReplies.message, createdAt: supportReplies.createdAt, adminEmail: users.email })
    .from(supportReplies)
    .leftJoin(users, eq(users.id, supportReplies.adminId))
    .where(inArray(supportReplies.requestId, requestIds))
    .orderBy(asc(supportReplies.createdAt));
  for (const row of rows) byRequest.set(row.requestId, [...(byRequest.get(row.requestId) ?? []), row]);
  return byRequest;
}

export function toAdminView(row: RequestRow, replies: ReplyRow[]): AdminSupportRequest {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    memberId: row.memberId,
    membershipTier: row.membershipTier,
    supportLevel: row.supportLevel,
    status: statusOf(row),
    answeredAt: row.answeredAt?.toISOString() ?? null,
    replies: replies.map((reply) => ({ id: reply.id, message: reply.message, createdAt: reply.createdAt.toISOString(), adminEmail: reply.adminEmail })),
  };
}

/** One message with its replies, as the inbox shows it. */
export async function readSupportRequest(db: Queryable, id: string): Promise<AdminSupportRequest | null> {
  const [row] = await db.select().from(supportRequests).where(eq(supportRequests.id, id));
  if (!row) return null;
  return toAdminView(row, (await repliesOf(db, [row.id])).get(row.id) ?? []);
}

/**
 * GET /api/admin/support: the open messages first, by the sender's plan when they wrote (Connector and
 * Lifetime, then Explorer, then Starter and visitors: the stored queue rank) and then the oldest; then
 * the latest answered.
 */
export async function listSupportInbox(deps: Pick<ServerDeps, 'db'>): Promise<AdminSupportRequest[]> {
  const open = await deps.db.select().from(supportRequests).where(isNull(supportRequests.answeredAt)).orderBy(asc(supportRequests.queueRank), asc(supportRequests.createdAt), asc(supportRequests.id));
  const answered = await deps.db
    .select()
    .from(supportRequests)
    .where(isNotNull(supportRequests.answeredAt))
    .orderBy(desc(supportRequests.answeredAt), desc(supportRequests.id))
    .limit(answeredShown);
  const rows = [...open, ...answered];
  const replies = await repliesOf(deps.db, rows.map((row) => row.id));
  return rows.map((row) => toAdminView(row, replies.get(row.id) ?? []));
}

/** GET /api/support: the member's own messages, newest first; never another's, nor a visitor's that gave their email. */
export async function listMemberSupportRequests(deps: { db: Database }, input: { memberId: string }): Promise<MemberSupportRequest[]> {
  const rows = await deps.db
    .select()
    .from(supportRequests)
    .where(eq(supportRequests.memberId, input.memberId))
    .orderBy(desc(supportRequests.createdAt), desc(supportRequests.id))
    .limit(memberRequestsShown);
  const replies = await repliesOf(deps.db, rows.map((row) => row.id));
  return rows.map((row) => ({
    id: row.id,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    supportLevel: row.supportLevel,
    status: statusOf(row),
    replies: (replies.get(row.id) ?? []).map((reply) => ({ id: reply.id, message: reply.message, createdAt: reply.createdAt.toISOString() })),
  }));
}
