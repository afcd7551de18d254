// Offers (decision 45): the buyer makes one, the other member accepts, declines or counters it, its
// maker may withdraw it. Each step changes the offer and writes its line in the thread in one
// transaction, with the conversation's row locked, so two taps at once (or both members at once)
// take one step after the other; the line goes through the sending statement, so a block, a
// former member, a deleted listing or the pace refuses the step and nothing of it is kept.
import { sql } from 'drizzle-orm';
import type { ConversationMessage } from '../../domain/conversation-schemas';
import { AppError } from '../../domain/errors';
import { uuidPattern } from '../../domain/listing';
import { offerAmountProblem, offerExpiresAt, offerLimits, offerMessages, offerStepText, type OfferAnswer, type OfferStatus, type OfferStep } from '../../domain/offers';
import type { Queryable } from '../db/open-database';
import { announce, storeMessage, type StoredMessage } from '../conversations';
import { writeTransaction } from '../db/write-transaction';
import { announceHold, reserveListing } from '../listings';
import { reservationMessages } from '../../domain/reservations';
import type { ServerDeps } from '../deps';

type OfferDeps = Pick<ServerDeps, 'db' | 'clock' | 'memberEvents' | 'contentVersion' | 'jobs'>;

type ConversationFacts = {
  id: string;
  buyer_id: string;
  seller_id: string;
  listing_id: string | null;
  price: string | null;
  for_sale: boolean;
};

/** The member's conversation, its row locked for the step, with its listing's asking price and whether it is for sale. */
async function lockConversation(tx: Queryable, conversationId: string, memberId: string): Promise<ConversationFacts | undefined> {
  const { rows } = await tx.execute<ConversationFacts>(sql`
    select c.id, c.buyer_id, c.seller_id, c.listing_id, l.price::text as price,
           coalesce(l.is_active and l.hidden_at is null and l.paused_at is null, false) as for_sale
      from conversations c
      left join listings l on l.id = c.listing_id
     where c.id = ${conversationId} and (c.buyer_id = ${memberId} or c.seller_id = ${memberId})
       for update of c`);
  return rows[0];
}

/** A step refused because the listing is gone or no longer for sale. */
function assertForSale(conversation: ConversationFacts): asserts conversation is ConversationFacts & { price: string } {
  if (conversation.listing_id === null) throw new AppError('CONVERSATION_CLOSED');
  if (!conversation.for_sale || conversation.price === null) throw new AppError('LISTING_SOLD', offerMessages.notForSale);
}

function assertAmount(amount: string, askingPrice: string, answering?: string): void {
  const problem = offerAmountProblem(amount, askingPrice, answering);
  if (problem) throw new AppError('OFFER_AMOUNT_REFUSED', problem, { fieldErrors: [{ path: 'amount', message: problem }] });
}

/** Offers and counter-offers in the conversation over the last day, against its daily limit. */
async function assertOffersToday(tx: Queryable, conversationId: string, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
  const { rows } = await tx.execute<{ count: number }>(sql`select count(*)::int as count from offers where conversation_id = ${conversationId} and created_at > ${dayAgo}::timestamptz`);
  if (Number(rows[0]?.count ?? 0) >= offerLimits.offersPerConversationPerDay) throw new AppError('RATE_LIMITED', offerMessages.tooManyOffers);
}

async function insertOffer(tx: Queryable, input: { conversationId: string; madeBy: string; amount: string; now: Date; answers?: string }): Promise<string> {
  const { rows } = await tx.execute<{ id: string }>(sql`
    insert into offers (conversation_id, made_by, amount, answers_offer_id, created_at, expires_at)
    values (${input.conversationId}, ${input.madeBy}, ${input.amount}::numeric, ${input.answers ?? null}::uuid, ${input.now.toISOString()}::timestamptz,
            ${offerExpiresAt(input.now).toISOString()}::timestamptz)
    returning id`);
  return rows[0].id;
}

type LapsedOffer = { id: string; made_by: string; amount: string };

/** Marks the conversation's open offer expired when its time is up (the caller holds the conversation's row). */
async function closeLapsedOffer(tx: Queryable, conversationId: string, now: Date): Promise<LapsedOffer | undefined> {
  const { rows } = await tx.execute<LapsedOffer>(sql`
    update offers set status = 'expired', answered_at = expires_at
     where conversation_id = ${conversationId} and status = 'open' and expires_at <= ${now.toISOString()}::timestamptz
    returning id, made_by, amount::text as amount`);
  return rows[0];
}

/** Writes the expiry of a lapsed offer in the thread, in its maker's name (the line says what happened, not who). */
async function storeExpiry(tx: Queryable, clock: ServerDeps['clock'], conversationId: string, lapsed: LapsedOffer): Promise<StoredMessage> {
  return storeMessage(tx, clock, { conversationId, senderId: lapsed.made_by, body: offerStepText('expired', lapsed.amount), offer: { id: lapsed.id, step: 'expired' } });
}

async function announceAll(deps: OfferDeps, stored: StoredMessage[]): Promise<void> {
  for (const one of stored) await announce(deps, one.memberIds, { type: 'message', message: one.message });
}

/** POST /api/conversations/:id/offers: the buyer offers `amount` (canonical) for the listing. */
export async function makeOffer(deps: OfferDeps, input: { memberId: string; conversationId: string; amount: string }): Promise<ConversationMessage> {
  if (!uuidPattern.test(input.conversationId)) throw new AppError('CONVERSATION_NOT_FOUND');
  const now = deps.clock.now();
  const stored = await deps.db.transaction(async (tx) => {
    const conversation = await lockConversation(tx, input.conversationId, input.memberId);
    if (!conversation) throw new AppError('CONVERSATION_NOT_FOUND');
    if (conversation.seller_id === input.memberId) throw new AppError('OFFER_NOT_ALLOWED', offerMessages.sellerOffers);
    assertForSale(conversation);
    assertAmount(input.amount, conversation.price);
    const steps: StoredMessage[] = [];
    const lapsed = await closeLapsedOffer(tx, conversation.id, now);
    if (lapsed) steps.push(await storeExpiry(tx, deps.clock, conversation.id, lapsed));
    const { rows: open } = await tx.execute<{ id: string }>(sql`select id from offers where conversation_id = ${conversation.id} and status = 'open'`);
    if (open.length > 0) throw new AppError('OFFER_ALREADY_OPEN');
    await assertOffersToday(tx, conversation.id, now);
    const offerId = await insertOffer(tx, { conversationId: conversation.id, madeBy: input.memberId, amount: input.amount, now });
    steps.push(await storeMessage(tx, deps.clock, { conversationId: conversation.id, senderId: input.memberId, body: offerStepText('offer', input.amount), offer: { id: offerId, step: 'offer' } }));
    return steps;
  });
  await announceAll(deps, stored);
  return stored[stored.length - 1].message;
}

type OfferFacts = { id: string; conversation_id: string; made_by: string; amount: string; status: OfferStatus; lapsed: boolean };

const answeredStatus: Record<OfferAnswer, Exclude<OfferStatus, 'open' | 'expired'>> = {
  accept: 'accepted',
  decline: 'declined',
  counter: 'countered',
  withdraw: 'withdrawn',
};

const answerStep: Record<Exclude<OfferAnswer, 'counter'>, OfferStep> = { accept: 'accepted', decline: 'declined', withdraw: 'withdrawn' };

/**
 * POST /api/offers/:id/accept, /decline, /counter {amount}, /withdraw: the other member answers an
 * open offer (a counter-offer closes it and opens theirs), or its maker withdraws it.
 */
export async function answerOffer(deps: OfferDeps, input: { memberId: string; offerId: string; answer: OfferAnswer; amount?: string }): Promise<ConversationMessage> {
  if (!uuidPattern.test(input.offerId)) throw new AppError('OFFER_NOT_FOUND');
  const now = deps.clock.now();
  let heldListingId: string | null = null;
  const stored = await writeTransaction(deps, async (tx, changes) => {
    const { rows: found } = await tx.execute<{ conversation_id: string }>(sql`select conversation_id from offers where id = ${input.offerId}`);
    const conversation = found[0] && (await lockConversation(tx, found[0].conversation_id, input.memberId));
    if (!conversation) throw new AppError('OFFER_NOT_FOUND');
    // Read after the conversation is locked: a step taken meanwhile is seen.
    const { rows } = await tx.execute<OfferFacts>(sql`
      select id, conversation_id, made_by, amount::text as amount, status, (status = 'open' and expires_at <= ${now.toISOString()}::timestamptz) as lapsed
        from offers where id = ${input.offerId}`);
    const offer = rows[0];
    if (input.answer === 'withdraw' && offer.made_by !== input.memberId) throw new AppError('OFFER_NOT_ALLOWED', offerMessages.notYoursToWithdraw);
    if (input.answer !== 'withdraw' && offer.made_by === input.memberId) throw new AppError('OFFER_NOT_ALLOWED', offerMessages.notYoursToAnswer);
    if (offer.lapsed) throw new AppError('OFFER_NOT_OPEN', offerMessages.alreadyAnswered('expired'));
    if (offer.status !== 'open') throw new AppError('OFFER_NOT_OPEN', offerMessages.alreadyAnswered(offer.status));
    // Declining or withdrawing needs nothing more of the listing; accepting and countering need it for sale.
    if (input.answer === 'accept' || input.answer === 'counter') assertForSale(conversation);
    if (input.answer === 'counter') {
      if (input.amount === undefined) throw new AppError('OFFER_AMOUNT_REFUSED', offerMessages.amountRequired, { fieldErrors: [{ path: 'amount', message: offerMessages.amountRequired }] });
      assertAmount(input.amount, conversation.price as string, offer.amount);
      await assertOffersToday(tx, conversation.id, now);
    }
    // Accepted: the listing is held for this buyer (decision 46), unless it is held for another.
    if (input.answer === 'accept') {
      const heldForAnother = conversation.seller_id === input.memberId ? reservationMessages.heldForAnother : reservationMessages.heldForAnotherBuyer;
      const listingId = conversation.listing_id as string;
      if ((await reserveListing(tx, changes, { listingId, conversationId: conversation.id, now, heldForAnother })) === 'held') heldListingId = listingId;
    }
    await tx.execute(sql`update offers set status = ${answeredStatus[input.answer]}, answered_at = ${now.toISOString()}::timestamptz where id = ${offer.id}`);
    if (input.answer === 'counter') {
      const amount = input.amount as string;
      const counterId = await insertOffer(tx, { conversationId: conversation.id, madeBy: input.memberId, amount, now, answers: offer.id });
      return storeMessage(tx, deps.clock, { conversationId: conversation.id, senderId: input.memberId, body: offerStepText('counter', amount), offer: { id: counterId, step: 'counter' } });
    }
    const step = answerStep[input.answer];
    return storeMessage(tx, deps.clock, { conversationId: conversation.id, senderId: input.memberId, body: offerStepText(step, offer.amount), offer: { id: offer.id, step } });
  });
  await announceAll(deps, [stored]);
  if (heldListingId) await announceHold(deps, { listingId: heldListingId, held: true });
  return stored.message;
}

/**
 * The upkeep's sweep (every minute, with the away mails): open offers past their 48 hours are marked
 * expired and the expiry is written in their threads, so both members see it live, and the one who
 * was to answer hears of it by the away mail. Each offer is one transaction with its conversation
 * locked, so servers sweeping at once write each expiry once. A thread that refuses the line (a
 * block, a deleted listing) still has the offer closed.
 */
export async function expireLapsedOffers(deps: OfferDeps & Pick<ServerDeps, 'log'>, input: { limit?: number } = {}): Promise<number> {
  const now = deps.clock.now();
  const { rows: due } = await deps.db.execute<{ conversation_id: string }>(sql`
    select conversation_id from offers where status = 'open' and expires_at <= ${now.toISOString()}::timestamptz order by expires_at limit ${input.limit ?? 500}`);
  let expired = 0;
  for (const { conversation_id: conversationId } of due) {
    const stored = await deps.db.transaction(async (tx) => {
      await tx.execute(sql`select id from conversations where id = ${conversationId} for update`);
      const lapsed = await closeLapsedOffer(tx, conversationId, now);
      if (!lapsed) return null;
      expired += 1;
      await tx.execute(sql`savepoint expiry_line`);
      try {
        return await storeExpiry(tx, deps.clock, conversationId, lapsed);
      } catch (error) {
        await tx.execute(sql`rollback to savepoint expiry_line`);
        if (!(error instanceof AppError)) throw error;
        return null;
      }
    });
    if (stored) await announceAll(deps, [stored]);
  }
  if (expired > 0) deps.log.info(`${expired} offer(s) expired after ${offerLimits.openHours} hours`);
  return expired;
}
