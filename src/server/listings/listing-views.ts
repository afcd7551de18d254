// Counting who opens a listing (decision 48) without costing the read that shows it: a view is a
// line in this server's memory (the same person on the same listing and day is one line however
// often they look), and every few seconds the lines go to the database in one statement. The
// seller's own views are left out there (the statement knows each listing's seller), crawlers here.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { insightDayOf, isCrawler } from '../../domain/insights';
import { uuidPattern } from '../../domain/listing';
import type { Database } from '../db/open-database';

export type ListingView = { listingId: string; memberId: string | null; address: string; userAgent: string | undefined };

export type ListingViewCounter = {
  /** Notes a view (nothing for a crawler): no database work, no waiting. */
  record: (view: ListingView, at?: Date) => void;
  /** Writes the views noted so far (the timer does it every few seconds; tests and shutdown call it). */
  flush: () => Promise<number>;
  close: () => Promise<void>;
};

/** A view as the batch's JSON carries it, in the statement's column names. */
type Pending = { listing_id: string; day: string; viewer: string; member_id: string | null };

/** The most views one server holds between writes: past it, new ones wait for the next write (a flood cannot grow memory). */
const maxPending = 50_000;

/** An IPv6 address by its /64 (one household or phone), an IPv4 address as it is. */
function addressPrefix(address: string): string {
  return address.includes(':') ? address.split(':').slice(0, 4).join(':') : address;
}

/** 64 bits of a SHA-256, as the signed bigint PostgreSQL keeps. */
function hash64(text: string): string {
  return createHash('sha256').update(text).digest().readBigInt64BE(0).toString();
}

/** The most viewers one server remembers the hash of (a day's addresses, members): past it, the memory starts again. */
const maxRemembered = 100_000;

export function createListingViewCounter(options: { db: Database; secret: string; flushMs: number; log: { warn: (object: object, message: string) => void } }): ListingViewCounter {
  const pending = new Map<string, Pending>();
  let writing: Promise<number> = Promise.resolve(0);
  // The day changes on a minute's edge: worked out once a minute, not for every view.
  let today = { minute: -1, day: '' };
  const dayOf = (at: Date): string => {
    const minute = Math.floor(at.getTime() / 60_000);
    if (minute !== today.minute) today = { minute, day: insightDayOf(at) };
    return today.day;
  };
  // A viewer's hash, made once for each member and for each address that day.
  const hashes = new Map<string, string>();
  const viewerOf = (memberId: string | null, address: string, day: string): string => {
    const identity = memberId ? `member:${memberId}` : `${day}:${addressPrefix(address)}`;
    let viewer = hashes.get(identity);
    if (viewer === undefined) {
      if (hashes.size >= maxRemembered) hashes.clear();
      viewer = hash64(`${options.secret}:${identity}`);
      hashes.set(identity, viewer);
    }
    return viewer;
  };

  const write = async (): Promise<number> => {
    if (pending.size === 0) return 0;
    const batch = JSON.stringify([...pending.values()]);
    const views = pending.size;
    pending.clear();
    try {
      // One text of JSON for the batch (the driver's arrays cost more to make); listings deleted
      // since, and the seller's own views, drop out here.
      const result = await options.db.execute(sql`
        insert into listing_views (listing_id, day, viewer)
        select v.listing_id, v.day, v.viewer
          from json_to_recordset(${batch}::json) as v(listing_id uuid, day date, viewer bigint, member_id uuid)
          join listings l on l.id = v.listing_id
         where v.member_id is distinct from l.seller_id
        on conflict do nothing`);
      return result.rowCount ?? 0;
    } catch (error) {
      // Counting never fails a page: a batch that could not be written is let go.
      options.log.warn({ err: error, views }, 'listing views could not be written');
      return 0;
    }
  };
  const flush = () => (writing = writing.then(write, write));
  const timer = options.flushMs > 0 ? setInterval(() => void flush(), options.flushMs) : null;
  timer?.unref();

  return {
    record: (view, at = new Date()) => {
      // Not a listing's id (a made-up address): nothing to count, and nothing to spoil the batch's write.
      if (options.flushMs === 0 || pending.size >= maxPending || !uuidPattern.test(view.listingId) || isCrawler(view.userAgent)) return;
      const day = dayOf(at);
      // A member is the same person on every device; a visitor is their address that day, which the hash does not give back.
      const viewer = viewerOf(view.memberId, view.address, day);
      const key = `${view.listingId}:${day}:${viewer}`;
      if (!pending.has(key)) pending.set(key, { listing_id: view.listingId, day, viewer, member_id: view.memberId });
    },
    flush,
    close: async () => {
      if (timer) clearInterval(timer);
      await flush();
    },
  };
}
