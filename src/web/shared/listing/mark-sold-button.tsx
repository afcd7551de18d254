// "Mark as sold" on the owner's listing page and dashboard cards (spec 4: active to sold). When
// neighbours have messaged about the listing, the seller first says which of them bought it (or
// someone else did): the buyer's conversation then says it was sold to them (decision 15).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useId, useState } from 'react';
import type { ApiResponse, ConversationSummary, ListingView } from '../../../domain';
import { callApi } from '@/lib/api-client';
import { handleUnauthorizedError } from '@/lib/unauthorized';
import { toast } from '@/lib/use-toast';
import { conversationQueryKeys, listBuyersOf, refreshListingConversations } from '@/shared/messages/conversation-queries';
import { listingQueryKeys, refreshListingData } from './listing-cache';
import { ModalDialog } from '@/components/modal-dialog';
import { Button, type ButtonProps } from '@/components/ui/button';
import { cn } from '@/lib/cn';

export type ListingStatusChange = { id: string; isActive: boolean; soldToConversationId?: string };

/** Mark sold (isActive false, to one of the buyers who messaged, or not) or list again (true). */
export const setListingStatus = ({ id, isActive, soldToConversationId }: ListingStatusChange) =>
  callApi('setListingStatus', { params: { id }, body: soldToConversationId ? { isActive, soldToConversationId } : { isActive } });

/**
 * The saved listing goes straight into the cache; every list of listings, and the conversations about
 * it, ask again. `onSaved` runs even when the button is gone by then (a card that left the Active tab).
 */
export function useSetListingStatus({ onSaved }: { onSaved?: (listing: ListingView) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setListingStatus,
    onSuccess: async (listing) => {
      onSaved?.(listing);
      await refreshListingData(queryClient);
      queryClient.setQueryData(listingQueryKeys.listing(listing.id), listing);
      // Headers and the inbox: "Sold", "You sold this item to this buyer".
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === conversationQueryKeys.inbox[0] && query.queryKey.length <= 2 });
      void refreshListingConversations(queryClient);
    },
  });
}

export const soldToast = { title: 'Marked as sold', description: 'Nice one! It no longer shows in browse and sits under Sold on your dashboard.' };

function showFailure(error: Error): void {
  if (handleUnauthorizedError(error)) return;
  toast({ title: 'Error', description: error.message || 'Failed to update listing', variant: 'destructive' });
}

/** No one in particular: sold elsewhere, or to someone who never messaged. */
const someoneElse = 'someone-else';

type MarkSoldButtonProps = { listing: Pick<ListingView, 'id' | 'title' | 'isActive'> } & Pick<ButtonProps, 'variant' | 'className'>;

export function MarkSoldButton({ listing, variant = 'leaf', className }: MarkSoldButtonProps) {
  const queryClient = useQueryClient();
  const setStatus = useSetListingStatus({ onSaved: () => toast(soldToast) });
  const [buyers, setBuyers] = useState<ConversationSummary[] | null>(null);
  const [checking, setChecking] = useState(false);

  const markSold = (soldToConversationId?: string) =>
    setStatus.mutate({ id: listing.id, isActive: false, soldToConversationId }, { onSuccess: () => setBuyers(null), onError: showFailure });

  const start = async () => {
    setChecking(true);
    try {
      // The seller's conversations about this listing, asked afresh (a buyer may have written since).
      const conversations = await queryClient.fetchQuery<ApiResponse<'listListingConversations'>>({ queryKey: conversationQueryKeys.listing(listing.id), staleTime: 0 });
      const interested = listBuyersOf(conversations, listing.id);
      if (interested.length === 0) markSold();
      else setBuyers(interested);
    } catch {
      // Without the list the seller can still mark it sold, to no one in particular.
      markSold();
    } finally {
      setChecking(false);
    }
  };

  if (!listing.isActive) return null;
  return (
    <>
      <Button
        variant={variant}
        className={className}
        disabled={checking || setStatus.isPending}
        aria-label={`Mark as sold: ${listing.title}`}
        onClick={(event) => {
          // On a card: never opens the listing it sits on.
          event.preventDefault();
          event.stopPropagation();
          void start();
        }}
      >
        <CircleCheck aria-hidden="true" />
        {setStatus.isPending ? 'Saving…' : 'Mark as sold'}
      </Button>
      <ModalDialog
        open={buyers !== null}
        onClose={() => setBuyers(null)}
        title="Who bought it?"
        description={
          <p className="break-words">
            Mark “{listing.title}” as sold. If it went to someone who messaged you, we'll let them know it's theirs.
          </p>
        }
      >
        {buyers && <ChooseBuyerForm buyers={buyers} isSaving={setStatus.isPending} onCancel={() => setBuyers(null)} onChoose={markSold} />}
      </ModalDialog>
    </>
  );
}

type ChooseBuyerFormProps = {
  buyers: ConversationSummary[];
  isSaving: boolean;
  onCancel: () => void;
  onChoose: (soldToConversationId?: string) => void;
};

function ChooseBuyerForm({ buyers, isSaving, onCancel, onChoose }: ChooseBuyerFormProps) {
  const [choice, setChoice] = useState<string>(buyers[0]?.id ?? someoneElse);
  const name = useId();
  const options = [
    ...buyers.map((buyer) => ({ value: buyer.id, label: buyer.otherMember.firstName?.trim() || 'Neighbour', detail: buyer.lastMessage?.body ?? null })),
    { value: someoneElse, label: 'Someone else', detail: 'Sold outside Neighbourly' },
  ];
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onChoose(choice === someoneElse ? undefined : choice);
      }}
    >
      {/* min-w-0: a fieldset is otherwise as wide as its longest line, which the truncated previews would make it. */}
      <fieldset className="min-w-0">
        <legend className="sr-only">The buyer</legend>
        <div className="max-h-72 space-y-2 overflow-y-auto">
          {options.map((option) => (
            <label
              key={option.value}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-xl border px-3 py-2.5 transition-colors',
                choice === option.value ? 'border-brand-400 bg-brand-50' : 'border-sand-200 hover:bg-sand-50',
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={choice === option.value}
                onChange={() => setChoice(option.value)}
                className="mt-1 size-4 accent-brand-600"
              />
              <span className="min-w-0">
                <span className="block font-semibold">{option.label}</span>
                {option.detail && <span className="block truncate text-sm text-ink-500">{option.detail}</span>}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="leaf" disabled={isSaving}>
          <CircleCheck aria-hidden="true" />
          {isSaving ? 'Saving…' : 'Mark as sold'}
        </Button>
      </div>
    </form>
  );
}
