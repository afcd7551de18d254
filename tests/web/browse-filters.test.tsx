// The browse page's filters live in the address (spec 2): what it reads from a shared or reloaded
// link, and the link each filter change makes.
import { describe, expect, it } from 'vitest';
import { browseCanonicalPath, hasActiveFilters, listingsRequestPath, readBrowseFilters, withFilter } from '../../src/web/features/listings/browse-filters';

const read = (query: string) => readBrowseFilters(new URLSearchParams(query));
const noFilters = { search: '', category: '', condition: '', location: '', sort: 'newest', state: '', postcode: '' };

describe('reading the filters from the address', () => {
  it('takes every known filter as written, trimming the search and postcode', () => {
    expect(read('search=%20record%20player%20&category=electronics&condition=like-new%2Cgood&location=melbourne&sort=price-low&state=VIC&postcode=%203068%20')).toEqual({
      search: 'record player',
      category: 'electronics',
      condition: 'like-new,good',
      location: 'melbourne',
      sort: 'price-low',
      state: 'VIC',
      postcode: '3068',
    });
  });

  it('starts from no filters and the newest first', () => {
    expect(read('')).toEqual(noFilters);
    expect(hasActiveFilters(read(''))).toBe(false);
  });

  it('ignores what it does not know rather than sending it on to the server', () => {
    expect(read('category=weapons&condition=mint&location=hobart&sort=cheapest&state=XYZ&postcode=30681')).toEqual(noFilters);
    expect(read('postcode=abcd').postcode).toBe('');
  });

  it('reads a state the map wrote in lower case as the state (spec 2: ?state=)', () => {
    expect(read('state=nsw').state).toBe('NSW');
  });

  it('reads any of the conditions, written with or without an escaped comma, in the list\'s order and each once', () => {
    expect(read('condition=good,like-new').condition).toBe('like-new,good');
    expect(read('condition=fair%2Cnew%2Cfair').condition).toBe('new,fair');
    expect(read('condition=for-parts').condition).toBe('for-parts');
    // One unknown condition and the filter is left out, as an unknown category is.
    expect(read('condition=good,mint').condition).toBe('');
  });

  it('counts a search, category, condition, location, state or postcode as a filter, but not the order', () => {
    for (const query of ['search=bike', 'category=home', 'condition=good', 'location=perth', 'state=WA', 'postcode=6000']) expect(hasActiveFilters(read(query)), query).toBe(true);
    expect(hasActiveFilters(read('sort=price-high'))).toBe(false);
  });
});

describe('changing one filter', () => {
  const current = new URLSearchParams('search=bike&category=sports&postcode=3068');

  it('sets that filter and keeps the others', () => {
    expect(withFilter(current, 'category', 'home').toString()).toBe('search=bike&category=home&postcode=3068');
    expect(withFilter(current, 'state', 'VIC').toString()).toBe('search=bike&category=sports&postcode=3068&state=VIC');
  });

  it('removes a filter set to nothing or to "all" (the chip\'s remove button and the All choice)', () => {
    expect(withFilter(current, 'postcode', '').toString()).toBe('search=bike&category=sports');
    expect(withFilter(current, 'category', 'all').toString()).toBe('search=bike&postcode=3068');
  });

  it('leaves the default order out of the address, and writes any other', () => {
    const sorted = withFilter(current, 'sort', 'price-high');
    expect(sorted.get('sort')).toBe('price-high');
    expect(withFilter(sorted, 'sort', 'newest').has('sort')).toBe(false);
  });

  it('writes the conditions as one parameter, and removes it when none is chosen', () => {
    const filtered = withFilter(current, 'condition', 'like-new,good');
    expect(filtered.get('condition')).toBe('like-new,good');
    expect(read(filtered.toString()).condition).toBe('like-new,good');
    expect(withFilter(filtered, 'condition', '').has('condition')).toBe(false);
  });

  it('makes a new query and leaves the current one as it was', () => {
    withFilter(current, 'search', 'lamp');
    expect(current.get('search')).toBe('bike');
  });
});

describe('the request and the address the filters make', () => {
  it('asks GET /api/listings for the chosen conditions as one comma list, and leaves it out when none is', () => {
    const path = new URL(listingsRequestPath(read('condition=good,like-new&category=home'), null), 'http://localhost');
    expect(path.searchParams.get('condition')).toBe('like-new,good');
    expect(new URL(listingsRequestPath(read('category=home'), null), 'http://localhost').searchParams.has('condition')).toBe(false);
  });

  it('names the conditions in the canonical address, after the category', () => {
    expect(browseCanonicalPath(read('location=perth&condition=good,new&category=home'))).toBe('/listings?category=home&condition=new%2Cgood&location=perth');
  });
});
