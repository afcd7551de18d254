// The mails of conversations: the seller's notice of a new one (the spec's contact-seller mail,
// which no longer carries the buyer's email or phone: those are shared only if the buyer writes
// them), and the one reminder of an unread conversation while a member is away: a mail, a text to
// their verified phone (decision 33), or both, as they chose on /account.
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { conversationLimits } from '../../domain/conversations';
import { offerMailSubject, type OfferStep } from '../../domain/offers';
import { productName } from '../../domain/product';
import { smsTexts, textsAreOn } from '../../domain/sms-notifications';
import { greetingName } from '../../domain/user';
import { textMember } from '../account';
import { conversations, messages, offers, users, type UserRow } from '../db/schema';
import type { ServerDeps } from '../deps';

type ListingFacts = { id: string; title: string };

/** "Jo S." from a member's names, or "A neighbour". */
export function shortName(member: Pick<UserRow, 'firstName' | 'lastName'>): string {
  return [member.firstName, member.lastName?.charAt(0) ? `${member.lastName.charAt(0)}.` : null].filter(Boolean).join(' ') || 'A neighbour';
}

const safetyLine = 'Keep the conversation in the app, meet somewhere public for pickup and never pay before you have seen the item.';

export async function mailSellerOfNewConversation(
  deps: Pick<ServerDeps, 'mail' | 'config'>,
  input: { seller: UserRow; buyer: UserRow; listing: ListingFacts; conversationId: string; firstMessage: string },
): Promise<void> {
  const buyerName = shortName(input.buyer);
  await deps.mail.send({
    to: input.seller.email,
    subject: `${buyerName} is interested in "${input.listing.title}"`,
    text: [
      `G'day ${greetingName(input.seller)},`,
      '',
      `${buyerName} is interested in your listing "${input.listing.title}".`,
      '',
      'Their message:',
      input.firstMessage,
      '',
      'Reply in your messages:',
      `${deps.config.publicUrl}/messages/${input.conversationId}`,
      '',
      safetyLine,
      `The ${productName} team`,
    ].join('\n'),
  });
}

/**
 * One reminder per conversation while a member is away: a message from the other member has waited
 * unread for the quiet period, and they have not been told about this conversation since they last
 * read it. The reminder is a mail, a text (within the member's daily cap of texts) or both, as the
 * member chose. Claiming the conversation (notified_at) and telling are one step per row, so
 * however many servers run the sweep, each reminder goes once.
 */
export async function mailAwayMembers(deps: Pick<ServerDeps, 'db' | 'mail' | 'sms' | 'config' | 'clock' | 'log'>, input: { now?: Date } = {}): Promise<number> {
  const now = input.now ?? deps.clock.now();
  const quietSince = new Date(now.getTime() - conversationLimits.quietMinutes * 60_000);
  let mailed = 0;
  for (const side of ['buyer', 'seller'] as const) {
    const memberId = side === 'buyer' ? conversations.buyerId : conversations.sellerId;
    const readUpTo = side === 'buyer' ? conversations.buyerReadUpTo : conversations.sellerReadUpTo;
    const notifiedAt = side === 'buyer' ? conversations.buyerNotifiedAt : conversations.sellerNotifiedAt;
    // The oldest unread message from the other member is older than the quiet period.
    const due = await deps.db
      .select({ id: conversations.id })
      .from(conversations)
      .innerJoin(users, eq(users.id, memberId))
      .where(
        and(
          isNull(notifiedAt),
          // Mail on, or texts on (the text itself checks the number again: textMember).
          or(eq(users.messageMail, true), and(eq(users.smsPhone, users.phone), eq(users.isPhoneVerified, true))),
          gt(conversations.lastMessageId, readUpTo),
          lt(conversations.lastMessageAt, now),
          sql`exists (select 1 from ${messages} m where m.conversation_id = ${conversations.id} and m.id > ${readUpTo} and m.sender_id <> ${memberId} and m.created_at <= ${quietSince})`,
        ),
      )
      .limit(500);
    for (const { id } of due) {
      const [claimed] = await deps.db
        .update(conversations)
        .set(side === 'buyer' ? { buyerNotifiedAt: now } : { sellerNotifiedAt: now })
        .where(and(eq(conversations.id, id), isNull(notifiedAt)))
        .returning({ id: conversations.id, listingTitle: conversations.listingTitle, memberId, otherId: side === 'buyer' ? conversations.sellerId : conversations.buyerId });
      if (!claimed) continue;
      const [member, other] = await Promise.all([
        deps.db.select().from(users).where(eq(users.id, claimed.memberId)).limit(1),
        deps.db.select().from(users).where(eq(users.id, claimed.otherId)).limit(1),
      ]);
      if (!member[0] || !other[0]) continue;
      // The other member's newest step of an offer, if that is their newest message: the subject names it.
      const [newest] = await deps.db
        .select({ step: messages.offerStep, amount: offers.amount })
        .from(messages)
        .leftJoin(offers, eq(offers.id, messages.offerId))
        .where(and(eq(messages.conversationId, claimed.id), eq(messages.senderId, claimed.otherId)))
        .orderBy(desc(messages.id))
        .limit(1);
      const offerStep = newest?.step && newest.amount ? { step: newest.step, amount: newest.amount } : null;
      const reminder = { member: member[0], other: other[0], conversationId: claimed.id, listingTitle: claimed.listingTitle, publicUrl: deps.config.publicUrl, offerStep };
      let told = false;
      let mailFailed = false;
      if (member[0].messageMail) {
        try {
          await deps.mail.send(awayMail(reminder));
          mailed += 1;
          told = true;
        } catch (error) {
          mailFailed = true;
          deps.log.warn({ err: error }, 'unread message mail failed');
        }
      }
      if (textsAreOn(member[0])) {
        try {
          // Past the day's cap no text goes, and none is owed later: the mail, the badge and the inbox still say it.
          told = (await textMember(deps, { memberId: member[0].id, text: awayText(reminder), now })) || told;
        } catch (error) {
          deps.log.warn({ err: error }, 'unread message text failed');
        }
      }
      // Nothing reached the member because the mail failed: the next sweep tries again.
      if (!told && mailFailed) {
        await deps.db.update(conversations).set(side === 'buyer' ? { buyerNotifiedAt: null } : { sellerNotifiedAt: null }).where(eq(conversations.id, claimed.id));
      }
    }
  }
  return mailed;
}

type Reminder = { member: UserRow; other: UserRow; conversationId: string; listingTitle: string; publicUrl: string; offerStep: { step: OfferStep; amount: string } | null };

function awayText(input: Reminder): string {
  return smsTexts.newMessage({ from: shortName(input.other), listingTitle: input.listingTitle, link: `${input.publicUrl}/messages/${input.conversationId}`, publicUrl: input.publicUrl });
}

function awayMail(input: Reminder) {
  const otherName = shortName(input.other);
  return {
    to: input.member.email,
    subject: input.offerStep ? offerMailSubject(input.offerStep.step, input.offerStep.amount, otherName, input.listingTitle) : `New message from ${otherName} about "${input.listingTitle}"`,
    text: [
      `G'day ${greetingName(input.member)},`,
      '',
      input.offerStep
        ? `${offerMailSubject(input.offerStep.step, input.offerStep.amount, otherName, input.listingTitle)}.`
        : `${otherName} sent you a message about "${input.listingTitle}".`,
      'Read and reply here:',
      `${input.publicUrl}/messages/${input.conversationId}`,
      '',
      "We'll send one email per conversation until you open it again. You can turn these emails off on your account page:",
      `${input.publicUrl}/account`,
      '',
      `The ${productName} team`,
    ].join('\n'),
  };
}
