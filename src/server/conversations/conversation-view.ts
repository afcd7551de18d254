// One way to read conversations as one of their members sees them: the inbox, a thread's header,
// and the answer of starting one all come from here.
import { sql, type SQL } from 'drizzle-orm';
import type { ConversationListingStatus } from '../../domain/conversations';
import type { ConversationMessage, ConversationSummary } from '../../domain/conversation-schemas';
import type { Queryable } from '../db/open-database';
import type { messages } from '../db/schema';

type SummaryRow = {
  id: string;
  listing_id: string | null;
  listing_title: string;
  image_url: string | null;
  price: string | null;
  is_active: boolean | null;
  paused_at: string | null;
  sold_to_conversation_id: string | null;
  is_seller: boolean;
  other_id: string;
  other_first_name: string | null;
  other_email_verified: boolean;
  other_phone_verified: boolean;
  other_card_verified: boolean;
  last_body: string | null;
  last_created_at: string | null;
  last_sender_id: string | null;
  unread_count: number | string;
  blocked_by_me: boolean;
  blocked_by_other: boolean;
  updated_at: string;
};

function listingStatusOf(row: SummaryRow): ConversationListingStatus {
  if (row.listing_id === null) return 'deleted';
  if (row.sold_to_conversation_id === row.id) return 'soldToYou';
  if (row.is_active) return 'active';
  return row.paused_at ? 'paused' : 'sold';
}

const iso = (value: string) => new Date(value).toISOString();

function toSummary(row: SummaryRow): ConversationSummary {
  return {
    id: row.id,
    listing: { id: row.listing_id, title: row.listing_title, imageUrl: row.image_url, price: row.price },
    listingStatus: listingStatusOf(row),
    isSeller: row.is_seller,
    otherMember: {
      id: row.other_id,
      firstName: row.other_first_name,
      isEmailVerified: row.other_email_verified,
      isPhoneVerified: row.other_phone_verified,
      isCardVerified: row.other_card_verified,
    },
    lastMessage: row.last_body !== null && row.last_created_at && row.last_sender_id ? { body: row.last_body, createdAt: iso(row.last_created_at), senderId: row.last_sender_id } : null,
    unreadCount: Number(row.unread_count),
    isBlocked: row.blocked_by_me || row.blocked_by_other,
    blockedByMe: row.blocked_by_me,
    updatedAt: iso(row.updated_at),
  };
}

/**
 * The conversations of one member named by `page` (a query of conversation ids and their
 * last_message_at), newest activity first, with everything the inbox shows. The unread count walks
 * the conversation's index from the member's read mark, so it costs the unread messages only.
 */
async function selectSummaries(db: Queryable, memberId: string, page: SQL): Promise<ConversationSummary[]> {
  const result = await db.execute<SummaryRow>(sql`
    with page as (${page})
    select c.id, c.listing_id, c.listing_title, l.image_urls[1] as image_url, l.price::text as price, l.is_active,
           l.paused_at::text as paused_at, l.sold_to_conversation_id,
           (c.seller_id = ${memberId}) as is_seller,
           o.id as other_id, o.first_name as other_first_name, o.is_email_verified as other_email_verified,
           o.is_phone_verified as other_phone_verified, o.is_card_verified as other_card_verified,
           m.body as last_body, m.created_at::text as last_created_at, m.sender_id as last_sender_id,
           (select count(*) from messages u
             where u.conversation_id = c.id and u.sender_id <> ${memberId}
               and u.id > case when c.seller_id = ${memberId} then c.seller_read_up_to else c.buyer_read_up_to end) as unread_count,
           exists (select 1 from member_blocks b where b.blocker_id = ${memberId} and b.blocked_id = o.id) as blocked_by_me,
           exists (select 1 from member_blocks b where b.blocker_id = o.id and b.blocked_id = ${memberId}) as blocked_by_other,
           c.last_message_at::text as updated_at
      from page
      join conversations c on c.id = page.id
      join users o on o.id = case when c.seller_id = ${memberId} then c.buyer_id else c.seller_id end
      left join listings l on l.id = c.listing_id
      left join messages m on m.id = c.last_message_id
     order by page.last_message_at desc, page.id desc`);
  return result.rows.map(toSummary);
}

/** How many conversations the inbox shows at once (the newest). */
export const inboxSize = 100;

/**
 * The member's inbox: the newest `inboxSize` as buyer and as seller, each read straight off its
 * index in inbox order, merged; only those rows are then joined and counted.
 */
export function listConversationSummaries(db: Queryable, memberId: string): Promise<ConversationSummary[]> {
  return selectSummaries(
    db,
    memberId,
    sql`select id, last_message_at from (
          (select id, last_message_at from conversations where buyer_id = ${memberId} order by last_message_at desc nulls last, id desc nulls last limit ${inboxSize})
          union all
          (select id, last_message_at from conversations where seller_id = ${memberId} order by last_message_at desc nulls last, id desc nulls last limit ${inboxSize})
        ) sides
        order by last_message_at desc, id desc
        limit ${inboxSize}`,
  );
}

/** One conversation as this member sees it, or null when it does not exist or is not theirs. */
export async function findConversationSummary(db: Queryable, memberId: string, conversationId: string): Promise<ConversationSummary | null> {
  const [summary] = await selectSummaries(
    db,
    memberId,
    sql`select id, last_message_at from conversations where id = ${conversationId} and (buyer_id = ${memberId} or seller_id = ${memberId})`,
  );
  return summary ?? null;
}

type MessageRow = typeof messages.$inferSelect;

/** A message as the viewer sees it; `otherReadUpTo` is the other member's read mark. */
export function toMessageView(row: MessageRow, viewerId: string, otherReadUpTo: number): ConversationMessage {
  return {
    id: String(row.id),
    conversationId: row.conversationId,
    senderId: row.senderId,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    safetyTip: row.safetyTip,
    isRead: row.senderId === viewerId ? row.id <= otherReadUpTo : true,
  };
}
