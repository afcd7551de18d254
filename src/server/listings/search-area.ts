// Where a member may look (spec 1 and 4): Starter 5 km around their postcode, Explorer their
// state, Connector and Lifetime all of Australia. Visitors browse everywhere.
import { defaultLocation, stateForPostcode } from '../../domain/postcodes';
import type { Point } from '../../domain/geo';
import { rulesForTier } from '../../domain/tiers';
import type { UserRow } from '../db/schema';
import { findPostcode } from '../postcodes/postcode-directory';

export type SearchArea =
  | { kind: 'everywhere' }
  | { kind: 'state'; state: string }
  | { kind: 'radius'; centre: Point; radiusKm: number };

export type MemberPlace = { postcode: string; state: string; point: Point };

/** The member's postcode, state and centre point; 3000/VIC when they have not set a postcode. */
export function placeOfMember(user: Pick<UserRow, 'postcode' | 'state'> | null): MemberPlace {
  const postcode = user?.postcode ?? defaultLocation.postcode;
  const entry = findPostcode(postcode) ?? findPostcode(defaultLocation.postcode)!;
  const state = user?.state ?? stateForPostcode(postcode) ?? entry.state;
  return { postcode, state, point: { latitude: entry.latitude, longitude: entry.longitude } };
}

export function searchAreaFor(user: UserRow | null): SearchArea {
  if (!user) return { kind: 'everywhere' };
  const rules = rulesForTier(user.membershipTier);
  const place = placeOfMember(user);
  switch (rules.searchArea) {
    case 'neighbourhood':
      return { kind: 'radius', centre: place.point, radiusKm: rules.searchRadiusKm ?? 5 };
    case 'state':
      return { kind: 'state', state: place.state };
    default:
      return { kind: 'everywhere' };
  }
}

/**
 * Members who see the same browse pages and map share this key: the area and the origin of
 * "nearest first" follow from the tier's reach, the postcode and the state alone.
 */
export function viewerAreaKey(user: UserRow | null): string {
  if (!user) return 'visitor';
  return `${rulesForTier(user.membershipTier).searchArea}|${user.postcode ?? ''}|${user.state ?? ''}`;
}

/** Members whose area is the same share this key (the map's counts depend on nothing else). */
export function searchAreaKey(user: UserRow | null): string {
  const area = searchAreaFor(user);
  if (area.kind === 'everywhere') return 'everywhere';
  if (area.kind === 'state') return `state:${area.state}`;
  return `near:${placeOfMember(user).postcode}:${area.radiusKm}`;
}
