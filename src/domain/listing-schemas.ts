// Request and response schemas of the listings API (spec sections 3, 5 and 7), built from the
// rules and messages in listing.ts.
import { z } from 'zod';
import { conversationMessages, hasControlCharacter } from './conversations';
import { listingCategoryValues, listingConditionValues, listingMessages, locationFilters, parseConditionFilter, parsePrice, sortOptions } from './listing';
import { australianStates, postcodePattern } from './postcodes';
import type { ListingReach } from './search-reach';
import { fieldLimits } from './limits';
import { listingHiddenReasons } from './moderation';
import { listingStatuses } from './reservations';
import { listingImageCap, membershipTiers, purchasableTiers } from './tiers';

/** An amount of money as sent: text ("120.50") or a JSON number, read as text so no float touches it; the canonical "120.50". */
export function moneyField(words: { required: string; invalid: string }) {
  return z.union([z.string(), z.number()], { error: words.required }).transform((value, ctx) => {
    const text = String(value);
    if (text.trim() === '') {
      ctx.addIssue({ code: 'custom', message: words.required });
      return z.NEVER;
    }
    const parsed = parsePrice(text);
    if (parsed === null) {
      ctx.addIssue({ code: 'custom', message: words.invalid });
      return z.NEVER;
    }
    return parsed;
  });
}

export const priceField = moneyField({ required: listingMessages.priceRequired, invalid: listingMessages.priceInvalid });

export const createListingBody = z.object({
  title: z.string({ error: listingMessages.titleTooShort }).trim().min(fieldLimits.listingTitleMin, listingMessages.titleTooShort).max(fieldLimits.listingTitleMax, listingMessages.titleTooLong),
  description: z
    .string({ error: listingMessages.descriptionTooShort })
    .trim()
    .min(fieldLimits.listingDescriptionMin, listingMessages.descriptionTooShort)
    .max(fieldLimits.listingDescriptionMax, listingMessages.descriptionTooLong),
  price: priceField,
  category: z.enum(listingCategoryValues, { error: listingMessages.categoryRequired }),
  /** Optional in the API (decision 44): left out, a new listing's is not stated and an edit keeps the one it had; null says "not stated". */
  condition: z.enum(listingConditionValues, { error: listingMessages.conditionRequired }).nullable().optional(),
  imageUrls: z.array(z.string().max(500)).max(listingImageCap, listingMessages.tooManyImages).default([]),
});
export type CreateListingBody = z.infer<typeof createListingBody>;

export const updateListingBody = createListingBody;
export type UpdateListingBody = CreateListingBody;

/** Mark sold (isActive false), optionally to the buyer of one of its conversations, or list again (true). */
export const setListingStatusBody = z.object({
  isActive: z.boolean({ error: 'Say whether the listing is active (true) or sold (false).' }),
  soldToConversationId: z.string().max(fieldLimits.opaqueIdMax).nullable().optional(),
});

/** PUT /api/listings/:id/reservation: hold the listing for the buyer of one of its conversations (decision 46). */
export const holdListingBody = z.object({
  conversationId: z.string({ error: conversationMessages.soldToUnknownConversation }).max(fieldLimits.opaqueIdMax),
});

export const listingIdParams = z.object({ id: z.string().max(fieldLimits.opaqueIdMax) });
export const sellerIdParams = z.object({ sellerId: z.string().max(fieldLimits.opaqueIdMax) });

const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === 'all' ? undefined : value), schema.optional());

/** Listings on a page of browse or search: 24 unless asked, at most 48. */
export const browsePageLimits = { default: 24, max: 48 } as const;

/** GET /api/listings: 'all' or empty means no filter (spec 7). */
export const browseListingsQuery = z.object({
  category: optionalFilter(z.enum(listingCategoryValues, { error: 'Choose a category from the list.' })),
  location: optionalFilter(z.enum(locationFilters, { error: 'Choose a location from the list.' })),
  search: optionalFilter(z.string().trim().max(fieldLimits.searchMax, `Search for at most ${fieldLimits.searchMax} characters.`)),
  state: optionalFilter(z.enum(australianStates, { error: 'Choose an Australian state or territory.' })),
  postcode: optionalFilter(z.string().trim().regex(postcodePattern, 'A postcode has four digits.')),
  /** A visitor's own place to look around (members look from their profile's postcode). */
  near: optionalFilter(z.string().trim().regex(postcodePattern, 'A postcode has four digits.')),
  sort: optionalFilter(z.enum(sortOptions, { error: 'Choose a sort order from the list.' })),
  /** Any of these conditions ("like-new,good"), written back in the list's order so equal filters read alike. */
  condition: optionalFilter(
    z
      .string()
      .max(100, listingMessages.conditionFilterInvalid)
      .transform((text, ctx) => {
        const conditions = parseConditionFilter(text);
        if (conditions === null) {
          ctx.addIssue({ code: 'custom', message: listingMessages.conditionFilterInvalid });
          return z.NEVER;
        }
        return conditions.join(',');
      }),
  ),
  cursor: optionalFilter(z.string().max(300)),
  limit: z.coerce.number({ error: `limit must be a number from 1 to ${browsePageLimits.max}.` }).int().min(1).max(browsePageLimits.max).default(browsePageLimits.default),
});
export type BrowseListingsQuery = z.infer<typeof browseListingsQuery>;

export const sellerSummarySchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  membershipTier: z.enum(membershipTiers),
  /** Ratings from exchanges: the average to one decimal (null without any) and how many (cards show "4.8 ★ (12)"). */
  ratingAverage: z.number().nullable(),
  ratingCount: z.number(),
  /** The checks the seller has passed, which a buyer sees before the first message (decision 35). */
  isEmailVerified: z.boolean(),
  isPhoneVerified: z.boolean(),
  isCardVerified: z.boolean(),
});
export type SellerSummary = z.infer<typeof sellerSummarySchema>;

export const listingViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  price: z.string(),
  category: z.string(),
  /** New, Like new, Good, Fair or For parts; null: the condition is not stated (decision 44). */
  condition: z.enum(listingConditionValues).nullable(),
  location: z.string(),
  imageUrls: z.array(z.string()),
  sellerId: z.string(),
  isActive: z.boolean(),
  /** For sale, held for one buyer (shown with a "Reserved" mark), or sold (decision 46). */
  status: z.enum(listingStatuses),
  /** Pinned by a Connector seller: shown first in browse. */
  isPinned: z.boolean(),
  /** Out of browse because the seller's plan allows fewer listings (isActive is false, but it is not sold). */
  isPaused: z.boolean(),
  /** Out of sight while not sold, and why (only its seller and admins see such a listing). */
  hiddenReason: z.enum(listingHiddenReasons).nullable(),
  /** On the seller's own listings only: they asked our team to review a listing hidden by reports. */
  reviewRequested: z.boolean().optional(),
  postcode: z.string().nullable(),
  suburb: z.string().nullable(),
  state: z.string().nullable(),
  distanceKm: z.number().nullable().optional(),
  /** On the signed-in member's Saved page (false for visitors). */
  isFavourite: z.boolean(),
  createdAt: z.string(),
  /** When it was listed, or last renewed: its plan's listing time counts from here (listing-times.ts). */
  listedAt: z.string(),
  /** Its listing time has passed: it shows below the newer listings in browse until its seller renews it. */
  belowNewest: z.boolean(),
  updatedAt: z.string(),
  seller: sellerSummarySchema,
});
export type ListingView = z.infer<typeof listingViewSchema>;

const insightCounts = { views: z.number(), saves: z.number(), conversations: z.number() };

/** GET /api/my-listings/:id/insights: a seller's listing, day by day over the chart's days (decision 48). */
export const listingInsightsSchema = z.object({
  listingId: z.string(),
  /** Oldest first, every day present (zeros included); `date` is the day in Sydney's calendar. */
  days: z.array(z.object({ date: z.string(), ...insightCounts })),
  totals: z.object(insightCounts),
});
export type ListingInsights = z.infer<typeof listingInsightsSchema>;

/** GET /api/favourites: a saved listing, with when it was saved. */
export const favouriteViewSchema = listingViewSchema.extend({
  favouritedAt: z.string(),
  /** Its price when saved (null for favourites older than this), so /saved can show a drop. */
  priceWhenSaved: z.string().nullable(),
});
export type FavouriteView = z.infer<typeof favouriteViewSchema>;

export const sellerProfileSchema = sellerSummarySchema.extend({
  memberSince: z.string(),
  suburb: z.string().nullable(),
  state: z.string().nullable(),
  activeListingCount: z.number(),
});
export type SellerProfile = z.infer<typeof sellerProfileSchema>;

export const userStatsSchema = z.object({
  totalListings: z.number(),
  activeListings: z.number(),
  soldListings: z.number(),
  /** Paused because the plan allows fewer listings; back with an upgrade. */
  pausedListings: z.number(),
  /** Hidden by our team or while reports are reviewed (listingHiddenMessages says why); not sold. */
  hiddenListings: z.number(),
  membershipTier: z.enum(membershipTiers),
  listingLimit: z.number().nullable(),
});
export type UserStats = z.infer<typeof userStatsSchema>;

/** GET /api/listings/:id/reach: how a listing lies for the member looking at it (search-reach.ts). */
export const listingReachSchema = z.object({
  inArea: z.boolean(),
  distanceKm: z.number().nullable(),
  reachedBy: z.enum(purchasableTiers).nullable(),
  tier: z.enum(membershipTiers),
  postcode: z.string(),
  state: z.string(),
}) satisfies z.ZodType<ListingReach>;

export const contactSellerBody = z.object({
  listingId: z.string({ error: 'Choose a listing to ask about.' }).max(fieldLimits.opaqueIdMax),
  message: z
    .string()
    .trim()
    .max(fieldLimits.contactSellerMessageMax, `Keep your message under ${fieldLimits.contactSellerMessageMax} characters.`)
    .refine((text) => !hasControlCharacter(text), conversationMessages.messageControlCharacter)
    .optional(),
});
