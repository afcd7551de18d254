import type { ListingView } from '../../../../domain';
import { ListingCard } from '@/shared/listing/listing-card';
import { ListingGrid } from '@/shared/listing/listing-grid';
import { similarListingsCount, useSimilarListings } from '@/features/listings/api';

/**
 * 'Similar listings nearby' under a sold listing: the item has gone, so the page points to others
 * like it. Loaded in the browser (it sits below the fold); with nothing nearby it shows nothing.
 */
export function SimilarListings({ listing }: { listing: ListingView }) {
  const similar = useSimilarListings(listing);
  const others = (similar.data ?? []).filter((other) => other.id !== listing.id).slice(0, similarListingsCount);
  if (others.length === 0) return null;

  return (
    <section aria-labelledby="similar-listings" className="mt-14">
      <h2 id="similar-listings" className="mb-5 text-2xl font-extrabold tracking-tight">
        Similar listings nearby
      </h2>
      <ListingGrid>
        {others.map((other) => (
          <li key={other.id}>
            <ListingCard listing={other} />
          </li>
        ))}
      </ListingGrid>
    </section>
  );
}
