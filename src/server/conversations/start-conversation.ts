// "Message seller": opens the one conversation of this listing and buyer (or continues it) with the
// buyer's message, and lets the seller know by mail (without the buyer's email or phone).
import { and, eq, sql } from 'drizzle-orm';
import { askIfAvailable, conversationLimits, conversationMessages } from '../../domain/conversations';
import type { ConversationMessage, ConversationSummary } from '../../domain/conversation-schemas';
import { AppError } from '../../domain/errors';
import { uuidPattern } from '../../domain/listing';
import { assertTradingChecks } from '../auth';
import { preparedQuery } from '../db/prepared-statement';
import { conversations, listings, users, type UserRow } from '../db/schema';
import type { ServerDeps } from '../deps';
import { blockedBetween, memberBlockedError } from './conversation-access';
import { findConversationSummary } from './conversation-view';
import { mailSellerOfNewConversation } from './conversation-mails';
import { assertNoBannedWords, sendMessage } from './send-message';

/**
 * The listing and its seller, with what the buyer's request turns on: the conversation the buyer
 * already has about it, whether either member blocked the other, and how many conversations the
 * buyer opened in the last hour. One statement (planned once per connection) where there were four,
 * each of which queued for a connection under load.
 */
const listingWithSeller = preparedQuery('conversation_listing_with_seller', (db, name) => {
  const buyer = sql`${sql.placeholder('buyer')}::uuid`;
  return db
    .select({
      listing: listings,
      seller: users,
      existingId: sql<string | null>`(select ${conversations.id} from ${conversations} where ${conversations.listingId} = ${listings.id} and ${conversations.buyerId} = ${buyer} limit 1)`,
      blocked: blockedBetween(buyer, sql`${users.id}`),
      openedSince: sql<number>`(select count(*)::int from ${conversations} where ${conversations.buyerId} = ${buyer} and ${conversations.createdAt} > ${sql.placeholder('since')}::timestamptz)`,
    })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.sellerId))
    .where(eq(listings.id, sql.placeholder('listing')))
    .limit(1)
    .prepare(name);
});

export type StartedConversation = { conversation: ConversationSummary; message: ConversationMessage; isNew: boolean };

export async function startConversation(deps: ServerDeps, input: { buyer: UserRow; listingId: string; message?: string }): Promise<StartedConversation> {
  const { db } = deps;
  const { buyer } = input;
  if (!uuidPattern.test(input.listingId)) throw new AppError('LISTING_NOT_FOUND');

  const hourAgo = new Date(deps.clock.now().getTime() - 60 * 60 * 1000);
  const [found] = await listingWithSeller(db).execute({ listing: input.listingId, buyer: buyer.id, since: hourAgo.toISOString() });
  // A listing hidden by our team is not there for buyers.
  if (!found || found.listing.hiddenAt) throw new AppError('LISTING_NOT_FOUND');
  const { listing, seller } = found;
  if (seller.id === buyer.id) throw new AppError('CONTACT_OWN_LISTING');
  const existing = found.existingId === null ? undefined : { id: found.existingId };

  // A first message needs the checks to trade (decision 35); a conversation already open goes on.
  if (!existing) assertTradingChecks(buyer, 'contact');
  // A sold or paused listing takes no new buyers; one already talking may go on.
  if (!existing && !listing.isActive) throw new AppError('LISTING_SOLD', listing.pausedAt ? conversationMessages.listingPaused : conversationMessages.listingSold);
  // A block stops the conversation already there too.
  if (found.blocked) throw memberBlockedError();
  if (!existing && found.openedSince >= conversationLimits.newPerHour) throw new AppError('RATE_LIMITED', conversationMessages.tooManyConversations);

  // Every check of the message comes before the conversation is made: a refused first message leaves no empty conversation behind.
  const body = input.message ?? askIfAvailable(listing.title);
  await assertNoBannedWords(deps, body);

  // Two taps of "Send" at once make one conversation: the unique (listing, buyer) index decides.
  // Only the request whose insert made the row starts the conversation (and mails the seller).
  const [created] = existing
    ? []
    : await db
        .insert(conversations)
        .values({ listingId: listing.id, listingTitle: listing.title, buyerId: buyer.id, sellerId: seller.id })
        .onConflictDoNothing({ target: [conversations.listingId, conversations.buyerId] })
        .returning({ id: conversations.id });
  const conversationId =
    existing?.id ??
    created?.id ??
    (await db.select({ id: conversations.id }).from(conversations).where(and(eq(conversations.listingId, listing.id), eq(conversations.buyerId, buyer.id))).limit(1))[0].id;
  const isNew = created !== undefined;

  // The statement that sends also keeps the pace of a conversation already there.
  const message = await sendMessage(deps, { conversationId, sender: buyer, body });
  const conversation = await findConversationSummary(db, buyer.id, conversationId);
  if (!conversation) throw new AppError('CONVERSATION_NOT_FOUND');
  if (isNew) deps.background.run('new-conversation mail', conversationId, () => mailSellerOfNewConversation(deps, { seller, buyer, listing, conversationId, firstMessage: body }));
  return { conversation, message, isNew };
}
