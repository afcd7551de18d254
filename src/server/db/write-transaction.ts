// Writes say what they change: a write that changes what readers see names it in the transaction
// that makes the change, and it is published (to the read caches of every app server) only once
// that transaction has committed. A write that fails, or that changes nothing a reader sees (a
// contact form, an upload), publishes nothing.
import { eq } from 'drizzle-orm';
import type { ContentVersion } from '../services/content-version';
import type { Database, Queryable, Transaction } from './open-database';
import { listings } from './schema';

/**
 * What cached reads a write can make stale: listings (browse, detail and the map's counts), members
 * (the session cache holds each signed-in member's row), sessions (signed out, revoked), the
 * banned words and a member's favourites.
 */
export type ChangedKind = 'listings' | 'members' | 'sessions' | 'bannedWords' | 'favourites' | 'sellers' | 'homepageVideo';

/**
 * The keys writes publish and cached answers depend on. A listing's change reaches its own detail
 * and the answers about the areas that hold it: radius areas by postcode, states, and all of
 * Australia; nothing else.
 */
export const changeKeys = {
  listing: (id: string) => `listings:${id}`,
  member: (id: string) => `members:${id}`,
  session: (id: string) => `sessions:${id}`,
  postcode: (postcode: string) => `postcodes:${postcode}`,
  state: (state: string) => `states:${state}`,
  everywhere: 'areas:everywhere',
  /** Every listing answer (a change no area names: a plan that changes pins or paused listings). */
  allListings: 'listings',
  /** What a seller's public page shows of their listings (a listing of theirs was made, changed or deleted). */
  seller: (id: string) => `sellers:${id}`,
  /** The homepage video the landing page plays. */
  homepageVideo: 'homepageVideo',
  /** A member's conversations: their inbox, unread badge and threads. */
  conversations: (memberId: string) => `conversations:${memberId}`,
  /** A member's favourites: the hearts on every listing they see. */
  favourites: (memberId: string) => `favourites:${memberId}`,
  /** The list of banned words (the message filter keeps it in memory). */
  bannedWords: 'bannedWords',
} as const;

export type Changes = {
  /** This transaction changed the `kind` with this id (or, without one, possibly any of them). */
  touch: (kind: ChangedKind, id?: string) => void;
  /** This transaction created, changed or deleted this listing: its detail and the answers of the areas that hold it. */
  touchListing: (listing: { id: string; postcode: string | null; state: string | null; sellerId: string }) => void;
};

export async function writeTransaction<T>(
  deps: { db: Database; contentVersion: ContentVersion },
  work: (tx: Transaction, changes: Changes) => Promise<T>,
): Promise<T> {
  const touched = new Set<string>();
  const changes: Changes = {
    touch: (kind, id) => {
      touched.add(id === undefined ? kind : `${kind}:${id}`);
    },
    touchListing: (listing) => {
      touched.add(changeKeys.listing(listing.id));
      touched.add(changeKeys.everywhere);
      touched.add(changeKeys.seller(listing.sellerId));
      if (listing.postcode) touched.add(changeKeys.postcode(listing.postcode));
      if (listing.state) touched.add(changeKeys.state(listing.state));
    },
  };
  const result = await deps.db.transaction((tx) => work(tx, changes));
  // Awaited: the other servers have heard of the change before the writer hears it is done.
  await deps.contentVersion.publish([...touched]);
  return result;
}

/**
 * A change to a member that every one of their listings shows (their plan's badge, pins and paused
 * listings, their rating): those listings' answers and their areas' pages, nothing of anyone else's.
 */
export async function touchMemberListings(tx: Queryable, changes: Changes, memberId: string): Promise<void> {
  const held = await tx.select({ id: listings.id, postcode: listings.postcode, state: listings.state, sellerId: listings.sellerId }).from(listings).where(eq(listings.sellerId, memberId));
  for (const listing of held) changes.touchListing(listing);
  changes.touch('sellers', memberId);
}
