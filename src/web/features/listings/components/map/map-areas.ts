// What the "Items Near You" map shows (spec 4 and 9): one area per state below the aggregation
// zoom, one per postcode at or above it, each allowed or greyed for the member.
import {
  type CurrentUser,
  type MapCountEntry,
  type Point,
  australianStates,
  defaultLocation,
  isAustralianState,
  mapSettings,
  markerRadius,
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
  /** Drawn just below and right of a coloured marker of this radius at the same place (a state's greyed rest), not over it. */
  besideRadius?: number;
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

/** A marker's link keeps browse's condition filter: its number counted only those conditions. */
function browseHref(filter: string, condition: string): string {
  const query = new URLSearchParams(filter);
  if (condition) query.set('condition', condition);
  return `/listings?${query.toString()}`;
}

export function postcodeAreas(entries: readonly MapCountEntry[], condition = ''): MapArea[] {
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
        href: browseHref(`postcode=${encodeURIComponent(entry.postcode)}`, condition),
      };
    });
}

/**
 * Zoomed out: the counts summed per state, placed at the state's capital (spec 4). Each postcode's
 * part goes where the server marked it: in colour what the member's browse shows, in grey what lies
 * outside their area. A state split by the area (a Starter's own state) gets both markers, the grey
 * one beside the coloured one, so a coloured number is always what a click on it lists.
 */
export function stateAreas(entries: readonly MapCountEntry[], condition = ''): MapArea[] {
  const totals = new Map<string, { allowed: number; greyed: number }>();
  for (const entry of entries) {
    const total = totals.get(entry.state) ?? { allowed: 0, greyed: 0 };
    if (entry.allowed) total.allowed += entry.count;
    else total.greyed += entry.count;
    totals.set(entry.state, total);
  }
  return australianStates.flatMap((state) => {
    const total = totals.get(state);
    if (!total) return [];
    const centre = stateCentres[state];
    const position: [number, number] = [centre.latitude, centre.longitude];
    const href = browseHref(`state=${state}`, condition);
    const areas: MapArea[] = [];
    if (total.allowed > 0) {
      areas.push({ key: `state-${state}`, label: describe(stateNames[state], total.allowed, true), name: stateNames[state], position, count: total.allowed, allowed: true, href });
    }
    if (total.greyed > 0) {
      const split = total.allowed > 0;
      const name = split ? `Rest of ${stateNames[state]}` : stateNames[state];
      areas.push({
        key: `state-${state}-${split ? 'rest' : 'greyed'}`,
        label: describe(name, total.greyed, false),
        name,
        position,
        count: total.greyed,
        allowed: false,
        href,
        ...(split ? { besideRadius: markerRadius(total.allowed) } : {}),
      });
    }
    return areas;
  });
}
