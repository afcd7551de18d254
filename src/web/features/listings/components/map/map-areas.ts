// What the "Items Near You" map shows (spec 4 and 9): one area per state below the aggregation
// zoom, one per postcode at or above it, each allowed or greyed for the member.
import {
  type CurrentUser,
  type MapCountEntry,
  type Point,
  australianStates,
  defaultLocation,
  isAustralianState,
  isStateAllowed,
  mapSettings,
  stateCentres,
  stateForPostcode,
  stateNames,
} from '../../../../../domain';

export type MapArea = {
  key: string;
  /** What the marker is announced as: "Fitzroy North 3068: 4 listings". */
  label: string;
  /** The area's name alone, for the marker's tooltip heading. */
  name: string;
  position: [number, number];
  count: number;
  allowed: boolean;
  /** Where an allowed marker leads: the browse page filtered to the area (spec 2). */
  href: string;
};

export type MapMode = 'state' | 'postcode';

type Member = Pick<CurrentUser, 'membershipTier' | 'postcode' | 'state'>;

export function mapModeForZoom(zoom: number): MapMode {
  return zoom < mapSettings.stateAggregationBelowZoom ? 'state' : 'postcode';
}

/** The member's postcode and state as the server reads them: 3000/VIC when none is set (spec 9). */
export function memberPlace(member: Member): { postcode: string; state: string } {
  const postcode = member.postcode ?? defaultLocation.postcode;
  return { postcode, state: member.state ?? stateForPostcode(postcode) ?? defaultLocation.state };
}

/** Where the map opens: the member's postcode (3000 when none is set), else their state's capital. */
export function mapCentreFor(member: Member, home: Point | undefined): Point {
  if (home) return home;
  const place = memberPlace(member);
  return stateCentres[isAustralianState(place.state) ? place.state : defaultLocation.state];
}

function countText(count: number): string {
  return `${count} ${count === 1 ? 'listing' : 'listings'}`;
}

/** ", upgrade to view this area": the product's grey-marker text, read after the count. */
const notAllowedSuffix = `, ${mapSettings.notAllowedLabel.charAt(0).toLowerCase()}${mapSettings.notAllowedLabel.slice(1)}`;

function describe(name: string, count: number, allowed: boolean): string {
  return `${name}: ${countText(count)}${allowed ? '' : notAllowedSuffix}`;
}

export function postcodeAreas(entries: readonly MapCountEntry[]): MapArea[] {
  return entries
    .filter((entry) => entry.count > 0)
    .map((entry) => {
      const name = entry.suburb ? `${entry.suburb} ${entry.postcode}` : `Postcode ${entry.postcode}`;
      return {
        key: `postcode-${entry.postcode}`,
        label: describe(name, entry.count, entry.allowed),
        name,
        position: [entry.latitude, entry.longitude],
        count: entry.count,
        allowed: entry.allowed,
        href: `/listings?postcode=${encodeURIComponent(entry.postcode)}`,
      };
    });
}

/** Zoomed out: the counts summed per state, placed at the state's capital (spec 4). */
export function stateAreas(entries: readonly MapCountEntry[], member: Member): MapArea[] {
  const ownState = memberPlace(member).state;
  const totals = new Map<string, number>();
  for (const entry of entries) totals.set(entry.state, (totals.get(entry.state) ?? 0) + entry.count);
  return australianStates
    .filter((state) => (totals.get(state) ?? 0) > 0)
    .map((state) => {
      const count = totals.get(state) ?? 0;
      const allowed = isStateAllowed(member.membershipTier, ownState, state);
      const centre = stateCentres[state];
      return {
        key: `state-${state}`,
        label: describe(stateNames[state], count, allowed),
        name: stateNames[state],
        position: [centre.latitude, centre.longitude],
        count,
        allowed,
        href: `/listings?state=${state}`,
      };
    });
}
