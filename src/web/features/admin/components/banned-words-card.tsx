import { Ban, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { adminMessages, fieldLimits } from '../../../../domain';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/lib/use-toast';
import { useBanWord, useBannedWords, useRemoveBannedWord } from '@/features/admin/api';
import { AdminSection } from './admin-section';
import { QueryProblem } from './query-problem';

function BannedWordList() {
  const words = useBannedWords();
  const remove = useRemoveBannedWord();
  if (words.isPending) return <p className="text-sm text-ink-500">Loading banned words…</p>;
  if (words.isError) return <QueryProblem what="the banned words" error={words.error} onRetry={() => words.refetch()} />;
  if (words.data.length === 0) return <p className="text-sm text-ink-500">No banned words yet.</p>;
  return (
    <>
      <p className="mb-2 text-sm font-semibold text-ink-700">
        {words.data.length} banned {words.data.length === 1 ? 'word' : 'words'}
      </p>
      {/* spec 2: the list scrolls at a small height; tabIndex lets keyboard users scroll it. */}
      <ul
        aria-label="Banned words"
        tabIndex={0}
        className="max-h-48 divide-y divide-sand-200 overflow-y-auto rounded-xl border border-sand-200 bg-sand-50"
      >
        {words.data.map((entry) => (
          <li key={entry.id} className="flex items-center justify-between gap-2 py-1 pr-1 pl-4">
            <span className="min-w-0 font-medium break-words">{entry.word}</span>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove ${entry.word}`}
              title={`Remove ${entry.word}`}
              disabled={remove.isPending && remove.variables === entry.id}
              onClick={() => remove.mutate(entry.id)}
            >
              <X aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}

/** spec 6: words banned here are refused in listing titles and descriptions at once. */
export function BannedWordsCard() {
  const ban = useBanWord();
  const [word, setWord] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = word.trim();
    if (!trimmed) {
      toast({ title: adminMessages.missingWordTitle, description: adminMessages.missingWord, variant: 'destructive' });
      return;
    }
    ban.mutate(trimmed, { onSuccess: () => setWord('') });
  };

  return (
    <AdminSection icon={Ban} title="Content Filtering" description="Listings whose title or description uses a banned word are refused.">
      <form onSubmit={submit} noValidate className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <FormField label="Word to ban">
            <Input autoComplete="off" maxLength={fieldLimits.bannedWordMax} value={word} onChange={(event) => setWord(event.target.value)} />
          </FormField>
        </div>
        <Button type="submit" disabled={ban.isPending}>
          {ban.isPending ? 'Adding…' : 'Ban Word'}
        </Button>
      </form>
      <BannedWordList />
    </AdminSection>
  );
}
