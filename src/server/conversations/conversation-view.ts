// One way to read conversations as one of their members sees them: the inbox, a thread's header,
// and the answer of starting one all come from here. Everything the inbox shows of a conversation
// is on its row (the newest message, each side's unread count, kept by the statement that sends),
// so a page of the inbox is two index scans and a join of the rows shown.
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { conversationLimits, type ConversationListingStatus } from '../../domain/conversations';
import { pickupTimeText, pickupTimeZone } from '../../domain/pickups';
import type { ConversationSummary, InboxCursor } from '../../domain/conversation-schemas';
import { uuidPattern } from '../../domain/listing';
import type { Queryable } from '../db/open-database';
import { preparedStatement } from '../db/prepared-statement';

type SummaryRow = {
  id: string;
  listing_id: string | null;
  listing_title: string;
  image_url: string | null;
  price: string | null;
  is_active: boolean | null;
  paused_at: string | null;
  hidden_at: string | null;
  sold_to_conversation_id: string | null;
  reserved_for_conversation_id: string | null;
  is_seller: boolean;
  other_id: string;
  other_first_name: string | null;
  other_email_verified: boolean;
  other_phone_verified: boolean;
  other_card_verified: boolean;
  other_left: boolean;
  last_body: string | null;
  last_sender_id: string | null;
  unread_count: number;
  blocked_by_me: boolean;
  blocked_by_other: boolean;
  offer_accepted: boolean;
  listing_state: string | null;
  pickup_id: string | null;
  pickup_at: string | null;
  pickup_place: string | null;
  pickup_status: 'proposed' | 'confirmed' | null;
  pickup_proposed_by: string | null;
  updated_at: string;
};

function pickupOf(row: SummaryRow): ConversationSummary['pickup'] {
  if (row.pickup_id === null || row.pickup_at === null || row.pickup_place === null || row.pickup_status === null || row.pickup_proposed_by === null) return null;
  const at = new Date(row.pickup_at);
  return { id: row.pickup_id, at: at.toISOString(), place: row.pickup_place, status: row.pickup_status, proposedBy: row.pickup_proposed_by, when: pickupTimeText(at, pickupTimeZone(row.listing_state)) };
}

function listingStatusOf(row: SummaryRow): ConversationListingStatus {
  if (row.listing_id === null) return 'deleted';
  if (row.sold_to_conversation_id === row.id) return 'soldToYou';
  if (row.is_active && row.reserved_for_conversation_id !== null) return row.reserved_for_conversation_id === row.id ? 'reservedForYou' : 'reserved';
  if (row.is_active) return 'active';
  // Hidden by our team: to the buyer it is simply no longer for sale, as a paused one.
  return row.paused_at || row.hidden_at ? 'paused' : 'sold';
}

const iso = (value: string) => new Date(value).toISOString();

function toSummary(row: SummaryRow): ConversationSummary {
  const updatedAt = iso(row.updated_at);
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
      hasLeft: row.other_left,
    },
    lastMessage: row.last_body !== null && row.last_sender_id ? { body: row.last_body, createdAt: updatedAt, senderId: row.last_sender_id } : null,
    unreadCount: Number(row.unread_count),
    isBlocked: row.blocked_by_me || row.blocked_by_other,
    blockedByMe: row.blocked_by_me,
    offerAccepted: row.offer_accepted,
    pickup: pickupOf(row),
    updatedAt,
  };
}

/** The columns of a summary, for the conversations `page` names (ids and last_message_at), newest first. */
const summariesOf = (member: Placeholder, page: SQL) => sql`
    with page as (${page})
    select c.id, c.listing_id, c.listing_title, l.image_urls[1] as image_url, l.price::text as price, l.is_active,
           l.paused_at::text as paused_at, l.hidden_at::text as hidden_at, l.sold_to_conversation_id, l.reserved_for_conversation_id,
           (c.seller_id = ${member}) as is_seller,
           o.id as other_id, o.first_name as other_first_name, o.is_email_verified as other_email_verified,
           o.is_phone_verified as other_phone_verified, o.is_card_verified as other_card_verified,
           (o.closed_at is not null) as other_left,
           c.last_message_body as last_body, c.last_message_sender_id as last_sender_id,
           case when c.seller_id = ${member} then c.seller_unread_count else c.buyer_unread_count end as unread_count,
           exists (select 1 from member_blocks b where b.blocker_id = ${member} and b.blocked_id = o.id) as blocked_by_me,
           exists (select 1 from member_blocks b where b.blocker_id = o.id and b.blocked_id = ${member}) as blocked_by_other,
           exists (select 1 from offers a where a.conversation_id = c.id and a.status = 'accepted') as offer_accepted,
           l.state as listing_state, p.id as pickup_id, p.at::text as pickup_at, p.place as pickup_place, p.status as pickup_status, p.proposed_by as pickup_proposed_by,
           c.last_message_at::text as updated_at
      from page
      join conversations c on c.id = page.id
      join users o on o.id = case when c.seller_id = ${member} then c.buyer_id else c.seller_id end
      left join listings l on l.id = c.listing_id
      left join lateral (select id, at, place, status, proposed_by from pickups where conversation_id = c.id and status in ('proposed', 'confirmed') limit 1) p on true
     order by page.last_message_at desc, page.id desc`;

/** The farthest cursor: a first page. */
const newestCursor: InboxCursor = { updatedAt: 'infinity', id: 'ffffffff-ffff-ffff-ffff-ffffffffffff' };

// Each side's page read straight off its index in inbox order, from the cursor on; only the merged page is joined.
const inboxPage = preparedStatement<{ member: string; size: number; beforeAt: string; beforeId: string }, SummaryRow>('conversation_inbox', (value) =>
  summariesOf(
    value.member,
    sql`select id, last_message_at from (
          (select id, last_message_at from conversations
            where buyer_id = ${value.member} and (last_message_at, id) < (${value.beforeAt}::timestamptz, ${value.beforeId}::uuid)
            order by last_message_at desc nulls last, id desc nulls last limit ${value.size})
          union all
          (select id, last_message_at from conversations
            where seller_id = ${value.member} and (last_message_at, id) < (${value.beforeAt}::timestamptz, ${value.beforeId}::uuid)
            order by last_message_at desc nulls last, id desc nulls last limit ${value.size})
        ) sides
        order by last_message_at desc, id desc
        limit ${value.size}`,
  ),
);

const oneSummary = preparedStatement<{ member: string; conversation: string }, SummaryRow>('conversation_summary', (value) =>
  summariesOf(value.member, sql`select id, last_message_at from conversations where id = ${value.conversation} and (buyer_id = ${value.member} or seller_id = ${value.member})`),
);

/** A page of the member's inbox, newest activity first: the conversations after the cursor (the newest without one). */
export async function listConversationSummaries(db: Queryable, memberId: string, before: InboxCursor = newestCursor): Promise<ConversationSummary[]> {
  const rows = await inboxPage(db, { member: memberId, size: conversationLimits.inboxPageSize, beforeAt: before.updatedAt, beforeId: before.id });
  return rows.map(toSummary);
}

// A listing's conversations as this member has them: every buyer's for its seller, their own for a buyer.
const listingSummaries = preparedStatement<{ member: string; listing: string; size: number }, SummaryRow>('conversation_listing_summaries', (value) =>
  summariesOf(
    value.member,
    sql`select id, last_message_at from conversations
         where listing_id = ${value.listing} and (buyer_id = ${value.member} or seller_id = ${value.member})
         order by last_message_at desc, id desc limit ${value.size}`,
  ),
);

/** The most conversations one listing's answer holds (the seller's "Who bought it?" list). */
const listingConversationsMax = 500;

export async function listListingSummaries(db: Queryable, memberId: string, listingId: string): Promise<ConversationSummary[]> {
  if (!uuidPattern.test(listingId)) return [];
  const rows = await listingSummaries(db, { member: memberId, listing: listingId, size: listingConversationsMax });
  return rows.map(toSummary);
}

/** One conversation as this member sees it, or null when it does not exist or is not theirs. */
export async function findConversationSummary(db: Queryable, memberId: string, conversationId: string): Promise<ConversationSummary | null> {
  if (!uuidPattern.test(conversationId)) return null;
  const [row] = await oneSummary(db, { member: memberId, conversation: conversationId });
  return row ? toSummary(row) : null;
}
