import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { adminAuditLog, users } from '../db/schema';
import type { ServerDeps } from '../deps';

const entriesShown = 100;

export async function listAuditLog(deps: ServerDeps, input: { limit?: number } = {}) {
  const actor = alias(users, 'actor');
  const target = alias(users, 'target');
  const rows = await deps.db
    .select({ entry: adminAuditLog, actorEmail: actor.email, targetEmail: target.email })
    .from(adminAuditLog)
    .leftJoin(actor, eq(actor.id, adminAuditLog.actorId))
    .leftJoin(target, eq(target.id, adminAuditLog.targetUserId))
    .orderBy(desc(adminAuditLog.createdAt))
    .limit(input.limit ?? entriesShown);
  return rows.map((row) => ({
    id: row.entry.id,
    action: row.entry.action,
    actorEmail: row.actorEmail,
    targetEmail: row.targetEmail,
    details: row.entry.details as Record<string, unknown>,
    createdAt: row.entry.createdAt.toISOString(),
  }));
}
