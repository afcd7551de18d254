// The database: spec section 3's tables plus what the product needs around them.
import type { SavedSearchQuery } from '../../domain/saved-search-schemas';
import type { SavedSearchFrequency } from '../../domain/saved-searches';
import type { ListingHiddenReason, ReportReason, ReportTargetKind } from '../../domain/moderation';
import type { SupportLevel } from '../../domain/support-levels';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { conversationLimits } from '../../domain/conversations';
import { fieldLimits } from '../../domain/limits';
import { listingConditionValues, type ListingCondition } from '../../domain/listing';
import { offerStatuses, offerSteps, type OfferStatus, type OfferStep } from '../../domain/offers';
import { pickupLimits, pickupStatuses, type PickupStatus } from '../../domain/pickups';
import { defaultMembershipTier, membershipTiers, purchasableTiers } from '../../domain/tiers';

/** Full-text search document; PostgreSQL keeps it current from the title and description. */
const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/** Search words as PostgreSQL parsed them, kept so a match needs no parsing. */
const tsquery = customType<{ data: string }>({
  dataType: () => 'tsquery',
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: varchar('email', { length: fieldLimits.emailMax }).notNull(),
    password: text('password'),
    authMethod: varchar('auth_method', { length: 20 }).notNull().default('email'),
    googleId: varchar('google_id', { length: 255 }),
    firstName: varchar('first_name', { length: fieldLimits.nameMax }),
    lastName: varchar('last_name', { length: fieldLimits.nameMax }),
    profileImageUrl: text('profile_image_url'),
    stripeCustomerId: varchar('stripe_customer_id', { length: 255 }),
    stripeSubscriptionId: varchar('stripe_subscription_id', { length: 255 }),
    membershipTier: varchar('membership_tier', { length: 20, enum: membershipTiers })
      .notNull()
      .default(defaultMembershipTier),
    isAdmin: boolean('is_admin').notNull().default(false),
    isEmailVerified: boolean('is_email_verified').notNull().default(false),
    isPhoneVerified: boolean('is_phone_verified').notNull().default(false),
    isCardVerified: boolean('is_card_verified').notNull().default(false),
    phone: varchar('phone', { length: 20 }),
    postcode: varchar('postcode', { length: 4 }),
    state: varchar('state', { length: 3 }),
    suburb: varchar('suburb', { length: fieldLimits.suburbMax }),
    postcodeLastChanged: timestamp('postcode_last_changed', { withTimezone: true }),
    /** The postcode was the member's first: one correction within the hour is free (domain/account.ts). */
    postcodeIsFirstSetting: boolean('postcode_is_first_setting').notNull().default(false),
    location: text('location'),
    trialEndDate: timestamp('trial_end_date', { withTimezone: true }),
    /** When the member was told their plan allows fewer active listings than they have; cleared once that is settled. */
    listingLimitNoticeAt: timestamp('listing_limit_notice_at', { withTimezone: true }),
    /** A mail when a message waits unread (one per conversation until it is opened); off from /account. */
    messageMail: boolean('message_mail').notNull().default(true),
    /** The weekly summary of how the member's listings do (decision 48); off from /account. */
    insightsMail: boolean('insights_mail').notNull().default(true),
    /** The Monday of the week whose summary was sent: each week's goes once, however many servers send. */
    insightsMailedFor: date('insights_mailed_for', { mode: 'string' }),
    /**
     * Texts about messages and instant alerts (decision 33): the verified number the member turned
     * them on for. They go only while it is still the member's verified phone; null: texts off.
     */
    smsPhone: varchar('sms_phone', { length: 20 }),
    /** The member's own day (their state's time) that smsSentOnDay counts texts for. */
    smsDay: date('sms_day', { mode: 'string' }),
    /** Texts sent on smsDay: never more than the domain's daily cap (smsLimits.perDay). */
    smsSentOnDay: integer('sms_sent_on_day').notNull().default(0),
    /** Set while an admin's suspension holds (decision 21): no sign-in, no messages, listings hidden. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** When the suspension ends by itself; null while suspended means for good. */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
    /** Ratings of this member from exchanges (not removed ones): the average is sum / count. */
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    /**
     * When the member closed their account (decision 37): from then on they are "Former member" to
     * others, their email is free again, and they can no longer sign in. Null: an open account.
     */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** When the erase job removed what was left of a closed account's personal details. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // Emails are stored lower-cased; the unique index is on the stored value.
    uniqueIndex('users_email_unique').on(table.email),
    uniqueIndex('users_google_id_unique').on(table.googleId),
    // The erase job's look for closed accounts still holding details.
    index('users_closed_idx').on(table.closedAt).where(sql`${table.closedAt} is not null and ${table.erasedAt} is null`),
    check('users_membership_tier_check', sql`${table.membershipTier} in (${sql.raw(membershipTiers.map((tier) => `'${tier}'`).join(', '))})`),
  ],
);

/**
 * The listings' word indexes keep new entries in a pending list of at most 64 kB (8 pages) before
 * merging them: every search reads the whole list, and the default (4 MB) filled up between the rare
 * autovacuums of a large table (migration 0049).
 */
const shortPendingList = { gin_pending_list_limit: 64 };

/**
 * The word indexes of small tables written now and then (the catalogue's words, saved searches) take
 * each new entry straight in: a pending list there is never merged by size, and without a vacuum it
 * held every word the catalogue has, read entry by entry on each probe (migration 0050).
 */
const noPendingList = { fastupdate: false };

export const listings = pgTable(
  'listings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: varchar('title', { length: fieldLimits.listingTitleMax }).notNull(),
    description: text('description').notNull(),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    category: varchar('category', { length: 20 }).notNull(),
    location: varchar('location', { length: 120 }).notNull(),
    imageUrls: text('image_urls')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isActive: boolean('is_active').notNull().default(true),
    postcode: varchar('postcode', { length: 4 }),
    suburb: varchar('suburb', { length: fieldLimits.suburbMax }),
    state: varchar('state', { length: 3 }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Set while the seller (Connector or Lifetime) pins it: shown first in browse. */
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    /** Taken out of browse because the seller's plan allows fewer listings (not sold: isActive is false too). */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    /** The conversation whose buyer the seller marked it sold to (ratings build on this). */
    soldToConversationId: uuid('sold_to_conversation_id').references((): AnyPgColumn => conversations.id, { onDelete: 'set null' }),
    /** Held for the buyer of this conversation (decision 46): an accepted offer or the seller's hold; cleared when released or sold. */
    reservedForConversationId: uuid('reserved_for_conversation_id').references((): AnyPgColumn => conversations.id, { onDelete: 'set null' }),
    reservedAt: timestamp('reserved_at', { withTimezone: true }),
    /** When it was marked sold: each side may rate the other for 30 days after. */
    soldAt: timestamp('sold_at', { withTimezone: true }),
    /** Out of sight while not sold (isActive is false too): reported, hidden by an admin, or the seller is suspended. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: varchar('hidden_reason', { length: 20 }).$type<ListingHiddenReason>(),
    /** New, like new, good, fair or for parts; null: not stated (listings from before, API calls without it: decision 44). */
    condition: varchar('condition', { length: 10 }).$type<ListingCondition>(),
    /** The seller asked our team to look again at a listing hidden by reports: first in the queue. */
    reviewRequestedAt: timestamp('review_requested_at', { withTimezone: true }),
    /** When it was listed, or last renewed: its plan's listing time counts from here (domain/listing-times.ts). */
    listedAt: timestamp('listed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Newest first's order: listedAt while the listing is within its plan's listing time. Once that has
     * passed, the upkeep sets it a century earlier, so the listing shows below every listing still within
     * its time (and in the same order among those past theirs) until its seller renews it (decision 34).
     */
    rankedAt: timestamp('ranked_at', { withTimezone: true }).notNull().defaultNow(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('listings_search_idx').using('gin', table.searchVector).with(shortPendingList),
    // A search's newest matches a few days at a time: each word of an active listing
    // under its day, with a marker of the day (migration 0035 makes the function;
    // listing-search-windows.ts asks it).
    index('listings_words_by_day_idx')
      .using('gin', sql`listing_words_by_day(${table.searchVector}, ${table.rankedAt})`)
      .with(shortPendingList)
      .where(sql`${table.isActive}`),
    // A search in a neighbourhood or a postcode: each word of an active listing under its
    // postcode, with a marker of the postcode (migration 0036; browse-listings.ts asks it).
    index('listings_words_by_postcode_idx')
      .using('gin', sql`listing_words_by_postcode(${table.searchVector}, ${table.postcode})`)
      .with(shortPendingList)
      .where(sql`${table.isActive}`),
    // A search's newest matches in a state (an Explorer's area, or a state asked for): each word of an
    // active listing under its state and day, with a marker of both (migration 0045; browse-listings.ts asks it).
    index('listings_words_by_state_day_idx')
      .using('gin', sql`listing_words_by_state_day(${table.searchVector}, ${table.state}, ${table.rankedAt})`)
      .with(shortPendingList)
      .where(sql`${table.isActive}`),
    // A search in a state that is not read by days (rare words, other orders, the rest of a page): each
    // word of an active listing under its state, with a marker of it (migration 0048; browse-listings.ts asks it).
    index('listings_words_by_state_idx')
      .using('gin', sql`listing_words_by_state(${table.searchVector}, ${table.state})`)
      .with(shortPendingList)
      .where(sql`${table.isActive}`),
    index('listings_location_idx').on(table.latitude, table.longitude).where(sql`${table.isActive}`),
    // Browse: newest first (by rank: listed or renewed, decision 34) among active listings, optionally narrowed by state, postcode, category.
    index('listings_active_ranked_idx').on(table.rankedAt.desc().nullsFirst(), table.id.desc().nullsFirst()).where(sql`${table.isActive}`),
    index('listings_state_category_ranked_idx')
      .on(table.state, table.category, table.rankedAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.isActive}`),
    // "Nearest first": each postcode's listings in id order.
    index('listings_postcode_id_idx').on(table.postcode, table.id).where(sql`${table.isActive}`),
    index('listings_postcode_ranked_idx').on(table.postcode, table.rankedAt.desc().nullsFirst(), table.id.desc().nullsFirst()).where(sql`${table.isActive}`),
    // The newest page of an area, one postcode at a time, without reading a listing row (browse-listings.ts).
    index('listings_area_ranked_idx')
      .on(table.postcode, table.rankedAt.desc().nullsFirst(), table.id.desc().nullsFirst(), table.category)
      .where(sql`${table.isActive} and ${table.pinnedAt} is null`),
    // The cheapest (or dearest) page of an area, one postcode at a time, read the same way.
    index('listings_area_price_idx')
      .on(table.postcode, table.price, table.id, table.category)
      .where(sql`${table.isActive} and ${table.pinnedAt} is null`),
    index('listings_category_ranked_idx').on(table.category, table.rankedAt.desc().nullsFirst(), table.id.desc().nullsFirst()).where(sql`${table.isActive}`),
    // A condition filter ("for parts") over a wide area: that condition's newest, rather than every
    // listing of the area checked for it (decision 44).
    index('listings_condition_ranked_idx')
      .on(table.condition, table.rankedAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.isActive} and ${table.condition} is not null`),
    index('listings_price_idx').on(table.price, table.id).where(sql`${table.isActive}`),
    index('listings_seller_idx').on(table.sellerId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    // A conversation's deletion finds the listing sold through it.
    index('listings_sold_to_conversation_idx').on(table.soldToConversationId).where(sql`${table.soldToConversationId} is not null`),
    // ... and the listing held for it.
    index('listings_reserved_for_conversation_idx').on(table.reservedForConversationId).where(sql`${table.reservedForConversationId} is not null`),
    index('listings_pinned_idx').on(table.pinnedAt.desc().nullsFirst()).where(sql`${table.isActive} and ${table.pinnedAt} is not null`),
    // An area's pinned posts (a Starter's postcodes, an Explorer's state) without walking every pinned listing.
    index('listings_pinned_postcode_idx').on(table.postcode).where(sql`${table.isActive} and ${table.pinnedAt} is not null`),
    index('listings_pinned_state_idx').on(table.state).where(sql`${table.isActive} and ${table.pinnedAt} is not null`),
    // A search's pinned posts: only the few pinned listings' words, not every listing's.
    index('listings_pinned_search_idx').using('gin', table.searchVector).with(shortPendingList).where(sql`${table.isActive} and ${table.pinnedAt} is not null`),
    check('listings_price_positive', sql`${table.price} > 0`),
    check('listings_condition_check', sql`${table.condition} in (${sql.raw(listingConditionValues.map((condition) => `'${condition}'`).join(', '))})`),
  ],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** HMAC of the code, never the code itself. */
    code: varchar('code', { length: 128 }).notNull(),
    type: varchar('type', { length: 30 }).notNull(),
    /** What the code was sent to (an email or a phone number). */
    target: varchar('target', { length: 254 }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    isUsed: boolean('is_used').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    index('verification_codes_user_type_idx').on(table.userId, table.type, table.createdAt.desc()),
    // The codes sent to one address in a day, whichever member asked (a new email's codes).
    index('verification_codes_target_idx').on(table.type, table.target, table.createdAt),
  ],
);

export const bannedWords = pgTable(
  'banned_words',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    word: varchar('word', { length: fieldLimits.bannedWordMax }).notNull(),
    addedBy: uuid('added_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('banned_words_word_unique').on(sql`lower(${table.word})`)],
);

export const homepageVideo = pgTable(
  'homepage_video',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    filename: varchar('filename', { length: 255 }).notNull(),
    displayName: varchar('display_name', { length: fieldLimits.videoNameMax }).notNull(),
    fileSize: integer('file_size').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  // spec 4: only one video shows as active; the database holds that rule.
  (table) => [uniqueIndex('homepage_video_one_active').on(table.isActive).where(sql`${table.isActive}`)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the bearer token; the token itself is never stored. */
    sid: varchar('sid', { length: 64 }).primaryKey(),
    /** How the member names this session on /account (ending it): unrelated to the token. */
    id: uuid('id').notNull().defaultRandom(),
    sess: jsonb('sess').notNull(),
    expire: timestamp('expire', { withTimezone: true }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** When a request last came with it, to the hour (written at most hourly). Null: not since it started. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** The browser's User-Agent when it signed in, cut to its first 300 characters: the device on /account. */
    userAgent: varchar('user_agent', { length: 300 }),
  },
  (table) => [index('sessions_expire_idx').on(table.expire), index('sessions_user_idx').on(table.userId), uniqueIndex('sessions_id_idx').on(table.id)],
);

/** Mail and SMS that had no real transport (development and tests): readable at /api/dev/outbox. */
export const devOutbox = pgTable(
  'dev_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: varchar('to', { length: 254 }).notNull(),
    channel: varchar('channel', { length: 10 }).notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    /** Mail headers beyond the usual (List-Unsubscribe on alerts). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (table) => [index('dev_outbox_created_idx').on(table.createdAt.desc())],
);

/** Photos a member uploaded; a listing may only show photos its seller uploaded. */
export const uploadedImages = pgTable(
  'uploaded_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: varchar('url', { length: 500 }).notNull(),
    thumbnailUrl: varchar('thumbnail_url', { length: 500 }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
    /** Uploaded, put on a listing, or last found in use by the photo clean-up (uploads/clean-up-photos.ts). */
    touchedAt: timestamp('touched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('uploaded_images_url_unique').on(table.url),
    index('uploaded_images_owner_idx').on(table.ownerId),
    index('uploaded_images_touched_idx').on(table.touchedAt),
  ],
);

/**
 * The messages buyers sent sellers by mail before conversations existed (decision 15): kept for
 * their history, no longer written; conversations and messages hold every exchange since.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message'),
    createdAt: createdAt(),
  },
  (table) => [index('contact_messages_buyer_created_idx').on(table.buyerId, table.createdAt.desc())],
);

/**
 * One conversation per listing and buyer. The listing's title is kept, so what was said stays
 * readable after the listing is deleted (listing_id then becomes null and nothing more can be sent).
 * Each side's read mark is the id of the last message they have seen; a side's notified_at is set
 * when the one "you have a message" mail went, and cleared when they read again.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    listingTitle: varchar('listing_title', { length: fieldLimits.listingTitleMax }).notNull(),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    // The newest message as the inbox shows it, kept here by the statement that sends it.
    lastMessageBody: text('last_message_body'),
    lastMessageSenderId: uuid('last_message_sender_id'),
    // Messages from the other member after each side's read mark: the inbox and the badge add these up.
    buyerUnreadCount: integer('buyer_unread_count').notNull().default(0),
    sellerUnreadCount: integer('seller_unread_count').notNull().default(0),
    buyerReadUpTo: bigint('buyer_read_up_to', { mode: 'number' }).notNull().default(0),
    sellerReadUpTo: bigint('seller_read_up_to', { mode: 'number' }).notNull().default(0),
    buyerNotifiedAt: timestamp('buyer_notified_at', { withTimezone: true }),
    sellerNotifiedAt: timestamp('seller_notified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('conversations_listing_buyer_unique').on(table.listingId, table.buyerId),
    // Each side's inbox in its order (newest activity, then id): a page is read straight off the index.
    index('conversations_buyer_inbox_idx').on(table.buyerId, table.lastMessageAt.desc(), table.id.desc()),
    index('conversations_seller_inbox_idx').on(table.sellerId, table.lastMessageAt.desc(), table.id.desc()),
    index('conversations_buyer_created_idx').on(table.buyerId, table.createdAt.desc()),
  ],
);

/** Messages; the id grows with every message sent anywhere (a thread's order, the event stream's id). */
export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /**
     * The conversation's buyer or seller (sending checks it). No reference to users of its own: a
     * member's deletion removes their conversations, and these messages with them; without it a send
     * writes one index and runs one check less.
     */
    senderId: uuid('sender_id').notNull(),
    body: text('body').notNull(),
    /** The warning the receiver sees with it (domain/conversations.ts), decided when it was sent. */
    safetyTip: text('safety_tip'),
    /** A step of an offer (decision 45): which offer, and what this message records of it. */
    offerId: uuid('offer_id').references((): AnyPgColumn => offers.id, { onDelete: 'set null' }),
    offerStep: varchar('offer_step', { length: 10 }).$type<OfferStep>(),
    createdAt: createdAt(),
  },
  (table) => [
    index('messages_conversation_idx').on(table.conversationId, table.id.desc()),
    check('messages_offer_step', sql`${table.offerStep} is null or ${table.offerStep} in (${sql.raw(offerSteps.map((step) => `'${step}'`).join(', '))})`),
    check('messages_body_length', sql`char_length(${table.body}) between 1 and ${sql.raw(String(conversationLimits.messageMax))}`),
  ],
);

/**
 * Offers in a conversation (decision 45): the buyer's, and each counter-offer from either side. One
 * is open at a time in a conversation (the partial unique index): a counter-offer closes the offer
 * it answers in the same transaction. An open offer past expires_at reads as expired; the upkeep
 * marks it so and writes the step in the thread.
 */
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** The member who made it: the buyer, or whoever countered. */
    madeBy: uuid('made_by').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    status: varchar('status', { length: 10 }).$type<OfferStatus>().notNull().default('open'),
    /** The offer this one counters. */
    answersOfferId: uuid('answers_offer_id').references((): AnyPgColumn => offers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('offers_one_open_idx').on(table.conversationId).where(sql`${table.status} = 'open'`),
    index('offers_conversation_idx').on(table.conversationId, table.createdAt.desc()),
    index('offers_open_expiry_idx').on(table.expiresAt).where(sql`${table.status} = 'open'`),
    check('offers_amount_positive', sql`${table.amount} > 0`),
    check('offers_status', sql`${table.status} in (${sql.raw(offerStatuses.map((status) => `'${status}'`).join(', '))})`),
  ],
);

/**
 * Pickups arranged in a conversation (decision 47): one proposed or confirmed at a time (the partial
 * unique index); a new proposal replaces it. reminded_at is set when both members were reminded.
 */
export const pickups = pgTable(
  'pickups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    proposedBy: uuid('proposed_by').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    place: varchar('place', { length: pickupLimits.placeMax }).notNull(),
    status: varchar('status', { length: 10 }).$type<PickupStatus>().notNull().default('proposed'),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('pickups_one_current_idx').on(table.conversationId).where(sql`${table.status} in ('proposed', 'confirmed')`),
    index('pickups_conversation_idx').on(table.conversationId, table.createdAt.desc()),
    // The reminder sweep: confirmed pickups not yet reminded, by time.
    index('pickups_due_idx').on(table.at).where(sql`${table.status} = 'confirmed' and ${table.remindedAt} is null`),
    check('pickups_status', sql`${table.status} in (${sql.raw(pickupStatuses.map((status) => `'${status}'`).join(', '))})`),
  ],
);

/**
 * Who opened a listing, a row per listing, day (Sydney's calendar) and viewer (decision 48): a
 * member's id or a visitor's address, hashed with the day and the app's secret, so a day's rows count
 * distinct people and nobody can be told from them. Written in batches by each server
 * (listings/listing-views.ts); pruned after insightLimits.keepViewDays.
 */
export const listingViews = pgTable(
  'listing_views',
  {
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    viewer: bigint('viewer', { mode: 'bigint' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.listingId, table.day, table.viewer] }), index('listing_views_day_idx').on(table.day)],
);

/** A listing a member keeps to come back to (/saved); it goes with the listing and with the member. */
export const favourites = pgTable(
  'favourites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    /** The price when it was saved: /saved shows a drop since. */
    priceWhenSaved: numeric('price_when_saved', { precision: 12, scale: 2 }),
    /** The lowest price the member was told of by mail: only a price below it is news. */
    lowestPriceTold: numeric('lowest_price_told', { precision: 12, scale: 2 }),
    /** When the member was last mailed about this listing: at most one mail a day. */
    lastToldAt: timestamp('last_told_at', { withTimezone: true }),
    /** When the member was told it sold: a sale is told once, however often it is relisted and sold again. */
    soldToldAt: timestamp('sold_told_at', { withTimezone: true }),
    /** When the member was told it went on hold for a buyer: told once, however often it is held again (decision 46). */
    reservedToldAt: timestamp('reserved_told_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.listingId] }), index('favourites_listing_idx').on(table.listingId)],
);

/**
 * A browse a member keeps (its filters, as GET /api/listings takes them) with a name, and how they
 * hear of new listings that match it: at once or in a daily digest (decision 20).
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 60 }).notNull(),
    query: jsonb('query').$type<SavedSearchQuery>().notNull(),
    frequency: varchar('frequency', { length: 10 }).$type<SavedSearchFrequency>().notNull(),
    /** The "new since you last looked" count starts here; opening the search moves it. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Listings after this have not been mailed about yet (an alert or a digest moves it). */
    mailedUntil: timestamp('mailed_until', { withTimezone: true }).notNull().defaultNow(),
    /** When the last alert mail went: the next waits 15 minutes after it. */
    lastMailedAt: timestamp('last_mailed_at', { withTimezone: true }),
    /** Off once the member unsubscribes from its mail (the search stays on /saved). */
    mailEnabled: boolean('mail_enabled').notNull().default(true),
    /** Its words as the search index keeps them: a new listing is matched only against searches sharing a word with it. */
    wordLexemes: text('word_lexemes')
      .array()
      .generatedAlwaysAs(sql`tsvector_to_array(to_tsvector('english'::regconfig, coalesce(query ->> 'search', '')))`),
    /** Its words as browse reads them (websearch_to_tsquery), parsed once instead of at every new listing. */
    wordQuery: tsquery('word_query').generatedAlwaysAs(sql`websearch_to_tsquery('english'::regconfig, coalesce(query ->> 'search', ''))`),
    createdAt: createdAt(),
  },
  (table) => [
    index('saved_searches_user_idx').on(table.userId, table.createdAt.desc()),
    // A new listing is matched through these: instant searches with words by a shared word, the others by
    // category (daily ones wait for their digest, which goes by member, so they stay out of both).
    index('saved_searches_instant_words_idx').using('gin', table.wordLexemes).with(noPendingList).where(sql`${table.mailEnabled} and ${table.frequency} = 'instant'`),
    index('saved_searches_instant_category_idx')
      .on(sql`(${table.query} ->> 'category')`)
      .where(sql`${table.mailEnabled} and ${table.frequency} = 'instant' and cardinality(${table.wordLexemes}) = 0`),
  ],
);

/**
 * New listings not yet matched to saved searches: a row is written in the listing's own transaction,
 * so none is missed whatever order listings commit in; a matching run claims rows, queues their
 * alerts, then deletes them. A claim older than a run may last is taken again (the run was lost).
 * It holds only the last seconds' listings, so it has no index but its key, and no reference to
 * listings (a check on every listing's creation): a listing deleted meanwhile is simply not matched.
 */
export const savedSearchPending = pgTable('saved_search_pending', {
  listingId: uuid('listing_id').primaryKey(),
  listedAt: timestamp('listed_at', { withTimezone: true }).notNull().defaultNow(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }),
});

/**
 * Listings that were deleted (by their seller, or with their seller's account), so their address
 * answers 410 Gone rather than 404: search engines drop a gone page at once. Written by a trigger on
 * listings (migration 0025), whatever deleted the row.
 */
export const removedListings = pgTable('removed_listings', {
  listingId: uuid('listing_id').primaryKey(),
  removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A member who blocked another: no messages either way until they unblock. */
export const memberBlocks = pgTable(
  'member_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.blockerId, table.blockedId] }), index('member_blocks_blocked_idx').on(table.blockedId)],
);

/**
 * Active listings per postcode, kept current in the same transaction as every listing change,
 * so the map never scans the listings table.
 */
export const postcodeListingCounts = pgTable('postcode_listing_counts', {
  postcode: varchar('postcode', { length: 4 }).primaryKey(),
  state: varchar('state', { length: 3 }).notNull(),
  suburb: varchar('suburb', { length: fieldLimits.suburbMax }),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  activeCount: integer('active_count').notNull().default(0),
  /** The active listings of each condition, in listingConditions' order (the map's condition filter: decision 44). */
  conditionCounts: integer('condition_counts')
    .array()
    .notNull()
    .default(sql`'{0,0,0,0,0}'`),
  updatedAt: updatedAt(),
});

/**
 * Every word (as the word index stores it, stemmed) a listing has had in its title or description:
 * a misspelt search is read as the nearest of them (decision 42). Filled by triggers on listings
 * (migration 0037), so every writer keeps it; the hourly upkeep of members' data takes out the words
 * no listing has any more (pruneSearchWords).
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
  },
  (table) => [index('search_words_trgm_idx').using('gin', table.word.op('gin_trgm_ops')).with(noPendingList)],
);

/** An admin's invitation to join on a tier: a single-use link that expires. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: varchar('email', { length: fieldLimits.emailMax }).notNull(),
    membershipTier: varchar('membership_tier', { length: 20, enum: membershipTiers }).notNull(),
    /** SHA-256 of the link's token. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    invitedBy: uuid('invited_by')
      .notNull()
      .references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('invitations_token_unique').on(table.tokenHash), index('invitations_email_idx').on(table.email)],
);

/** Every admin action: who, what, on whom, when. */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 50 }).notNull(),
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    details: jsonb('details').notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index('admin_audit_log_created_idx').on(table.createdAt.desc())],
);

/**
 * A member's report of a listing, a member, a conversation or a rating (decision 21). One per
 * reporter and target; an admin's action closes every open report of its target.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetKind: varchar('target_kind', { length: 20 }).$type<ReportTargetKind>().notNull(),
    /** The listing, member, conversation or rating reported (kept when it is deleted, for the record). */
    targetId: uuid('target_id').notNull(),
    /** The member the report is about: a listing's seller, the member, a rating's author (null for a conversation). */
    targetMemberId: uuid('target_member_id').references(() => users.id, { onDelete: 'cascade' }),
    reason: varchar('reason', { length: 20 }).$type<ReportReason>().notNull(),
    details: text('details'),
    /** Whether the reporter had earned trust when they reported (decision 26): only such reports hide a listing at once. */
    reporterTrusted: boolean('reporter_trusted').notNull().default(false),
    /** A keyed hash of the reporter's network (their address, an IPv6 /64): accounts on one network count once. */
    reporterNetwork: varchar('reporter_network', { length: 64 }),
    status: varchar('status', { length: 10 }).$type<'open' | 'closed'>().notNull().default('open'),
    action: varchar('action', { length: 20 }),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('reports_reporter_target_unique').on(table.reporterId, table.targetKind, table.targetId),
    index('reports_target_idx').on(table.targetKind, table.targetId, table.status),
    index('reports_open_idx').on(table.createdAt.desc()).where(sql`${table.status} = 'open'`),
  ],
);

/** A rating from an exchange: the buyer rates the seller, or the seller the buyer, once per listing. */
export const ratings = pgTable(
  'ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    listingTitle: varchar('listing_title', { length: fieldLimits.listingTitleMax }).notNull(),
    raterId: uuid('rater_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rateeId: uuid('ratee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    raterRole: varchar('rater_role', { length: 10 }).$type<'buyer' | 'seller'>().notNull(),
    stars: integer('stars').notNull(),
    comment: text('comment'),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** Removed by an admin: kept for the record, left out of the average and the page. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('ratings_listing_rater_unique').on(table.listingId, table.raterId),
    index('ratings_ratee_idx').on(table.rateeId, table.createdAt.desc()),
    check('ratings_stars_range', sql`${table.stars} between 1 and 5`),
  ],
);

/**
 * A message to our team from the contact form (decision 32): who sent it (the member, or null for a
 * visitor), their plan when they sent it and the support that plan gives, which orders the admins'
 * inbox. Open until an admin replies (answered_at).
 */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The member's plan when they wrote, read from their account; null for a visitor. */
    membershipTier: varchar('membership_tier', { length: 20, enum: membershipTiers }),
    supportLevel: varchar('support_level', { length: 20 }).$type<SupportLevel>().notNull(),
    /** The level's place in the inbox (domain/support-levels.ts), so the open queue reads in index order. */
    queueRank: integer('queue_rank').notNull(),
    name: varchar('name', { length: fieldLimits.contactNameMax }).notNull(),
    email: varchar('email', { length: fieldLimits.emailMax }).notNull(),
    message: text('message').notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('support_requests_open_idx').on(table.queueRank, table.createdAt).where(sql`${table.answeredAt} is null`),
    index('support_requests_answered_idx').on(table.answeredAt.desc()).where(sql`${table.answeredAt} is not null`),
    index('support_requests_member_idx').on(table.memberId, table.createdAt.desc()),
  ],
);

/** An admin's reply to a support request; the first one answers it. */
export const supportReplies = pgTable(
  'support_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => supportRequests.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('support_replies_request_idx').on(table.requestId, table.createdAt)],
);

/** A paid membership: created at checkout, made active only by a confirmed payment event. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tier: varchar('tier', { length: 20, enum: membershipTiers }).notNull(),
    provider: varchar('provider', { length: 10 }).notNull(),
    providerSubscriptionId: varchar('provider_subscription_id', { length: 255 }).notNull(),
    clientSecret: varchar('client_secret', { length: 255 }),
    /** trialing: the card is on file and the first charge waits for the end of the free month. */
    status: varchar('status', { length: 20, enum: ['incomplete', 'trialing', 'active', 'past_due', 'cancelled'] }).notNull(),
    /** Whole cents, AUD. */
    amountCents: integer('amount_cents').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** Checked out during the free month: the paid year, and its first charge, start then. Null: charged at once. */
    firstChargeAt: timestamp('first_charge_at', { withTimezone: true }),
    /**
     * A change the member asked for that waits for the end of the paid year (decision 31): `starter`
     * ends the plan at `current_period_end`, a cheaper paid tier renews as that tier then. Null: none.
     */
    scheduledTier: varchar('scheduled_tier', { length: 20, enum: purchasableTiers }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('subscriptions_provider_id_unique').on(table.providerSubscriptionId),
    uniqueIndex('subscriptions_client_secret_unique').on(table.clientSecret),
    index('subscriptions_user_idx').on(table.userId, table.createdAt.desc()),
    // The hourly upkeep's look for changes whose day has come.
    index('subscriptions_scheduled_idx').on(table.currentPeriodEnd).where(sql`${table.scheduledTier} is not null`),
  ],
);

/**
 * A copy of a member's data (decision 37): asked for on /account, made by the data-export job into a
 * ZIP kept in media storage under a private key (never served as media), downloadable by that
 * member for a week from when it is ready.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The ZIP's storage key ("exports/….zip"); null until the job has stored it. */
    storageKey: varchar('storage_key', { length: 200 }),
    bytes: bigint('bytes', { mode: 'number' }),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('data_exports_user_idx').on(table.userId, table.createdAt.desc()), index('data_exports_expires_idx').on(table.expiresAt)],
);

/** Payment provider events already applied: a replayed webhook changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: varchar('id', { length: 255 }).primaryKey(),
  type: varchar('type', { length: 100 }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The operator's dashboard's daily rollups (decision 50): one row a day (Sydney's calendar), made by
 * the hourly job from the tables themselves, so the dashboard reads a few hundred small rows
 * whatever the range. Counts of things that day, and snapshots as of the day's end.
 */
export const dailyStats = pgTable('daily_stats', {
  day: date('day', { mode: 'string' }).primaryKey(),
  membersNew: integer('members_new').notNull(),
  /** Members who had joined by the day's end (and not left since), by their plan now. */
  membersStarter: integer('members_starter').notNull(),
  membersExplorer: integer('members_explorer').notNull(),
  membersConnector: integer('members_connector').notNull(),
  membersLifetime: integer('members_lifetime').notNull(),
  listingsNew: integer('listings_new').notNull(),
  /** Listings made by the day's end and not sold by then (deleted ones are gone from the count). */
  listingsActive: integer('listings_active').notNull(),
  messages: integer('messages').notNull(),
  reportsOpened: integer('reports_opened').notNull(),
  reportsClosed: integer('reports_closed').notNull(),
  /** The median minutes from report to its closing, of the reports closed that day; null when none was. */
  reportMedianMinutes: integer('report_median_minutes'),
  /** Members who joined that day on the free month, and how many of them hold a paid plan now. */
  trialsStarted: integer('trials_started').notNull(),
  trialsConverted: integer('trials_converted').notNull(),
  /** First charges of paid plans that day, whole cents, AUD. */
  revenueCents: bigint('revenue_cents', { mode: 'bigint' }).notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Settings the application keeps for itself, such as whether the demo data was loaded. */
export const appMeta = pgTable('app_meta', {
  key: varchar('key', { length: 100 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

export type UserRow = typeof users.$inferSelect;
export type ListingRow = typeof listings.$inferSelect;
