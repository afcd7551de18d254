import { Link } from 'wouter';
import { type ApiResponse, savedSearchMessages } from '../../../../domain';
import { toast } from '@/lib/use-toast';
import { useSavedSearches, useUpdateSavedSearch } from '@/shared/saved-searches/saved-search-queries';
import { SettingSwitch } from './setting-switch';

type SavedSearch = ApiResponse<'listSavedSearches'>[number];

function SavedSearchMailSwitch({ search }: { search: SavedSearch }) {
  const update = useUpdateSavedSearch();
  const checked = update.isPending ? (update.variables?.body.mailEnabled ?? search.mailEnabled) : search.mailEnabled;
  return (
    <SettingSwitch
      as="li"
      className="py-3"
      label={search.name}
      description={search.mailEnabled ? savedSearchMessages.frequencyLabels[search.frequency] : 'No emails'}
      checked={checked}
      disabled={update.isPending}
      onCheckedChange={(next) =>
        update.mutate({ id: search.id, body: { mailEnabled: next } }, { onError: (error) => toast({ title: 'Couldn’t change the emails', description: error.message, variant: 'destructive' }) })
      }
    />
  );
}

/** The mail each saved search sends: on or off, one switch each (the searches themselves live on /saved). */
export function SavedSearchMailSettings() {
  const searches = useSavedSearches();
  return (
    <div className="mt-5 border-t border-sand-200 pt-4">
      <p className="font-semibold">Saved search emails</p>
      {searches.isPending && <p className="mt-1 text-sm text-ink-500">Loading your saved searches…</p>}
      {searches.isError && <p className="mt-1 text-sm text-brand-700">We couldn't load your saved searches. Please refresh the page.</p>}
      {searches.data?.length === 0 && (
        <p className="mt-1 text-sm text-ink-700">
          None yet: save a search on{' '}
          <Link href="/listings" className="font-semibold text-brand-700 underline underline-offset-2">
            Browse
          </Link>{' '}
          to hear about new listings.
        </p>
      )}
      {searches.data && searches.data.length > 0 && (
        <ul aria-label="Saved search emails" className="divide-y divide-sand-200">
          {searches.data.map((search) => (
            <SavedSearchMailSwitch key={search.id} search={search} />
          ))}
        </ul>
      )}
    </div>
  );
}
