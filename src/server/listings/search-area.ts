// Where a member may look (spec 1 and 4): Starter 5 km around their postcode, Explorer their
// state, Connector and Lifetime all of Australia. A visitor looks as a Starter does, around the
// postcode they chose (visitorSearchTier). The rule itself is the domain's (search-reach.ts); this
// file places the viewer and turns a radius into the postcodes it takes in.
import { defaultLocation } from '../../domain/postcodes';
import type { Point } from '../../domain/geo';
import { type DiscoveryArea, areaIncludes, discoveryAreaFor } from '../../domain/search-reach';
import { visitorSearchTier } from '../../domain/tiers';
import type { UserRow } from '../db/schema';
import { changeKeys } from '../db/write-transaction';
import { findPostcode, listPostcodes } from '../postcodes';

export type SearchArea = DiscoveryArea;

export type MemberPlace = { postcode: string; state: string; point: Point };

/**
 * The member's postcode, state and centre point; 3000/VIC when they have not set a postcode. The
 * state is the postcode directory's, as the profile shows it (the profile stores the directory's
 * state), so a member's state and their search area cannot disagree (decision 0010).
 */
export function placeOfMember(user: Pick<UserRow, 'postcode' | 'state'> | null): MemberPlace {
  const postcode = user?.postcode ?? defaultLocation.postcode;
  const entry = findPostcode(postcode) ?? findPostcode(defaultLocation.postcode)!;
  const state = user?.state ?? entry.state;
  return { postcode, state, point: { latitude: entry.latitude, longitude: entry.longitude } };
}

/** Who is looking: a member, or a visitor and the postcode they chose to look around (if any). */
export type Viewer = { user: UserRow } | { user: null; postcode?: string };

/** Where a viewer stands: the member's own place, or the visitor's chosen postcode (3000 by default). */
export function placeOfViewer(viewer: Viewer): MemberPlace {
  return viewer.user ? placeOfMember(viewer.user) : placeOfMember({ postcode: viewer.postcode ?? null, state: null });
}

export function searchAreaFor(viewer: Viewer): SearchArea {
  return discoveryAreaFor(viewer.user?.membershipTier ?? visitorSearchTier, placeOfViewer(viewer));
}

type RadiusArea = Extract<SearchArea, { kind: 'radius' }>;

/** Radius areas met so far: their centres are postcodes' centres, so there are a few thousand at most. */
const postcodesWithinCache = new Map<string, ReadonlySet<string>>();

/**
 * The postcodes a radius area takes in, each decided on its centre by the domain's rule. Every
 * listing carries its postcode's centre, so deciding by postcode is deciding by listing, and browse,
 * the map's counts and the listing page's note all read this one answer.
 */
export function postcodesWithin(area: RadiusArea): ReadonlySet<string> {
  const key = `${area.centre.latitude},${area.centre.longitude},${area.radiusKm}`;
  let postcodes = postcodesWithinCache.get(key);
  if (!postcodes) {
    postcodes = new Set(
      listPostcodes()
        .filter((entry) => areaIncludes(area, { state: entry.state, point: entry }))
        .map((entry) => entry.postcode),
    );
    postcodesWithinCache.set(key, postcodes);
  }
  return postcodes;
}

/** Whether the area takes in the listings of a postcode (in `state`): the rule browse filters by. */
const postcodeLists = new WeakMap<ReadonlySet<string>, readonly string[]>();

/** postcodesWithin() as a list (one per area, made once), for a statement's array value. */
export function postcodeListWithin(area: RadiusArea): readonly string[] {
  const postcodes = postcodesWithin(area);
  let list = postcodeLists.get(postcodes);
  if (!list) {
    list = [...postcodes];
    postcodeLists.set(postcodes, list);
  }
  return list;
}

export function areaIncludesPostcode(area: SearchArea, place: { postcode: string | null; state: string | null }): boolean {
  if (area.kind === 'everywhere') return true;
  if (area.kind === 'state') return place.state === area.state;
  return place.postcode !== null && postcodesWithin(area).has(place.postcode);
}

/** Viewers whose area is the same share this key (the map's counts depend on nothing else). */
export function searchAreaKey(viewer: Viewer): string {
  const area = searchAreaFor(viewer);
  if (area.kind === 'everywhere') return 'everywhere';
  if (area.kind === 'state') return `state:${area.state}`;
  return `near:${placeOfViewer(viewer).postcode}:${area.radiusKm}`;
}

const areaKeysCache = new Map<string, readonly string[]>();

/**
 * What a viewer's browse pages and map counts are made from: the listings of their area (its
 * postcodes, its state, or all of Australia). A listing's change elsewhere leaves them cached.
 */
export function areaChangeKeys(viewer: Viewer): readonly string[] {
  const cacheKey = searchAreaKey(viewer);
  let keys = areaKeysCache.get(cacheKey);
  if (!keys) {
    const area = searchAreaFor(viewer);
    keys =
      area.kind === 'everywhere'
        ? [changeKeys.allListings, changeKeys.everywhere]
        : area.kind === 'state'
          ? [changeKeys.allListings, changeKeys.state(area.state)]
          : [changeKeys.allListings, ...[...postcodesWithin(area)].map(changeKeys.postcode)];
    areaKeysCache.set(cacheKey, keys);
  }
  return keys;
}
