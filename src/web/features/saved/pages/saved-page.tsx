import { Heart, Search, Trash2 } from 'lucide-react';
import { Link } from 'wouter';
import {
  type ApiResponse,
  type CurrentUser,
  describeNewCount,
  describeSavedQuery,
  favouriteLimits,
  favouriteMessages,
  formatPrice,
  priceCents,
  savedSearchLimitFor,
  savedSearchMessages,
  savedSearchPath,
} from '../../../../domain';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/lib/use-toast';
import { markSavedSearchSeen, useDeleteSavedSearch, useSavedSearches } from '@/shared/saved-searches/saved-search-queries';
import { EmptyState } from '@/components/empty-state';
import { PageContainer } from '@/components/page-container';
import { buttonVariants } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ListingCard } from '@/shared/listing/listing-card';
import { ListingGrid, ListingGridSkeleton } from '@/shared/listing/listing-grid';
import { useFavourites } from '@/features/saved/api';

type SavedSearch = ApiResponse<'listSavedSearches'>[number];

function SavedSearchRow({ search }: { search: SavedSearch }) {
  const remove = useDeleteSavedSearch();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-4">
      <div className="min-w-0 flex-1">
        <Link
          href={savedSearchPath(search.query)}
          onClick={() => void markSavedSearchSeen(search.id).catch(() => undefined)}
          className="font-bold break-words text-ink-900 underline-offset-4 hover:text-brand-700 hover:underline"
        >
          {search.name}
        </Link>
        <p className="mt-0.5 text-sm break-words text-ink-700">{describeSavedQuery(search.query)}</p>
        <p className="mt-1 flex flex-wrap gap-x-3 text-sm">
          <span className={search.newCount > 0 ? 'font-semibold text-leaf-700' : 'text-ink-500'}>{describeNewCount(search.newCount)}</span>
          <span className="text-ink-500">{savedSearchMessages.frequencyLabels[search.frequency]}</span>
        </p>
      </div>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Delete saved search ${search.name}`}
        disabled={remove.isPending}
        onClick={() =>
          remove.mutate(search.id, {
            onSuccess: () => toast({ title: savedSearchMessages.deleted }),
            onError: (error) => toast({ title: 'Couldn’t delete the search', description: error.message, variant: 'destructive' }),
          })
        }
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </li>
  );
}

function SavedSearchesSection({ user }: { user: CurrentUser }) {
  const searches = useSavedSearches();
  const limit = savedSearchLimitFor(user.membershipTier);
  return (
    <section aria-labelledby="saved-searches-heading">
      <h2 id="saved-searches-heading" className="text-xl font-bold">
        Saved searches
      </h2>
      <p className="mt-1 text-sm text-ink-700">
        {searches.data && searches.data.length > 0 ? `${searches.data.length} of ${limit} on your plan.` : 'We’ll email you when something new matches.'}
      </p>
      <Card className="mt-4 px-5">
        {searches.isPending ? (
          <p role="status" className="py-4 text-sm text-ink-500">
            Loading your saved searches…
          </p>
        ) : searches.isError ? (
          <p role="alert" className="py-4 text-sm text-brand-700">
            We couldn't load your saved searches. Please refresh the page.
          </p>
        ) : searches.data.length === 0 ? (
          <div className="flex flex-wrap items-center gap-3 py-4 text-sm text-ink-700">
            <Search className="size-5 shrink-0 text-ink-500" aria-hidden="true" />
            <p className="min-w-0 flex-1">Search on Browse, then choose “Save this search” to hear about new listings.</p>
          </div>
        ) : (
          <ul aria-label="Saved searches" className="divide-y divide-sand-200">
            {searches.data.map((search) => (
              <SavedSearchRow key={search.id} search={search} />
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}

/** /saved: the member's saved searches, and the listings they keep (the newest saved first; sold ones stay 30 days, marked sold). */
export function SavedPage({ user }: { user: CurrentUser }) {
  useDocumentTitle('Saved');
  const favourites = useFavourites();
  const count = favourites.data?.length ?? 0;

  return (
    <PageContainer>
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Saved</h1>
      <p className="mt-2 text-ink-700">Searches you keep, and listings you come back to.</p>

      <div className="mt-8">
        <SavedSearchesSection user={user} />
      </div>

      <h2 className="mt-10 text-xl font-bold">Saved listings</h2>
      <p className="mt-1 text-sm text-ink-700">{count > 0 ? `${count} of ${favouriteLimits.perMember} saved.` : 'Tap the heart on a listing to keep it here.'}</p>
      <div className="mt-4">
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
              <li key={listing.id} className="flex flex-col gap-2">
                {listing.isActive && listing.priceWhenSaved && priceCents(listing.price) < priceCents(listing.priceWhenSaved) && (
                  <p className="self-start rounded-full bg-leaf-100 px-3 py-1 text-sm font-semibold text-leaf-700">{favouriteMessages.priceDropped(formatPrice(listing.priceWhenSaved))}</p>
                )}
                <div className="flex-1">
                  <ListingCard listing={listing} />
                </div>
              </li>
            ))}
          </ListingGrid>
        )}
      </div>
    </PageContainer>
  );
}
