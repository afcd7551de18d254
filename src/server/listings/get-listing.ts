import { eq } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { uuidPattern } from '../../domain/listing';
import type { ListingView } from '../../domain/listing-schemas';
import type { Queryable } from '../db/open-database';
import { listings } from '../db/schema';
import { selectListingsWithSeller, toListingView } from './listing-view';

export function listingNotFound(): AppError {
  return new AppError('LISTING_NOT_FOUND');
}

/** One listing, active or sold; an id that is not a uuid is simply not found. */
export async function getListing(deps: { db: Queryable }, input: { listingId: string }): Promise<ListingView> {
  if (!uuidPattern.test(input.listingId)) throw listingNotFound();
  const [row] = await selectListingsWithSeller(deps.db).where(eq(listings.id, input.listingId)).limit(1);
  if (!row) throw listingNotFound();
  return toListingView(row);
}
