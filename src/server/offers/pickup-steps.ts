// Arranging the pickup (decision 47): once an offer in the conversation is accepted, either member
// proposes a time and a place (a proposal replaces the one before, agreed or not), the other
// confirms it, and both are reminded an hour before. Each step locks the conversation's row first
// (as offers do), writes its line through the sending statement (blocks, a deleted listing and the
// pace refuse it) and tells both members' tabs to read the conversation again.
import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { ConversationSummary, ConversationMessage } from '../../domain/conversation-schemas';
import { AppError } from '../../domain/errors';
import { uuidPattern } from '../../domain/listing';
import { pickupLimits, pickupLine, pickupMessages, pickupReminderMail, pickupTimeProblem, pickupTimeText, pickupTimeZone } from '../../domain/pickups';
import { productName } from '../../domain/product';
import { smsTexts, textsAreOn } from '../../domain/sms-notifications';
import { greetingName } from '../../domain/user';
import { textMember } from '../account';
import { announce, assertNoBannedWords, findConversationSummary, shortName, storeMessage, type StoredMessage } from '../conversations';
import type { Queryable } from '../db/open-database';
import { users } from '../db/schema';
import type { ServerDeps } from '../deps';

type PickupDeps = Pick<ServerDeps, 'db' | 'clock' | 'memberEvents' | 'contentVersion' | 'config'>;

type PickupConversation = { id: string; buyer_id: string; seller_id: string; listing_id: string | null; listing_state: string | null; offer_accepted: boolean };

async function lockConversation(tx: Queryable, conversationId: string, memberId: string): Promise<PickupConversation | undefined> {
  const { rows } = await tx.execute<PickupConversation>(sql`
    select c.id, c.buyer_id, c.seller_id, c.listing_id, l.state as listing_state,
           exists (select 1 from offers a where a.conversation_id = c.id and a.status = 'accepted') as offer_accepted
      from conversations c
      left join listings l on l.id = c.listing_id
     where c.id = ${conversationId} and (c.buyer_id = ${memberId} or c.seller_id = ${memberId})
       for update of c`);
  return rows[0];
}

export type PickupStep = { message: ConversationMessage; conversation: ConversationSummary };

async function finish(deps: PickupDeps, memberId: string, stored: StoredMessage): Promise<PickupStep> {
  await announce(deps, stored.memberIds, { type: 'message', message: stored.message });
  // The header's pickup changed: both members' tabs read the conversation again.
  await announce(deps, stored.memberIds, { type: 'conversation', conversationId: stored.message.conversationId });
  const conversation = await findConversationSummary(deps.db, memberId, stored.message.conversationId);
  if (!conversation) throw new AppError('CONVERSATION_NOT_FOUND');
  return { message: stored.message, conversation };
}

/** POST /api/conversations/:id/pickups {at, place}: proposes a pickup, replacing the one before. */
export async function proposePickup(deps: PickupDeps, input: { memberId: string; conversationId: string; at: string; place: string }): Promise<PickupStep> {
  if (!uuidPattern.test(input.conversationId)) throw new AppError('CONVERSATION_NOT_FOUND');
  const now = deps.clock.now();
  const at = new Date(input.at);
  const timeProblem = pickupTimeProblem(at, now);
  if (timeProblem) throw new AppError('VALIDATION_FAILED', timeProblem, { fieldErrors: [{ path: 'at', message: timeProblem }] });
  // A banned word is the place's fault: the form shows it beside the field.
  await assertNoBannedWords(deps, input.place).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'CONTENT_FILTERED') throw new AppError('CONTENT_FILTERED', error.message, { ...error.details, fieldErrors: [{ path: 'place', message: error.message }] });
    throw error;
  });
  const stored = await deps.db.transaction(async (tx) => {
    const conversation = await lockConversation(tx, input.conversationId, input.memberId);
    if (!conversation) throw new AppError('CONVERSATION_NOT_FOUND');
    if (conversation.listing_id === null) throw new AppError('CONVERSATION_CLOSED');
    if (!conversation.offer_accepted) throw new AppError('PICKUP_NOT_YET');
    const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
    const { rows: today } = await tx.execute<{ count: number }>(sql`select count(*)::int as count from pickups where conversation_id = ${conversation.id} and created_at > ${dayAgo}::timestamptz`);
    if (Number(today[0]?.count ?? 0) >= pickupLimits.proposalsPerConversationPerDay) throw new AppError('RATE_LIMITED', pickupMessages.tooMany);
    await tx.execute(sql`update pickups set status = 'replaced' where conversation_id = ${conversation.id} and status in ('proposed', 'confirmed')`);
    await tx.execute(sql`
      insert into pickups (conversation_id, proposed_by, at, place, created_at)
      values (${conversation.id}, ${input.memberId}, ${at.toISOString()}::timestamptz, ${input.place}, ${now.toISOString()}::timestamptz)`);
    const when = pickupTimeText(at, pickupTimeZone(conversation.listing_state));
    return storeMessage(tx, deps.clock, { conversationId: conversation.id, senderId: input.memberId, body: pickupLine('proposed', when, input.place) });
  });
  return finish(deps, input.memberId, stored);
}

type PickupRow = { id: string; conversation_id: string; proposed_by: string; at: string; place: string; status: 'proposed' | 'confirmed' | 'replaced' };

/** POST /api/pickups/:id/confirm: the other member agrees to the proposed pickup. */
export async function confirmPickup(deps: PickupDeps, input: { memberId: string; pickupId: string }): Promise<PickupStep> {
  if (!uuidPattern.test(input.pickupId)) throw new AppError('PICKUP_NOT_FOUND');
  const now = deps.clock.now();
  const stored = await deps.db.transaction(async (tx) => {
    const { rows: found } = await tx.execute<{ conversation_id: string }>(sql`select conversation_id from pickups where id = ${input.pickupId}`);
    const conversation = found[0] && (await lockConversation(tx, found[0].conversation_id, input.memberId));
    if (!conversation) throw new AppError('PICKUP_NOT_FOUND');
    const { rows } = await tx.execute<PickupRow>(sql`select id, conversation_id, proposed_by, at::text as at, place, status from pickups where id = ${input.pickupId}`);
    const pickup = rows[0];
    if (pickup.proposed_by === input.memberId) throw new AppError('PICKUP_NOT_ALLOWED');
    if (pickup.status !== 'proposed') throw new AppError('PICKUP_NOT_OPEN', pickup.status === 'confirmed' ? pickupMessages.alreadyConfirmed : pickupMessages.replaced);
    await tx.execute(sql`update pickups set status = 'confirmed', confirmed_at = ${now.toISOString()}::timestamptz where id = ${pickup.id}`);
    const when = pickupTimeText(new Date(pickup.at), pickupTimeZone(conversation.listing_state));
    return storeMessage(tx, deps.clock, { conversationId: conversation.id, senderId: input.memberId, body: pickupLine('confirmed', when, pickup.place) });
  });
  return finish(deps, input.memberId, stored);
}

type DueRow = { id: string; conversation_id: string; at: string; place: string; listing_title: string; listing_state: string | null; buyer_id: string; seller_id: string };

/**
 * The minute sweep: each confirmed pickup within the hour is claimed once (reminded_at, however many
 * servers sweep) and both members are reminded: by mail, and by text where they turned texts on
 * (within their daily cap). A pickup whose time has passed is not reminded.
 */
export async function remindPickups(deps: Pick<ServerDeps, 'db' | 'mail' | 'sms' | 'config' | 'clock' | 'log'>): Promise<number> {
  const now = deps.clock.now();
  const soon = new Date(now.getTime() + pickupLimits.reminderMinutes * 60_000);
  const { rows: due } = await deps.db.execute<DueRow>(sql`
    update pickups p set reminded_at = ${now.toISOString()}::timestamptz
      from conversations c
      left join listings l on l.id = c.listing_id
     where p.conversation_id = c.id and p.status = 'confirmed' and p.reminded_at is null
       and p.at <= ${soon.toISOString()}::timestamptz and p.at > ${now.toISOString()}::timestamptz
       and c.listing_id is not null
    returning p.id, p.conversation_id, p.at::text as at, p.place, c.listing_title, l.state as listing_state, c.buyer_id, c.seller_id`);
  let reminded = 0;
  for (const pickup of due) {
    const people = await deps.db
      .select()
      .from(users)
      .where(and(inArray(users.id, [pickup.buyer_id, pickup.seller_id]), isNull(users.closedAt)));
    const when = pickupTimeText(new Date(pickup.at), pickupTimeZone(pickup.listing_state));
    const link = `${deps.config.publicUrl}/messages/${pickup.conversation_id}`;
    for (const member of people) {
      const other = people.find((one) => one.id !== member.id);
      const otherName = other ? shortName(other) : 'the other member';
      try {
        await deps.mail.send({
          to: member.email,
          subject: pickupReminderMail.subject(pickup.listing_title),
          text: [
            `G'day ${greetingName(member)},`,
            '',
            pickupReminderMail.lead(pickup.listing_title, otherName, when, pickup.place),
            '',
            pickupMessages.safetyAdvice,
            '',
            'Your conversation:',
            link,
            '',
            `The ${productName} team`,
          ].join('\n'),
        });
        reminded += 1;
      } catch (error) {
        deps.log.warn({ err: error }, 'pickup reminder mail failed');
      }
      if (textsAreOn(member)) {
        try {
          await textMember(deps, { memberId: member.id, text: smsTexts.pickupReminder({ listingTitle: pickup.listing_title, when, place: pickup.place, link, publicUrl: deps.config.publicUrl }), now });
        } catch (error) {
          deps.log.warn({ err: error }, 'pickup reminder text failed');
        }
      }
    }
  }
  return reminded;
}
