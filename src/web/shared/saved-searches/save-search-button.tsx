import { BellPlus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'wouter';
import { type SavedQuery, type SavedSearchFrequency, describeSavedQuery, savedSearchFrequencies, savedSearchLimits, savedSearchMessages } from '../../../domain';
import { ModalDialog } from '@/components/modal-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/lib/use-toast';
import { useCreateSavedSearch } from './saved-search-queries';

/** The browse's filters as a saved search keeps them (empty ones left out). */
function savedQueryOf(filters: SavedQuery): SavedQuery {
  return Object.fromEntries(Object.entries(filters).filter(([name, value]) => value && !(name === 'sort' && value === 'newest')));
}

/** "Save this search" on /listings: keeps the filters with a name, and how often to hear of new listings. */
export function SaveSearchButton({ filters, className }: { filters: SavedQuery; className?: string }) {
  const [open, setOpen] = useState(false);
  const query = savedQueryOf(filters);
  return (
    <>
      <Button variant="secondary" className={className} onClick={() => setOpen(true)}>
        <BellPlus aria-hidden="true" />
        Save this search
      </Button>
      <ModalDialog open={open} onClose={() => setOpen(false)} title="Save this search" description={<p className="break-words">{describeSavedQuery(query)}</p>}>
        <SaveSearchForm query={query} onDone={() => setOpen(false)} />
      </ModalDialog>
    </>
  );
}

function SaveSearchForm({ query, onDone }: { query: SavedQuery; onDone: () => void }) {
  const create = useCreateSavedSearch();
  const nameId = useId();
  const [name, setName] = useState(() => describeSavedQuery(query).replaceAll('“', '').replaceAll('”', '').slice(0, savedSearchLimits.nameMax));
  const [frequency, setFrequency] = useState<SavedSearchFrequency>('instant');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(savedSearchMessages.nameRequired);
      return;
    }
    create.mutate(
      { name: name.trim(), query, frequency },
      {
        onSuccess: () => {
          onDone();
          toast({
            title: savedSearchMessages.saved,
            description: (
              <>
                {savedSearchMessages.savedDescription}{' '}
                <Link href="/saved" className="font-semibold underline underline-offset-2">
                  Open Saved
                </Link>
              </>
            ),
          });
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="space-y-1.5">
        <Label htmlFor={nameId}>Name</Label>
        <Input
          id={nameId}
          value={name}
          maxLength={savedSearchLimits.nameMax}
          onChange={(event) => setName(event.target.value)}
          aria-invalid={error !== null}
          aria-describedby={error ? `${nameId}-error` : undefined}
          data-autofocus
        />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">New listings</legend>
        {savedSearchFrequencies.map((option) => (
          <label key={option} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-sand-200 px-4 text-sm has-checked:border-brand-400 has-checked:bg-brand-50">
            <input type="radio" name="frequency" value={option} checked={frequency === option} onChange={() => setFrequency(option)} className="size-4 accent-brand-600" />
            {savedSearchMessages.frequencyLabels[option]}
          </label>
        ))}
      </fieldset>
      {error && (
        <p id={`${nameId}-error`} role="alert" className="text-sm font-medium text-brand-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Saving…' : 'Save search'}
        </Button>
      </div>
    </form>
  );
}
