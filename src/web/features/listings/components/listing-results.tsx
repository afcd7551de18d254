import { PackageOpen, PackagePlus, SearchX } from 'lucide-react';
import { startTransition, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { EmptyState } from '@/components/empty-state';
import { ListingCard } from '@/shared/listing/listing-card';
import { ListingGrid, ListingGridSkeleton } from '@/shared/listing/listing-grid';
import { Button, buttonVariants } from '@/components/ui/button';
import { useHydrated } from '@/lib/use-hydrated';
import { useBrowseListings } from '@/features/listings/api';
import type { BrowseFilters } from '@/features/listings/browse-filters';
import { hasActiveFilters } from '@/features/listings/browse-filters';

const placeholderCount = 8;
/**
 * Cards in the page the server sends (two rows on the widest screens, more than a phone shows): the
 * rest of the first page joins once the app runs, so neither the server's render nor the browser's
 * hydration of it works through cards nobody can see yet.
 */
const serverRenderedCount = 8;

/** The browse grid: pages of listings, more loaded as the member nears the end (spec 2). */
export function ListingResults({ filters, onClearFilters }: { filters: BrowseFilters; onClearFilters: () => void }) {
  const query = useBrowseListings(filters);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const sentinel = useRef<HTMLDivElement>(null);
  // Hydrating the server's page: its cards first, the rest in a transition (in slices, not one long task).
  const hydrated = useHydrated();
  const [allRevealed, setAllRevealed] = useState(hydrated);
  useEffect(() => {
    if (!allRevealed) startTransition(() => setAllRevealed(true));
  }, [allRevealed]);

  // Infinite scroll; the Load more button below does the same for anyone it does not suit.
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isPending) return <ListingGridSkeleton count={placeholderCount} />;

  if (query.isError) {
    return (
      <div role="alert" className="rounded-[var(--radius-card)] border border-brand-200 bg-brand-50 px-6 py-8 text-center">
        <p className="text-lg font-bold text-brand-800">Failed to fetch listings</p>
        <p className="mt-1 text-ink-700">{query.error.message}</p>
        <Button variant="secondary" className="mt-4" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const listings = query.data.pages.flatMap((page) => page.items);
  const shown = allRevealed ? listings : listings.slice(0, serverRenderedCount);
  if (listings.length === 0) {
    return hasActiveFilters(filters) ? (
      <EmptyState icon={SearchX} title="No listings match your search" description="Try other words, or look in every category and location.">
        <Button variant="secondary" onClick={onClearFilters}>
          Clear filters
        </Button>
      </EmptyState>
    ) : (
      <EmptyState icon={PackageOpen} title="Nothing for sale nearby yet" description="Be the first neighbour to list something.">
        <Link href="/create-listing" className={buttonVariants()}>
          <PackagePlus aria-hidden="true" />
          List Something
        </Link>
      </EmptyState>
    );
  }

  return (
    <div>
      <h2 className="sr-only">Listings</h2>
      <p className="sr-only" aria-live="polite">
        {listings.length} {listings.length === 1 ? 'listing' : 'listings'} shown
      </p>
      <ListingGrid label="Listings">
        {shown.map((listing) => (
          <li key={listing.id}>
            <ListingCard listing={listing} />
          </li>
        ))}
      </ListingGrid>
      <div ref={sentinel} aria-hidden="true" />
      {hasNextPage && (
        <div className="mt-8 flex justify-center">
          <Button variant="secondary" size="lg" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      )}
      {query.isFetchNextPageError && (
        <p role="alert" className="mt-4 text-center text-brand-700">
          Failed to fetch listings
        </p>
      )}
    </div>
  );
}
