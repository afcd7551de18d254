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

type Pending = { listingId: string; day: string; viewer: string; memberId: string | null };

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

export function createListingViewCounter(options: { db: Database; secret: string; flushMs: number; log: { warn: (object: object, message: string) => void } }): ListingViewCounter {
  const pending = new Map<string, Pending>();
  let writing: Promise<number> = Promise.resolve(0);

  const write = async (): Promise<number> => {
    if (pending.size === 0) return 0;
    const batch = [...pending.values()];
    pending.clear();
    try {
      // Listings deleted since, and the seller's own views, drop out here.
      const result = await options.db.execute(sql`
        insert into listing_views (listing_id, day, viewer)
        select v.listing_id, v.day, v.viewer
          from unnest(${sql.param(batch.map((one) => one.listingId))}::uuid[], ${sql.param(batch.map((one) => one.day))}::date[], ${sql.param(batch.map((one) => one.viewer))}::bigint[], ${sql.param(batch.map((one) => one.memberId))}::uuid[])
               as v(listing_id, day, viewer, member_id)
          join listings l on l.id = v.listing_id
         where v.member_id is distinct from l.seller_id
        on conflict do nothing`);
      return result.rowCount ?? 0;
    } catch (error) {
      // Counting never fails a page: a batch that could not be written is let go.
      options.log.warn({ err: error, views: batch.length }, 'listing views could not be written');
      return 0;
    }
  };
  const flush = () => (writing = writing.then(write, write));
  const timer = options.flushMs > 0 ? setInterval(() => void flush(), options.flushMs) : null;
  timer?.unref();

  return {
    record: (view, at = new Date()) => {
      // Not a listing's id (a made-up address): nothing to count, and nothing to spoil the batch's write.
      if (options.flushMs === 0 || !uuidPattern.test(view.listingId) || isCrawler(view.userAgent) || pending.size >= maxPending) return;
      const day = insightDayOf(at);
      // A member is the same person on every device; a visitor is their address that day, which the hash does not give back.
      const viewer = view.memberId ? hash64(`${options.secret}:member:${view.memberId}`) : hash64(`${options.secret}:${day}:${addressPrefix(view.address)}`);
      const key = `${view.listingId}:${day}:${viewer}`;
      if (!pending.has(key)) pending.set(key, { listingId: view.listingId, day, viewer, memberId: view.memberId });
    },
    flush,
    close: async () => {
      if (timer) clearInterval(timer);
      await flush();
    },
  };
}
