import { Search, X } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { cityAreas, listingCategories, locationFilters, sortLabels, sortOptions } from '../../../../domain';
import { FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import type { BrowseFilters } from '@/features/listings/browse-filters';
import type { FilterName } from '@/features/listings/browse-filters';
import { ConditionFilter } from './condition-filter';

type BrowseToolbarProps = {
  filters: BrowseFilters;
  searchText: string;
  onSearchTextChange: (text: string) => void;
  onSearchSubmit: () => void;
  onFilterChange: (name: FilterName, value: string) => void;
};

/** Search box, category, condition, location and sort (spec 2). */
export function BrowseToolbar({ filters, searchText, onSearchTextChange, onSearchSubmit, onFilterChange }: BrowseToolbarProps) {
  const searchId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearchSubmit();
  };
  // The four choices sit beside the search only from 1280 px: narrower, their words ("All categories") are cut short.
  return (
    <div className="grid gap-4 rounded-[var(--radius-card)] border border-sand-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-5 lg:grid-cols-4 xl:grid-cols-[minmax(0,1.5fr)_repeat(4,minmax(0,1fr))]">
      <form role="search" onSubmit={submit} className="sm:col-span-2 lg:col-span-4 xl:col-span-1">
        <Label htmlFor={searchId} className="mb-1.5">
          Search
        </Label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-ink-500" aria-hidden="true" />
          <Input
            id={searchId}
            type="search"
            enterKeyHint="search"
            placeholder="Bikes, books, a couch…"
            value={searchText}
            onChange={(event) => onSearchTextChange(event.target.value)}
            className="pl-11"
          />
        </div>
      </form>
      <FormField label="Category">
        <Select value={filters.category || 'all'} onChange={(event) => onFilterChange('category', event.target.value)}>
          <option value="all">All categories</option>
          {listingCategories.map((category) => (
            <option key={category.value} value={category.value}>
              {category.label}
            </option>
          ))}
        </Select>
      </FormField>
      <ConditionFilter value={filters.condition} onChange={(value) => onFilterChange('condition', value)} />
      <FormField label="Location">
        <Select value={filters.location || 'all'} onChange={(event) => onFilterChange('location', event.target.value)}>
          <option value="all">All locations</option>
          {locationFilters.map((location) => (
            <option key={location} value={location}>
              {cityAreas[location].label}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Sort by">
        <Select value={filters.sort} onChange={(event) => onFilterChange('sort', event.target.value)}>
          {sortOptions.map((sort) => (
            <option key={sort} value={sort}>
              {sortLabels[sort]}
            </option>
          ))}
        </Select>
      </FormField>
    </div>
  );
}

/** The ?state= and ?postcode= pre-filters (spec 2), each removable. */
export function FilterChips({ filters, onRemove }: { filters: BrowseFilters; onRemove: (name: 'state' | 'postcode') => void }) {
  const chips = [
    filters.state ? { name: 'state' as const, label: `State: ${filters.state}` } : null,
    filters.postcode ? { name: 'postcode' as const, label: `Postcode: ${filters.postcode}` } : null,
  ].filter((chip) => chip !== null);
  if (chips.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Active area filters">
      {chips.map((chip) => (
        <li key={chip.name}>
          <button
            type="button"
            onClick={() => onRemove(chip.name)}
            aria-label={`Remove filter ${chip.label}`}
            className="inline-flex min-h-11 items-center gap-2 rounded-full border border-brand-200 bg-brand-50 px-4 text-sm font-semibold text-brand-700 hover:bg-brand-100"
          >
            {chip.label}
            <X className="size-4" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}
