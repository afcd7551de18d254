import { useQueryClient } from '@tanstack/react-query';
import { Heart } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { type CurrentUser, type ListingView, favouriteMessages } from '../../../domain';
import { callApi } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { signInPath } from '@/lib/return-path';
import { toast } from '@/lib/use-toast';
import { setFavouriteInCache } from './listing-cache';

const iconButtonBase = 'inline-flex items-center justify-center transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 [&_svg]:size-5';

/** The buttons with a word beside a listing's price (Save, Share): one look for both. */
export const pageActionButtonClass = cn(
  iconButtonBase,
  'min-h-11 gap-2 rounded-full border border-sand-200 bg-white px-4 text-sm font-semibold shadow-sm hover:border-brand-300 hover:bg-brand-50',
);

type FavouriteButtonProps = {
  listing: Pick<ListingView, 'id' | 'title' | 'sellerId' | 'isFavourite'>;
  /** Who is looking (null: signed out), from the page or card that shows the heart. */
  viewer: CurrentUser | null;
  /** On a card's photo: a round icon button; on the listing page: a button with its word. */
  variant?: 'card' | 'page';
  className?: string;
};

/**
 * The heart: keeps the listing on the member's Saved page, or takes it off. Signed out, it goes to
 * sign in and comes back. The heart fills at once; if the server refuses, it empties again and says why.
 */
export function FavouriteButton({ listing, viewer: user, variant = 'card', className }: FavouriteButtonProps) {
  const queryClient = useQueryClient();
  const [location, navigate] = useLocation();
  const [pending, setPending] = useState<boolean | null>(null);
  const saved = pending ?? listing.isFavourite;
  if (user?.id === listing.sellerId) return null;

  const toggle = async () => {
    if (!user) {
      navigate(signInPath(`${location}${window.location.search}`));
      return;
    }
    const next = !saved;
    setPending(next);
    try {
      await callApi(next ? 'saveFavourite' : 'removeFavourite', { params: { listingId: listing.id } });
      await setFavouriteInCache(queryClient, listing.id, next);
    } catch (error) {
      toast({ title: favouriteMessages.couldNotSave, description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
    } finally {
      setPending(null);
    }
  };

  const label = saved ? favouriteMessages.unsaveLabel(listing.title) : favouriteMessages.saveLabel(listing.title);
  return (
    <button
      type="button"
      onClick={() => void toggle()}
      aria-pressed={saved}
      aria-label={label}
      title={variant === 'card' ? label : undefined}
      className={cn(variant === 'card' ? cn(iconButtonBase, 'size-11 rounded-full bg-white/95 shadow-md hover:scale-105') : pageActionButtonClass, className)}
    >
      <Heart aria-hidden="true" className={cn('transition-colors', saved ? 'fill-brand-600 text-brand-600' : 'text-ink-700')} />
      {variant === 'page' && (saved ? favouriteMessages.unsave : favouriteMessages.save)}
    </button>
  );
}
