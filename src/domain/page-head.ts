// How a page names itself to browsers, search engines and the link previews of chat apps: its tab
// title, its description and the picture a shared link shows. The web app's pages and the server
// both read these, so a listing is called the same everywhere it is shown.
import { categoryLabel, cityAreas, conditionsInWords, formatPrice, type LocationFilter } from './listing';
import { productName, productTagline } from './product';

/** Search engines show about this much of a description; longer ones are cut at a word. */
export const descriptionMaxLength = 160;

/** Link previews (Open Graph, X/Twitter large cards) show a 1.91:1 picture; this is the size they ask for. */
export const shareImageSize = { width: 1200, height: 630 } as const;

/** The picture a link shows when its page has no photo of its own (the landing page, a listing without photos). */
export const defaultShareImage = { path: '/images/share-default.png', alt: `${productName}: the ${productTagline}` } as const;

/** What every page says about itself when it says nothing more specific. */
export const defaultDescription = `${productName}: the ${productTagline}. Buy and sell second-hand items with verified neighbours for local pickup.`;

/** "Teak outdoor setting | Neighbourly"; the product name alone for a page without a title of its own. */
export function documentTitle(pageTitle?: string): string {
  return pageTitle ? `${pageTitle} | ${productName}` : productName;
}

type ListingNaming = { title: string; price: string; suburb: string | null; state: string | null };

/** "Fitzroy VIC", or null for a listing without a known place. */
export function placeName(place: { suburb: string | null; state: string | null }): string | null {
  return [place.suburb, place.state].filter(Boolean).join(' ') || null;
}

/** A listing's page title: "Teak outdoor setting - $340 in Fitzroy VIC". */
export function listingPageTitle(listing: ListingNaming): string {
  const place = placeName(listing);
  return `${listing.title} - ${formatPrice(listing.price)}${place ? ` in ${place}` : ''}`;
}

/** Text squeezed to one line and cut at a word to at most `maxLength` characters, with an ellipsis when cut. */
export function summarise(text: string, maxLength = descriptionMaxLength): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= maxLength) return line;
  const cut = line.slice(0, maxLength - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > maxLength / 2 ? cut.slice(0, atWord) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** A listing's description for search results and previews: "$340, pickup in Fitzroy VIC. Solid teak…". */
export function describeListing(listing: ListingNaming & { description: string; isSold: boolean }): string {
  const place = placeName(listing);
  const lead = `${listing.isSold ? 'Sold' : formatPrice(listing.price)}${place ? `, pickup in ${place}` : ''}. `;
  return lead + summarise(listing.description, descriptionMaxLength - lead.length);
}

/** A seller's page description: "Second-hand items for sale by Mia T. in Fitzroy VIC on Neighbourly: 4 listings." */
export function describeSeller(seller: { name: string; suburb: string | null; state: string | null; activeListingCount: number }): string {
  const place = placeName(seller);
  const count = seller.activeListingCount === 1 ? '1 listing' : `${seller.activeListingCount} listings`;
  return `Second-hand items for sale by ${seller.name}${place ? ` in ${place}` : ''} on ${productName}: ${count}.`;
}

/**
 * The share picture made beside an uploaded photo when it is stored ("/media/listings/ab/c.jpg" ->
 * "/media/listings/ab/c-share.jpg"); a photo from elsewhere is shown as it is.
 */
export function shareImageUrl(imageUrl: string): string {
  return imageUrl.startsWith('/media/') ? imageUrl.replace(/\.jpg$/, '-share.jpg') : imageUrl;
}

/**
 * Browse's title says what is shown: "Sports near Fitzroy VIC", "“bike” in Melbourne", "Listings in QLD",
 * "“bike”, Like new or Good, near Fitzroy VIC". The place is the narrowest filter chosen, else the
 * member's own suburb.
 */
export function browsePageTitle(
  filters: { search: string; category: string; condition?: string; location: LocationFilter | ''; state: string; postcode: string },
  member: { suburb: string | null; state: string | null },
): string {
  const category = categoryLabel(filters.category);
  const words = filters.search ? `“${filters.search}”` : '';
  const listed = words && category ? `${words} in ${category}` : words || category || 'Listings';
  const conditions = filters.condition ? conditionsInWords(filters.condition) : '';
  const what = conditions ? `${listed}, ${conditions},` : listed;
  const home = placeName(member);
  const where = filters.postcode
    ? `near ${filters.postcode}`
    : filters.location
      ? `in ${cityAreas[filters.location].label}`
      : filters.state
        ? `in ${filters.state}`
        : home
          ? `near ${home}`
          : 'near you';
  return `${what} ${where}`;
}
