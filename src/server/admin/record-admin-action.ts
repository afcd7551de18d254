import type { Queryable } from '../db/open-database';
import { adminAuditLog } from '../db/schema';

export type AdminAction =
  | 'verify_user'
  | 'gift_membership'
  | 'invite_user'
  | 'ban_word'
  | 'unban_word'
  | 'upload_video'
  | 'activate_video'
  | 'delete_video'
  | 'report_dismiss'
  | 'report_hide_listing'
  | 'report_warn'
  | 'report_suspend'
  | 'report_remove_rating'
  | 'lift_suspension'
  | 'reply_support'
  | 'close_account';

/** Written in the same transaction as the action, so the log never misses one. */
export async function recordAdminAction(
  tx: Queryable,
  entry: { actorId: string; action: AdminAction; targetUserId?: string | null; details?: Record<string, unknown> },
): Promise<void> {
  await tx.insert(adminAuditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetUserId: entry.targetUserId ?? null,
    details: entry.details ?? {},
  });
}
