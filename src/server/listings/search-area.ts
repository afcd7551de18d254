// Where a member may look (spec 1 and 4): Starter 5 km around their postcode, Explorer their
// state, Connector and Lifetime all of Australia. A visitor looks as a Starter does, around the
// postcode they chose (visitorSearchTier).
import { defaultLocation, stateForPostcode } from '../../domain/postcodes';
import type { Point } from '../../domain/geo';
import { rulesForTier, visitorSearchTier } from '../../domain/tiers';
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

/** Who is looking: a member, or a visitor and the postcode they chose to look around (if any). */
export type Viewer = { user: UserRow } | { user: null; postcode?: string };

/** Where a viewer stands: the member's own place, or the visitor's chosen postcode (3000 by default). */
export function placeOfViewer(viewer: Viewer): MemberPlace {
  return viewer.user ? placeOfMember(viewer.user) : placeOfMember({ postcode: viewer.postcode ?? null, state: null });
}

export function searchAreaFor(viewer: Viewer): SearchArea {
  const rules = rulesForTier(viewer.user?.membershipTier ?? visitorSearchTier);
  const place = placeOfViewer(viewer);
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
export function viewerAreaKey(viewer: Viewer): string {
  if (!viewer.user) return `visitor|${placeOfViewer(viewer).postcode}`;
  return `${rulesForTier(viewer.user.membershipTier).searchArea}|${viewer.user.postcode ?? ''}|${viewer.user.state ?? ''}`;
}

/** Viewers whose area is the same share this key (the map's counts depend on nothing else). */
export function searchAreaKey(viewer: Viewer): string {
  const area = searchAreaFor(viewer);
  if (area.kind === 'everywhere') return 'everywhere';
  if (area.kind === 'state') return `state:${area.state}`;
  return `near:${placeOfViewer(viewer).postcode}:${area.radiusKm}`;
}
