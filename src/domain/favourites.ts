// Favourites: listings a member keeps to come back to (/saved). No zod here: the card's heart
// imports these words and numbers on every page.

export const favouriteLimits = {
  /** Listings one member may keep. */
  perMember: 100,
  /** A sold favourite stays on /saved, marked sold, this many days after the sale. */
  soldKeptDays: 30,
  /**
   * A member hears about one saved listing by mail at most this often (decision 26): a seller
   * nudging the price or flipping sold and for sale cannot mail them at will. A drop is news only
   * below the lowest price they were told (or saved it at); a sale is told once; relisting, never.
   */
  newsEveryHours: 24,
} as const;

export const favouriteMessages = {
  limitReached: `You can save up to ${favouriteLimits.perMember} listings. Remove one on your Saved page to save another.`,
  ownListing: 'This is your own listing: there is no need to save it.',
  sold: 'This item has already sold, so it can’t be saved.',
  signInToSave: 'Sign in to save listings you like and find them again on your Saved page.',
  save: 'Save',
  unsave: 'Saved',
  saveLabel: (title: string) => `Save ${title}`,
  unsaveLabel: (title: string) => `Remove ${title} from Saved`,
  couldNotSave: 'Couldn’t update your Saved listings. Please try again.',
  soldBadge: 'Sold',
  priceDropped: (was: string) => `Price dropped from ${was}`,
  emptyTitle: 'Nothing saved yet',
  emptyBody: 'Tap the heart on any listing to keep it here. Sold items stay for 30 days, marked as sold.',
} as const;

/** The mails about a saved listing's news (one per change, to everyone who saved it). */
export const favouriteMail = {
  priceDropSubject: (title: string, price: string) => `Price drop: ${title} is now ${price}`,
  priceDropText: (firstName: string | null, title: string, was: string, now: string, url: string) =>
    `Hi ${firstName ?? 'there'},\n\n“${title}”, which you saved, dropped from ${was} to ${now}.\n\n${url}\n\nYou get this because the listing is on your Saved page. Remove it there to stop hearing about it.`,
  soldSubject: (title: string) => `Sold: ${title}`,
  soldText: (firstName: string | null, title: string, savedUrl: string) =>
    `Hi ${firstName ?? 'there'},\n\n“${title}”, which you saved, has sold. It stays on your Saved page for 30 days, marked as sold.\n\n${savedUrl}`,
  /** Held for a buyer (decision 46): told once, since it may still come back. */
  reservedSubject: (title: string) => `On hold: ${title}`,
  reservedText: (firstName: string | null, title: string, listingUrl: string) =>
    `Hi ${firstName ?? 'there'},\n\n“${title}”, which you saved, is now on hold for another buyer. If the sale falls through it will be back for sale, and you can still message the seller.\n\n${listingUrl}`,
} as const;
