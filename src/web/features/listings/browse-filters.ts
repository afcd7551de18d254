// The browse page keeps its filters in the address (?search=&category=&condition=&location=&sort=&state=&postcode=),
// so a filtered page can be shared, reloaded and reached with Back (spec 2: ?state= and ?postcode=).
// The same filters name its GET /api/listings request and its query key (the server render asks it too).
import {
  type ApiResponse,
  australianStates,
  endpointPath,
  listingCategoryValues,
  locationFilters,
  nextCursorHeader,
  parseConditionFilter,
  postcodePattern,
  sortOptions,
  type LocationFilter,
  type SortOption,
} from '../../../domain';
import { listingQueryKeys } from '@/shared/listing/listing-cache';

export const filterNames = ['search', 'category', 'condition', 'location', 'sort', 'state', 'postcode'] as const;
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
    // Any of these conditions ("like-new,good"), in the list's order, so equal filters share an address.
    condition: parseConditionFilter(params.get('condition') ?? '')?.join(',') ?? '',
    location: oneOf<LocationFilter>(locationFilters, params.get('location')),
    sort: oneOf(sortOptions, params.get('sort')) || defaultSort,
    state: oneOf(australianStates, params.get('state')?.toUpperCase() ?? null),
    postcode: postcodePattern.test(postcode) ? postcode : '',
  };
}

export function hasActiveFilters(filters: BrowseFilters): boolean {
  return Boolean(filters.search || filters.category || filters.condition || filters.location || filters.state || filters.postcode);
}

/** The address's query with one filter changed ('' removes it; the default sort is left out). */
export function withFilter(params: URLSearchParams, name: FilterName, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (!value || value === 'all' || (name === 'sort' && value === defaultSort)) next.delete(name);
  else next.set(name, value);
  return next;
}

export type BrowseFilters = {
  search: string;
  category: string;
  /** Conditions joined by commas ("like-new,good"); '' for any. */
  condition: string;
  location: LocationFilter | '';
  sort: SortOption;
  state: string;
  postcode: string;
};

/** One keyset page of browse: the answer of GET /api/listings, and the next page's cursor (null on the last). */
export type ListingsPage = { items: ApiResponse<'browseListings'>; nextCursor: string | null };

/** The page from an answer: the next page's cursor comes in a response header. */
export function toListingsPage(items: ApiResponse<'browseListings'>, header: (name: string) => string | null | undefined): ListingsPage {
  return { items, nextCursor: header(nextCursorHeader) ?? null };
}

/** The query of one page of GET /api/listings for these filters (spec 7: a filter is left out when it is 'all' or empty). */
export function listingsRequestQuery(filters: BrowseFilters, cursor: string | null): Record<string, string | null> {
  const query: Record<string, string | null> = {};
  for (const [name, value] of Object.entries(filters)) query[name] = value === 'all' ? null : value;
  return { ...query, cursor };
}

/** The address of one page of GET /api/listings for these filters (the server render asks it). */
export function listingsRequestPath(filters: BrowseFilters, cursor: string | null): string {
  return endpointPath('browseListings', undefined, listingsRequestQuery(filters, cursor));
}

/**
 * Browse's one address for these filters: each filter chosen, in filterNames' order, the default
 * sort and any paging left out, so the same results are never listed under two addresses.
 */
export function browseCanonicalPath(filters: BrowseFilters): string {
  const query = new URLSearchParams();
  for (const name of filterNames) {
    const value = filters[name];
    if (value && !(name === 'sort' && value === defaultSort)) query.set(name, value);
  }
  const search = query.toString();
  return search ? `/listings?${search}` : '/listings';
}

export function browseQueryKey(filters: BrowseFilters) {
  return [...listingQueryKeys.listings, 'browse', filters] as const;
}
