import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { type ListingView, sellerPreview } from '../../../../domain';
import { ListingCard } from '@/shared/listing/listing-card';
import { ListingGrid } from '@/shared/listing/listing-grid';
import { useSellerListings } from '@/features/listings/api';

/** 'More from this seller': shown only when the seller has more than this one listing (spec 2). */
export function MoreFromSeller({ listing }: { listing: ListingView }) {
  const sellerListings = useSellerListings(listing.sellerId);
  const all = sellerListings.data ?? [];
  const others = all.filter((other) => other.id !== listing.id);
  if (others.length === 0) return null;
  const firstName = listing.seller.firstName?.trim() || 'Anonymous';

  return (
    <section aria-labelledby="more-from-seller" className="mt-14">
      <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <h2 id="more-from-seller" className="text-2xl font-extrabold tracking-tight">
          More from this seller
        </h2>
        {all.length > sellerPreview.viewAllAfter && (
          <Link href={`/seller/${listing.sellerId}`} className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 hover:underline">
            View All Listings from {firstName}
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        )}
      </div>
      <ListingGrid>
        {others.slice(0, sellerPreview.count).map((other) => (
          <li key={other.id}>
            <ListingCard listing={other} />
          </li>
        ))}
      </ListingGrid>
    </section>
  );
}
