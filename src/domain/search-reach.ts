// Who may discover what (spec 1 and 4): Starter 5 km around their postcode, Explorer their state,
// Connector and Lifetime all of Australia. This one rule decides browse, search, nearest first, the
// map's colours and counts, and the listing page's "outside your area" note, so none of them can
// tell a member something another denies.
import { distanceKm, type Point } from './geo';
import { isAustralianState, stateNames } from './postcodes';
import { type MembershipTier, type PurchasableTier, neighbourhoodRadiusKm, purchasableTiers, rulesForTier } from './tiers';

/** Where someone stands or something lies: a postcode's state and centre point. */
export type Place = { state: string; point: Point };

/** The part of Australia a plan discovers, drawn around the member's place. */
export type DiscoveryArea = { kind: 'everywhere' } | { kind: 'state'; state: string } | { kind: 'radius'; centre: Point; radiusKm: number };

export function discoveryAreaFor(tier: string | null | undefined, home: Place): DiscoveryArea {
  const rules = rulesForTier(tier);
  switch (rules.searchArea) {
    case 'neighbourhood':
      return { kind: 'radius', centre: home.point, radiusKm: rules.searchRadiusKm ?? neighbourhoodRadiusKm };
    case 'state':
      return { kind: 'state', state: home.state };
    default:
      return { kind: 'everywhere' };
  }
}

export function areaIncludes(area: DiscoveryArea, place: Place): boolean {
  switch (area.kind) {
    case 'everywhere':
      return true;
    case 'state':
      return place.state === area.state;
    default:
      return distanceKm(area.centre, place.point) <= area.radiusKm;
  }
}

/** Does a member on `tier`, standing at `home`, discover what lies at `place`? */
export function tierReaches(tier: string | null | undefined, home: Place, place: Place): boolean {
  return areaIncludes(discoveryAreaFor(tier, home), place);
}

/**
 * The cheapest plan above the member's own that reaches `place` from `home`: Explorer for their own
 * state, Connector beyond it. Null when their plan already reaches it, or none of the plans above does.
 */
export function cheapestPlanReaching(tier: string | null | undefined, home: Place, place: Place): PurchasableTier | null {
  if (tierReaches(tier, home, place)) return null;
  const ownPrice = rulesForTier(tier).annualPriceCents;
  if (ownPrice === null) return null;
  return purchasableTiers.find((plan) => (rulesForTier(plan).annualPriceCents ?? 0) > ownPrice && tierReaches(plan, home, place)) ?? null;
}

/** How a listing lies for the member looking at it (GET /api/listings/:id/reach). */
export type ListingReach = {
  /** Whether the member's plan discovers it: the same answer browse and the map give. */
  inArea: boolean;
  /** From the member's postcode to the listing's, rounded to 0.1 km; null when the listing has no place. */
  distanceKm: number | null;
  /** The cheapest plan that would show it (null when in the area). */
  reachedBy: PurchasableTier | null;
  /** The member's plan and where their area is drawn, for the note's wording. */
  tier: MembershipTier;
  postcode: string;
  state: string;
};

const wholeKilometres = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 });
const tenthsOfKilometres = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 1 });

/** "870 km", "4.2 km": tenths only where they matter. */
export function formatDistanceKm(km: number): string {
  return `${(km < 10 ? tenthsOfKilometres : wholeKilometres).format(km)} km`;
}

function stateName(state: string): string {
  return isAustralianState(state) ? stateNames[state] : state;
}

/** "5 km around 3065", "Victoria", "all of Australia". */
export function describeDiscoveryArea(tier: string | null | undefined, home: { postcode: string; state: string }): string {
  const rules = rulesForTier(tier);
  if (rules.searchArea === 'neighbourhood') return `${rules.searchRadiusKm ?? neighbourhoodRadiusKm} km around ${home.postcode}`;
  if (rules.searchArea === 'state') return stateName(home.state);
  return 'all of Australia';
}

const planReach: Record<PurchasableTier, string> = {
  starter: 'your neighbourhood',
  explorer: 'your whole state',
  connector: 'all of Australia',
};

/**
 * The listing page's note for a listing outside the member's area, in two sentences: where it is,
 * and which plan shows it. Null when the listing is in the area.
 */
export function describeOutsideArea(reach: ListingReach, listing: { suburb: string | null; state: string | null; postcode: string | null }): { where: string; upgrade: string | null } | null {
  if (reach.inArea) return null;
  const placeName = [listing.suburb ?? listing.postcode, listing.state].filter(Boolean).join(' ');
  const distance = reach.distanceKm === null ? '' : ` ${formatDistanceKm(reach.distanceKm)} away`;
  const location = placeName ? ` in ${placeName}` : '';
  const plan = rulesForTier(reach.tier).label;
  const where = `This listing is${distance}${location}, outside your ${plan} area (${describeDiscoveryArea(reach.tier, reach)}).`;
  const upgrade = reach.reachedBy ? `${rulesForTier(reach.reachedBy).label} shows listings across ${planReach[reach.reachedBy]}.` : null;
  return { where, upgrade };
}
