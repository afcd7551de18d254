// The browse page keeps its filters in the address (?search=&category=&location=&sort=&state=&postcode=),
// so a filtered page can be shared, reloaded and reached with Back (spec 2: ?state= and ?postcode=).
import {
  australianStates,
  listingCategoryValues,
  locationFilters,
  postcodePattern,
  sortOptions,
  type LocationFilter,
  type SortOption,
} from '../../../domain';
import type { BrowseFilters } from './api';

export const filterNames = ['search', 'category', 'location', 'sort', 'state', 'postcode'] as const;
export type FilterName = (typeof filterNames)[number];

const defaultSort: SortOption = 'newest';

function oneOf<T extends string>(values: readonly T[], value: string | null): T | '' {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : '';
}

/** Reads the filters from the address; anything unknown is ignored rather than sent on. */
export function readBrowseFilters(params: URLSearchParams): BrowseFilters {
  const postcode = params.get('postcode')?.trim() ?? '';
  return {
    search: params.get('search')?.trim() ?? '',
    category: oneOf(listingCategoryValues, params.get('category')),
    location: oneOf<LocationFilter>(locationFilters, params.get('location')),
    sort: oneOf(sortOptions, params.get('sort')) || defaultSort,
    state: oneOf(australianStates, params.get('state')?.toUpperCase() ?? null),
    postcode: postcodePattern.test(postcode) ? postcode : '',
  };
}

export function hasActiveFilters(filters: BrowseFilters): boolean {
  return Boolean(filters.search || filters.category || filters.location || filters.state || filters.postcode);
}

/** The address's query with one filter changed ('' removes it; the default sort is left out). */
export function withFilter(params: URLSearchParams, name: FilterName, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (!value || value === 'all' || (name === 'sort' && value === defaultSort)) next.delete(name);
  else next.set(name, value);
  return next;
}
