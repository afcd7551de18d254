import { ArrowRight, PackageOpen } from 'lucide-react';
import { Link } from 'wouter';
import { EmptyState } from '@/components/empty-state';
import { ListingCard } from '@/shared/listing/listing-card';
import { ListingGrid, ListingGridSkeleton } from '@/shared/listing/listing-grid';
import { buttonVariants } from '@/components/ui/button';
import { latestListingsCount, useLatestListings } from '@/features/dashboard/api';

/** 'What's New Around You': the first 8 listings of the member's area (spec 2). */
export function WhatsNew() {
  const latest = useLatestListings();
  return (
    <section aria-labelledby="whats-new" className="mt-14">
      <h2 id="whats-new" className="mb-5 text-2xl font-extrabold tracking-tight sm:text-3xl">
        What's New Around You
      </h2>
      {latest.isPending ? (
        <ListingGridSkeleton count={latestListingsCount} />
      ) : latest.isError ? (
        <p role="alert" className="text-brand-700">
          Failed to fetch listings
        </p>
      ) : latest.data.length === 0 ? (
        <EmptyState icon={PackageOpen} title="Nothing new nearby yet" description="Be the first to list something in your neighbourhood." />
      ) : (
        <ListingGrid>
          {latest.data.slice(0, latestListingsCount).map((listing) => (
            <li key={listing.id}>
              <ListingCard listing={listing} />
            </li>
          ))}
        </ListingGrid>
      )}
      <div className="mt-8 flex justify-center">
        <Link href="/listings" className={buttonVariants({ size: 'lg' })}>
          Show Me More!
          <ArrowRight aria-hidden="true" />
        </Link>
      </div>
    </section>
  );
}
