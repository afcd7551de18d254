// Texts to a member's own verified phone (decision 33). The member turns them on for the number
// verified on their account (never a number they send); every text, whatever sends it (the away
// sweep, an instant alert, on any server), goes through textMember, whose one statement checks that
// the number is still that verified phone and counts the text against the member's daily cap.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { NotificationSettingsBody } from '../../domain/conversation-schemas';
import { AppError } from '../../domain/errors';
import { defaultLocation } from '../../domain/postcodes';
import { stateTimeZones } from '../../domain/saved-searches';
import { smsLimits } from '../../domain/sms-notifications';
import { users, type UserRow } from '../db/schema';
import { writeTransaction } from '../db/write-transaction';
import type { ServerDeps } from '../deps';

/** The member's own day at `now`, in their state's time (Melbourne's without a state: browse looks from 3000 then). */
function memberDay(now: Date) {
  const zones = Object.entries(stateTimeZones).map(([state, zone]) => sql`when ${state} then ${zone}`);
  const zone = sql`case ${users.state} ${sql.join(zones, sql` `)} else ${stateTimeZones[defaultLocation.state]} end`;
  return sql`(${now.toISOString()}::timestamptz at time zone (${zone}))::date`;
}

/**
 * Texts the member, when their texts are on and today's cap allows; says whether the text went.
 * The claim is one conditional update of the member's row: concurrent senders wait for each other
 * on the row, so however many try at once, no more than the cap go out in a day. A text the
 * provider then fails to take still counts (the cap errs on the side of fewer texts).
 */
export async function textMember(deps: Pick<ServerDeps, 'db' | 'sms' | 'clock'>, input: { memberId: string; text: string; now?: Date }): Promise<boolean> {
  const today = memberDay(input.now ?? deps.clock.now());
  const [claimed] = await deps.db
    .update(users)
    .set({ smsDay: sql`${today}`, smsSentOnDay: sql`case when ${users.smsDay} = ${today} then ${users.smsSentOnDay} + 1 else 1 end` })
    .where(
      and(
        eq(users.id, input.memberId),
        // Only the number texts were turned on for, while it is still the member's verified phone.
        isNotNull(users.smsPhone),
        eq(users.smsPhone, users.phone),
        eq(users.isPhoneVerified, true),
        sql`(${users.smsDay} is distinct from ${today} or ${users.smsSentOnDay} < ${smsLimits.perDay})`,
      ),
    )
    .returning({ phone: users.phone });
  if (!claimed?.phone) return false;
  await deps.sms.send({ to: claimed.phone, text: input.text });
  return true;
}

/**
 * PUT /api/user/notifications: message mails and texts on or off. Texts turn on only for the
 * member's verified phone, and are kept for that number alone (a phone changed or removed later
 * turns them off: update-phone.ts and the verification's).
 */
export async function updateNotificationSettings(
  deps: Pick<ServerDeps, 'db' | 'contentVersion'>,
  input: { memberId: string; settings: NotificationSettingsBody },
): Promise<UserRow> {
  return writeTransaction(deps, async (tx, changes) => {
    const [member] = await tx.select().from(users).where(eq(users.id, input.memberId)).for('update');
    const next: Partial<Pick<UserRow, 'messageMail' | 'insightsMail' | 'smsPhone'>> = {};
    if (input.settings.messageMail !== undefined) next.messageMail = input.settings.messageMail;
    if (input.settings.insightsMail !== undefined) next.insightsMail = input.settings.insightsMail;
    if (input.settings.sms === true) {
      if (!member.isPhoneVerified || !member.phone) throw new AppError('SMS_NEEDS_VERIFIED_PHONE');
      next.smsPhone = member.phone;
    } else if (input.settings.sms === false) {
      next.smsPhone = null;
    }
    const [updated] = await tx.update(users).set(next).where(eq(users.id, member.id)).returning();
    changes.touch('members', member.id);
    return updated;
  });
}
