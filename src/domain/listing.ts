// Listings: categories, filters, prices and messages (spec sections 3 and 5). The request and
// response schemas built from them are in listing-schemas.ts, so pages that only show listings
// load no validation code.
import { fieldLimits } from './limits';
import { tierRules, type MembershipTier } from './tiers';

export const listingCategories = [
  { value: 'electronics', label: 'Electronics' },
  { value: 'clothing', label: 'Clothing' },
  { value: 'home', label: 'Home & Garden' },
  { value: 'sports', label: 'Sports' },
  { value: 'books', label: 'Books & Media' },
  { value: 'other', label: 'Other' },
] as const;
export type ListingCategory = (typeof listingCategories)[number]['value'];
/** A category's label ("Home & Garden"), or undefined for a value that is not one. */
export function categoryLabel(value: string): string | undefined {
  return listingCategories.find((category) => category.value === value)?.label;
}

export const listingCategoryValues = listingCategories.map((c) => c.value) as [ListingCategory, ...ListingCategory[]];

/**
 * What state an item is in (decision 44), the buyer's first question. The listing form asks for it;
 * the API's create call takes a listing without it, and listings from before have none: "condition
 * not stated". Each maps to schema.org's itemCondition for search engines (Like new, Good and Fair
 * are all used; For parts is damaged) and to Open Graph's product:condition for shared links (which
 * knows new, refurbished and used).
 */
export const listingConditions = [
  { value: 'new', label: 'New', hint: 'Never used, in its packaging or with its tags', schemaOrg: 'https://schema.org/NewCondition', openGraph: 'new' },
  { value: 'like-new', label: 'Like new', hint: 'Used a few times, no marks', schemaOrg: 'https://schema.org/UsedCondition', openGraph: 'used' },
  { value: 'good', label: 'Good', hint: 'Used, works well, some signs of wear', schemaOrg: 'https://schema.org/UsedCondition', openGraph: 'used' },
  { value: 'fair', label: 'Fair', hint: 'Works, with visible wear or small faults', schemaOrg: 'https://schema.org/UsedCondition', openGraph: 'used' },
  { value: 'for-parts', label: 'For parts', hint: 'Does not work as it should: for repair or parts', schemaOrg: 'https://schema.org/DamagedCondition', openGraph: 'used' },
] as const;
export type ListingCondition = (typeof listingConditions)[number]['value'];
export const listingConditionValues = listingConditions.map((c) => c.value) as [ListingCondition, ...ListingCondition[]];
/** What a listing without a condition says where others say theirs. */
export const conditionNotStated = 'Condition not stated';

/** A condition's label ("Like new"), or "Condition not stated" for none. */
export function conditionLabel(value: ListingCondition | null | undefined): string {
  return listingConditions.find((condition) => condition.value === value)?.label ?? conditionNotStated;
}

/** schema.org's itemCondition for a condition; none for a listing that does not state one. */
export function schemaOrgCondition(value: ListingCondition | null | undefined): string | undefined {
  return listingConditions.find((condition) => condition.value === value)?.schemaOrg;
}

/** Open Graph's product:condition for a condition; none for a listing that does not state one. */
export function openGraphCondition(value: ListingCondition | null | undefined): 'new' | 'used' | undefined {
  return listingConditions.find((condition) => condition.value === value)?.openGraph;
}

/**
 * A browse filter's conditions ("like-new,good"), each once, in the list's order; null when it names
 * none or one that is not a condition (the schema says which).
 */
export function parseConditionFilter(text: string): ListingCondition[] | null {
  const named = text.split(',').map((part) => part.trim()).filter(Boolean);
  if (named.length === 0 || named.some((part) => !(listingConditionValues as readonly string[]).includes(part))) return null;
  return listingConditionValues.filter((value) => named.includes(value));
}

/** A condition filter in words: "Like new or Good". */
export function conditionsInWords(filter: string): string {
  const labels = (parseConditionFilter(filter) ?? []).map((condition) => conditionLabel(condition));
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`;
}

export const locationFilters = ['sydney', 'melbourne', 'brisbane', 'perth', 'adelaide'] as const;
export type LocationFilter = (typeof locationFilters)[number];

/** The browse page's city filter: listings within a metro radius of the city centre. */
export const cityAreas: Record<LocationFilter, { label: string; state: string; latitude: number; longitude: number; radiusKm: number }> = {
  sydney: { label: 'Sydney', state: 'NSW', latitude: -33.8688, longitude: 151.2093, radiusKm: 60 },
  melbourne: { label: 'Melbourne', state: 'VIC', latitude: -37.8136, longitude: 144.9631, radiusKm: 60 },
  brisbane: { label: 'Brisbane', state: 'QLD', latitude: -27.4698, longitude: 153.0251, radiusKm: 50 },
  perth: { label: 'Perth', state: 'WA', latitude: -31.9523, longitude: 115.8613, radiusKm: 50 },
  adelaide: { label: 'Adelaide', state: 'SA', latitude: -34.9285, longitude: 138.6007, radiusKm: 40 },
};

export const sortOptions = ['newest', 'price-low', 'price-high', 'distance'] as const;
export type SortOption = (typeof sortOptions)[number];
export const sortLabels: Record<SortOption, string> = {
  newest: 'Newest first',
  'price-low': 'Price: low to high',
  'price-high': 'Price: high to low',
  distance: 'Nearest first',
};

export const listingMessages = {
  titleTooShort: `Title must be at least ${fieldLimits.listingTitleMin} characters`,
  titleTooLong: `Title must be at most ${fieldLimits.listingTitleMax} characters`,
  descriptionTooShort: `Description must be at least ${fieldLimits.listingDescriptionMin} characters`,
  descriptionTooLong: `Description must be at most ${fieldLimits.listingDescriptionMax} characters`,
  priceRequired: 'Price is required',
  priceInvalid: 'Price must be a valid positive number under $10 billion',
  categoryRequired: 'Category is required',
  conditionRequired: 'Choose the condition from the list',
  conditionFilterInvalid: `Choose conditions from the list: ${listingConditionValues.join(', ')}, separated by commas.`,
  tooManyImages: 'Too many images',
} as const;

/** spec 9: price is numeric(12,2), at most 9999999999.99. */
export const maxPrice = '9999999999.99';
const pricePattern = /^\d{1,10}(\.\d{1,2})?$/;

/**
 * A price as the member typed it, checked as text so no float ever touches money.
 * Returns the canonical "1234.50" form, or null when it is not a valid positive price.
 */
export function parsePrice(input: string): string | null {
  const text = input.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!pricePattern.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  if (cents <= 0n) return null;
  return `${BigInt(whole)}.${fraction.padEnd(2, '0')}`;
}

/** A canonical price ("1234.50", as parsePrice and the database give it) in whole cents, exactly. */
export function priceCents(price: string): bigint {
  const [whole, fraction = ''] = price.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
}

// Made once: building a number format costs far more than using it.
const groupedDollars = new Intl.NumberFormat('en-AU');

/** "$1,234.50" in en-AU, from the exact decimal text. */
export function formatPrice(price: string): string {
  const [whole, fraction = '00'] = price.split('.');
  const grouped = groupedDollars.format(BigInt(whole));
  return fraction === '00' ? `$${grouped}` : `$${grouped}.${fraction.padEnd(2, '0')}`;
}

/**
 * spec 2 and 9: a listing's page shows up to 4 of the seller's other listings ('More from this
 * seller'), and links to all of them ('View All Listings from') once the seller has more than 5.
 */
export const sellerPreview = {
  count: 4,
  viewAllAfter: 5,
} as const;

export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The response header that carries the cursor of the next page. */
export const nextCursorHeader = 'x-next-cursor';

/** Uploaded photos: the display size is what listings keep; cards ask for the thumbnail. */
export function thumbnailUrl(imageUrl: string): string {
  return imageUrl.startsWith('/media/') ? imageUrl.replace(/\.jpg$/, '-thumb.jpg') : imageUrl;
}

/** "Mia T." (spec 2: first name or Anonymous, and the first letter of the last name). */
export function sellerDisplayName(seller: { firstName?: string | null; lastName?: string | null }): string {
  const first = seller.firstName?.trim() || 'Anonymous';
  const initial = seller.lastName?.trim().charAt(0).toUpperCase();
  return initial ? `${first} ${initial}.` : first;
}

export const listingRuleMessages = {
  postcodeRequired: 'Add your postcode on your account page first, so neighbours know where to pick up.',
  listingNotFound: 'Listing not found',
  listingRemoved: 'This listing has been removed',
  sellerNotFound: 'Seller not found',
  notYourListing: 'You can only change your own listings.',
  contactSignedOut: 'You need to be logged in to contact sellers.',
  contactYourself: "You can't message yourself",
  contactSold: 'This item has already sold.',
  unknownImage: 'One of the photos was not uploaded by you. Upload it again and try once more.',
  bannedWords: 'Your listing contains words that are not allowed in our community. Please remove them and try again.',
  pageExpired: 'That page of results has expired. Start again from the first page.',
} as const;

export function listingLimitMessage(tier: MembershipTier): string {
  const rules = tierRules[tier];
  const limit = rules.listingLimit ?? 0;
  return `Your ${rules.label} plan allows ${limit} active listing${limit === 1 ? '' : 's'} at a time. Mark one as sold or delete it, or upgrade your plan to list more.`;
}

/** "Fitzroy North VIC 3068": the listing's location line, from the seller's profile. */
export function formatListingLocation(place: { suburb: string | null; state: string | null; postcode: string | null }): string {
  return [place.suburb, place.state, place.postcode].filter(Boolean).join(' ');
}
