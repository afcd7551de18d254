// Membership tiers: spec sections 1 and 9. Every limit, price and label of a tier lives here.
import { type SupportLevel, supportLevelRules } from './support-levels';

export const membershipTiers = ['starter', 'explorer', 'connector', 'lifetime'] as const;
export type MembershipTier = (typeof membershipTiers)[number];

/** Tiers a member can buy or choose on the checkout page; Lifetime is gift-only. */
export const purchasableTiers = ['starter', 'explorer', 'connector'] as const;
export type PurchasableTier = (typeof purchasableTiers)[number];

export const defaultMembershipTier: MembershipTier = 'explorer';

/**
 * A signed-out visitor discovers what a Starter would, around a postcode they choose (3000 unless
 * they say): joining free costs them nothing, and the paid plans stay the way to search wider
 * (docs/decisions/0008-what-a-visitor-sees.md).
 */
export const visitorSearchTier: MembershipTier = 'starter';

export type SearchArea = 'neighbourhood' | 'state' | 'australia';

export type TierRules = {
  tier: MembershipTier;
  label: string;
  /** Annual price in whole AUD cents; null for a gift-only tier. */
  annualPriceCents: number | null;
  /** The per-month figure the plans page shows ("about $2 a month"). */
  monthlyEquivalentCents: number | null;
  /** Active listings a member may hold at once; null when the plan does not state one. */
  listingLimit: number | null;
  maxImagesPerListing: number;
  maxImageBytes: number;
  searchArea: SearchArea;
  /** The search area as the plans, the plan cards and the account page name it. */
  searchAreaLabel: string;
  /** As the checkout page names it (spec 1: the notes call Explorer's area city-wide there; both readings are given). */
  checkoutSearchAreaLabel: string;
  /** Radius of the neighbourhood search area (spec FAQ: 5 km), when the area is a radius. */
  searchRadiusKm: number | null;
  pinnedPosts: number;
  /** Searches a member may keep on /saved, with mail about new listings (decision 20). */
  savedSearchLimit: number;
  badge: string;
  /** "Standard listing times" or "Extended listing times" (spec 1), as the plans name them. */
  listingTimes: string;
  /**
   * What the listing time means (decision 34): the days a listing keeps its place among the newest
   * in browse, counted from when it was listed or last renewed; after them it shows below the newer
   * listings until its seller renews it. Listings never expire either way (the FAQ).
   */
  listingTimeDays: number;
  /** Who answers the contact form, and how soon (support-levels.ts; decision 32). */
  supportLevel: SupportLevel;
  /** The level as the plans name it: "Priority support". */
  support: string;
  freeTrialMonths: number;
  mostPopular: boolean;
  giftOnly: boolean;
};

const megabytes = (count: number) => count * 1024 * 1024;

/** spec FAQ: a Starter's neighbourhood is 5 km around their postcode. */
export const neighbourhoodRadiusKm = 5;
const neighbourhoodLabel = `Local neighbourhood (${neighbourhoodRadiusKm} km)`;

/** spec 9: the largest photo any plan takes, and what the page compresses to by default. */
const largestImageBytes = megabytes(5);

/** Listing times (decision 34): how many days a listing keeps its place among the newest before it asks to be renewed. */
const standardListingTimeDays = 30;
const extendedListingTimeDays = 60;

/** The per-month figure of an annual price ("about $2 a month"). */
const monthlyEquivalent = (annualPriceCents: number) => Math.round(annualPriceCents / 12);

export const tierRules: Record<MembershipTier, TierRules> = {
  starter: {
    tier: 'starter',
    label: 'Starter',
    annualPriceCents: 0,
    monthlyEquivalentCents: 0,
    listingLimit: 1,
    maxImagesPerListing: 2,
    maxImageBytes: megabytes(2),
    searchArea: 'neighbourhood',
    searchAreaLabel: neighbourhoodLabel,
    checkoutSearchAreaLabel: neighbourhoodLabel,
    searchRadiusKm: neighbourhoodRadiusKm,
    pinnedPosts: 0,
    savedSearchLimit: 10,
    badge: 'Basic verification badge',
    listingTimes: 'Standard listing times',
    listingTimeDays: standardListingTimeDays,
    supportLevel: 'community',
    support: supportLevelRules.community.label,
    freeTrialMonths: 0,
    mostPopular: false,
    giftOnly: false,
  },
  explorer: {
    tier: 'explorer',
    label: 'Explorer',
    annualPriceCents: 2400,
    monthlyEquivalentCents: monthlyEquivalent(2400),
    listingLimit: 5,
    maxImagesPerListing: 4,
    maxImageBytes: megabytes(3),
    searchArea: 'state',
    // spec 1: the notes differ (state-wide on the plans, city-wide on the checkout page); both are given.
    searchAreaLabel: 'State-wide',
    checkoutSearchAreaLabel: 'City-wide',
    searchRadiusKm: null,
    pinnedPosts: 0,
    savedSearchLimit: 10,
    badge: 'Premium badge',
    listingTimes: 'Extended listing times',
    listingTimeDays: extendedListingTimeDays,
    supportLevel: 'email',
    support: supportLevelRules.email.label,
    freeTrialMonths: 1,
    mostPopular: true,
    giftOnly: false,
  },
  connector: {
    tier: 'connector',
    label: 'Connector',
    annualPriceCents: 6000,
    monthlyEquivalentCents: monthlyEquivalent(6000),
    listingLimit: 8,
    maxImagesPerListing: 8,
    maxImageBytes: largestImageBytes,
    searchArea: 'australia',
    searchAreaLabel: 'Australia-wide',
    checkoutSearchAreaLabel: 'Australia-wide',
    searchRadiusKm: null,
    pinnedPosts: 1,
    savedSearchLimit: 20,
    badge: 'Elite badge',
    listingTimes: 'Extended listing times',
    listingTimeDays: extendedListingTimeDays,
    supportLevel: 'priority',
    support: supportLevelRules.priority.label,
    freeTrialMonths: 0,
    mostPopular: false,
    giftOnly: false,
  },
  lifetime: {
    tier: 'lifetime',
    label: 'Lifetime',
    annualPriceCents: null,
    monthlyEquivalentCents: null,
    // spec 1: not shown for Lifetime; the product treats it like Connector for everything it does show.
    listingLimit: 8,
    maxImagesPerListing: 8,
    maxImageBytes: largestImageBytes,
    searchArea: 'australia',
    searchAreaLabel: 'Australia-wide',
    checkoutSearchAreaLabel: 'Australia-wide',
    searchRadiusKm: null,
    pinnedPosts: 1,
    savedSearchLimit: 20,
    badge: 'Lifetime badge',
    listingTimes: 'Extended listing times',
    listingTimeDays: extendedListingTimeDays,
    supportLevel: 'priority',
    support: supportLevelRules.priority.label,
    freeTrialMonths: 0,
    mostPopular: false,
    giftOnly: true,
  },
};

export function isMembershipTier(value: unknown): value is MembershipTier {
  return typeof value === 'string' && (membershipTiers as readonly string[]).includes(value);
}

/** spec 9: an unknown tier is treated as Starter. */
export function rulesForTier(tier: string | null | undefined): TierRules {
  return isMembershipTier(tier) ? tierRules[tier] : tierRules.starter;
}

/** "$24" / "$2" from whole cents, for the plans and checkout. */
export function formatCents(cents: number): string {
  return Number.isInteger(cents / 100) ? `$${cents / 100}` : `$${(cents / 100).toFixed(2)}`;
}

/** The hard cap on images per listing, whatever the tier (spec 5: listing schema cap 8). */
export const listingImageCap = 8;

/** spec 9: image compression targets. */
export const imageCompression = {
  maxWidthOrHeight: 1200,
  quality: 0.85,
  defaultMaxBytes: largestImageBytes,
  savingsToastThreshold: 0.1,
} as const;

export function formatMegabytes(bytes: number): string {
  const value = bytes / (1024 * 1024);
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}
