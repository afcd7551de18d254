import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/open-database';
import { adminAuditLog, users } from '../db/schema';

export async function listAuditLog(db: Database, limit = 100) {
  const actor = alias(users, 'actor');
  const target = alias(users, 'target');
  const rows = await db
    .select({ entry: adminAuditLog, actorEmail: actor.email, targetEmail: target.email })
    .from(adminAuditLog)
    .leftJoin(actor, eq(actor.id, adminAuditLog.actorId))
    .leftJoin(target, eq(target.id, adminAuditLog.targetUserId))
    .orderBy(desc(adminAuditLog.createdAt))
    .limit(limit);
  return rows.map((row) => ({
    id: row.entry.id,
    action: row.entry.action,
    actorEmail: row.actorEmail,
    targetEmail: row.targetEmail,
    details: row.entry.details as Record<string, unknown>,
    createdAt: row.entry.createdAt.toISOString(),
  }));
}
