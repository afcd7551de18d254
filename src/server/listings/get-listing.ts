import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { uuidPattern } from '../../domain/listing';
import type { ListingView } from '../../domain/listing-schemas';
import type { Queryable } from '../db/open-database';
import { preparedQuery } from '../db/prepared-statement';
import { listings, removedListings, type UserRow } from '../db/schema';
import { selectListingsWithSeller, toListingView } from './listing-view';

export function listingNotFound(): AppError {
  return new AppError('LISTING_NOT_FOUND');
}

const listingById = preparedQuery('listing_by_id', (db, name) =>
  selectListingsWithSeller(db)
    .where(eq(listings.id, sql.placeholder('id')))
    .limit(1)
    .prepare(name),
);

const removedListingById = preparedQuery('removed_listing_by_id', (db, name) =>
  db.select({ listingId: removedListings.listingId }).from(removedListings).where(eq(removedListings.listingId, sql.placeholder('id'))).limit(1).prepare(name),
);

/** The error for a listing that is not there: deleted (410, LISTING_REMOVED) or never there (404). */
export async function missingListing(db: Queryable, listingId: string): Promise<AppError> {
  return (await removedListingById(db).execute({ id: listingId })).length > 0 ? new AppError('LISTING_REMOVED') : listingNotFound();
}

/**
 * One listing, active or sold; an id that is not a uuid is simply not found. A listing hidden by
 * our team (or while its seller is suspended) is its seller's and the admins' to see: asked for a
 * `viewer` (null: a visitor), anyone else finds nothing. Without one (the seller's own edits) it is
 * answered as it is.
 */
export async function getListing(deps: { db: Queryable }, input: { listingId: string; viewer?: Pick<UserRow, 'id' | 'isAdmin'> | null }): Promise<ListingView> {
  if (!uuidPattern.test(input.listingId)) throw listingNotFound();
  const [row] = await listingById(deps.db).execute({ id: input.listingId });
  if (!row) throw await missingListing(deps.db, input.listingId);
  const viewer = input.viewer;
  if (row.hiddenReason && viewer !== undefined && !(viewer && (viewer.id === row.sellerId || viewer.isAdmin))) throw listingNotFound();
  return toListingView(row);
}
