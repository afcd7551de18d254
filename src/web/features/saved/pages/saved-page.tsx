import { Heart } from 'lucide-react';
import { Link } from 'wouter';
import { favouriteLimits, favouriteMessages } from '../../../../domain';
import { EmptyState } from '@/components/empty-state';
import { PageContainer } from '@/components/page-container';
import { buttonVariants } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ListingCard } from '@/shared/listing/listing-card';
import { ListingGrid, ListingGridSkeleton } from '@/shared/listing/listing-grid';
import { useFavourites } from '@/features/saved/api';

/** /saved: the listings the member keeps, the newest saved first; sold ones stay 30 days, marked sold. */
export function SavedPage() {
  useDocumentTitle('Saved');
  const favourites = useFavourites();
  const count = favourites.data?.length ?? 0;

  return (
    <PageContainer>
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Saved</h1>
      <p className="mt-2 text-ink-700">
        Listings you keep to come back to.
        {count > 0 && ` ${count} of ${favouriteLimits.perMember} saved.`}
      </p>

      <div className="mt-8">
        {favourites.isPending ? (
          <ListingGridSkeleton count={4} />
        ) : favourites.isError ? (
          <p role="alert" className="text-brand-700">
            We couldn't load your saved listings. Please refresh the page.
          </p>
        ) : count === 0 ? (
          <EmptyState icon={Heart} title={favouriteMessages.emptyTitle} description={favouriteMessages.emptyBody}>
            <Link href="/listings" className={buttonVariants()}>
              Browse listings
            </Link>
          </EmptyState>
        ) : (
          <ListingGrid label="Saved listings">
            {favourites.data.map((listing) => (
              <li key={listing.id}>
                <ListingCard listing={listing} />
              </li>
            ))}
          </ListingGrid>
        )}
      </div>
    </PageContainer>
  );
}
