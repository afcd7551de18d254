// How a listing's page and a seller's page name themselves to search engines and link previews:
// title, description, canonical address, the share picture and, for a listing, schema.org Product
// data with its Offer.
import type { Offer, OfferItemCondition, Product, WithContext } from 'schema-dts';
import { type ListingView, type SellerProfile, categoryLabel, openGraphAvailability, openGraphCondition, parsePrice, schemaOrgAvailability, schemaOrgCondition, sellerDisplayName } from '../../../domain';
import { defaultShareImage, describeListing, describeSeller, listingPageTitle, placeName, shareImageSize, shareImageUrl } from '../../../domain/page-head';
import { productName } from '../../../domain/product';
import type { PageHead } from '@/lib/use-page-head';

const listingPath = (id: string) => `/listing/${id}`;

/** The picture a shared link shows: the first photo's share image, or the site's own. */
function sharePicture(imageUrls: string[], alt: string): Pick<NonNullable<PageHead['share']>, 'imagePath' | 'imageAlt' | 'imageSize'> {
  const [first] = imageUrls;
  if (!first) return { imagePath: defaultShareImage.path, imageAlt: defaultShareImage.alt, imageSize: shareImageSize };
  const imagePath = shareImageUrl(first);
  // Only the pictures made to the share size are announced as that size.
  return { imagePath, imageAlt: alt, imageSize: imagePath === first ? undefined : shareImageSize };
}

/** The price with its cents, as schema.org and Open Graph want it ("340.00"): the domain's canonical form. */
const offerPrice = (price: string): string => parsePrice(price) ?? price;

function listingProduct(listing: ListingView, origin: string): WithContext<Product> {
  const url = new URL(listingPath(listing.id), origin).href;
  // The domain's addresses are schema.org's own condition values.
  const itemCondition = schemaOrgCondition(listing.condition) as OfferItemCondition | undefined;
  const offer: Offer = {
    '@type': 'Offer',
    url,
    price: offerPrice(listing.price),
    priceCurrency: 'AUD',
    // Held for a buyer (decision 46): schema.org's Reserved.
    availability: schemaOrgAvailability(listing.status) as Offer['availability'],
    // Only a condition the seller stated (decision 44): a guess would mislead a search engine's shoppers.
    ...(itemCondition ? { itemCondition } : {}),
    areaServed: {
      '@type': 'Place',
      name: placeName(listing) ?? 'Australia',
      address: {
        '@type': 'PostalAddress',
        addressCountry: 'AU',
        ...(listing.suburb ? { addressLocality: listing.suburb } : {}),
        ...(listing.state ? { addressRegion: listing.state } : {}),
        ...(listing.postcode ? { postalCode: listing.postcode } : {}),
      },
    },
    seller: { '@type': 'Person', name: sellerDisplayName(listing.seller), url: new URL(`/seller/${listing.sellerId}`, origin).href },
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: listing.title,
    description: listing.description,
    url,
    category: categoryLabel(listing.category) ?? listing.category,
    ...(listing.imageUrls.length > 0 ? { image: listing.imageUrls.map((image) => new URL(image, origin).href) } : {}),
    offers: offer,
  };
}

/**
 * A listing's page. A listing out of sight (hidden by our team, or paused by its seller's plan) is
 * shown only to its seller and admins, so it is never listed; a sold one stays listed, sold out.
 */
export function listingPageHead(listing: ListingView): PageHead {
  const isSold = !listing.isActive && !listing.isPaused && listing.hiddenReason === null;
  const outOfSight = !listing.isActive && !isSold;
  const condition = openGraphCondition(listing.condition);
  const naming = { title: listing.title, price: listing.price, suburb: listing.suburb, state: listing.state };
  return {
    title: listingPageTitle(naming),
    description: describeListing({ ...naming, description: listing.description, isSold }),
    canonicalPath: listingPath(listing.id),
    noindex: outOfSight,
    share: {
      type: 'product',
      title: listingPageTitle(naming),
      ...sharePicture(listing.imageUrls, listing.title),
      properties: [
        ['product:price:amount', offerPrice(listing.price)],
        ['product:price:currency', 'AUD'],
        ['product:availability', openGraphAvailability(listing.status)],
        // A listing that does not say gives none.
        ...(condition ? [['product:condition', condition] satisfies [string, string]] : []),
      ],
    },
    structuredData: (origin) => [listingProduct(listing, origin)],
  };
}

/** A seller's page: their name, place and what they have for sale; the share picture is their newest listing's. */
export function sellerPageHead(profile: SellerProfile, newestImageUrls: string[]): PageHead {
  const name = sellerDisplayName(profile);
  return {
    title: `${name}'s listings`,
    description: describeSeller({ name, suburb: profile.suburb, state: profile.state, activeListingCount: profile.activeListingCount }),
    canonicalPath: `/seller/${profile.id}`,
    share: { type: 'profile', title: `${name}'s listings on ${productName}`, ...sharePicture(newestImageUrls, `Listed by ${name}`) },
  };
}
