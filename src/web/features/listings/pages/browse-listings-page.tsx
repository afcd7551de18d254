import { useState } from 'react';
import { useSearchParams } from 'wouter';
import type { CurrentUser } from '../../../../domain';
import { browsePageTitle } from '../../../../domain/page-head';
import { PageContainer } from '@/components/page-container';
import { usePageHead } from '@/lib/use-page-head';
import { type FilterName, browseCanonicalPath, filterNames, readBrowseFilters, withFilter } from '@/features/listings/browse-filters';
import { BrowseToolbar, FilterChips } from '@/features/listings/components/browse-toolbar';
import { ListingResults } from '@/features/listings/components/listing-results';
import { ItemsNearYouSection } from '@/features/listings/components/map/items-near-you-section';
import { SearchAreaNote } from '@/features/listings/components/search-area-note';
import { useDebouncedEffect } from '@/features/listings/hooks/use-debounced-callback';
import { SaveSearchButton } from '@/shared/saved-searches/save-search-button';

const searchDebounceMs = 400;

/** /listings (spec 2): search, filter and sort what neighbours have for sale. */
export function BrowseListingsPage({ user }: { user: CurrentUser }) {
  const [params, setParams] = useSearchParams();
  const filters = readBrowseFilters(params);
  usePageHead({ title: browsePageTitle(filters, user), canonicalPath: browseCanonicalPath(filters) });
  const [searchText, setSearchText] = useState(filters.search);

  const setFilter = (name: FilterName, value: string) => setParams((current) => withFilter(current, name, value.trim()), { replace: true });
  const applySearch = (text: string) => {
    if (text.trim() !== filters.search) setFilter('search', text);
  };
  useDebouncedEffect(searchText, searchDebounceMs, applySearch);

  const clearFilters = () => {
    setSearchText('');
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of filterNames) if (name !== 'sort') next.delete(name);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <PageContainer>
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">What's Available Near You</h1>
      <p className="mt-2 text-ink-700">Pre-loved treasures from verified neighbours, ready for local pickup.</p>
      <div className="mt-4">
        <SearchAreaNote user={user} />
      </div>
      <div className="mt-6 space-y-4">
        <BrowseToolbar
          filters={filters}
          searchText={searchText}
          onSearchTextChange={setSearchText}
          onSearchSubmit={() => applySearch(searchText)}
          onFilterChange={setFilter}
        />
        <div className="flex flex-wrap items-start justify-between gap-3">
          <FilterChips filters={filters} onRemove={(name) => setFilter(name, '')} />
          <SaveSearchButton filters={filters} className="ml-auto" />
        </div>
      </div>
      <div className="mt-8">
        <ItemsNearYouSection user={user} condition={filters.condition} />
      </div>
      <div className="mt-8">
        <ListingResults filters={filters} onClearFilters={clearFilters} />
      </div>
    </PageContainer>
  );
}
