// Postcode -> state: spec section 9. Pure, shared by the server and the pages.

export const australianStates = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'] as const;
export type AustralianState = (typeof australianStates)[number];

export const stateNames: Record<AustralianState, string> = {
  NSW: 'New South Wales',
  VIC: 'Victoria',
  QLD: 'Queensland',
  WA: 'Western Australia',
  SA: 'South Australia',
  TAS: 'Tasmania',
  ACT: 'Australian Capital Territory',
  NT: 'Northern Territory',
};

type PostcodeRange = { from: number; to: number; state: AustralianState };

/** spec 9, in the order given there; ranges are inclusive. */
export const postcodeRanges: readonly PostcodeRange[] = [
  { from: 800, to: 999, state: 'NT' },
  { from: 1000, to: 2599, state: 'NSW' },
  { from: 2600, to: 2618, state: 'ACT' },
  { from: 2619, to: 2899, state: 'NSW' },
  { from: 2900, to: 2920, state: 'ACT' },
  { from: 2921, to: 2999, state: 'NSW' },
  { from: 3000, to: 3999, state: 'VIC' },
  { from: 4000, to: 4999, state: 'QLD' },
  { from: 5000, to: 5799, state: 'SA' },
  { from: 5800, to: 6797, state: 'WA' },
  { from: 6800, to: 6999, state: 'SA' },
  { from: 7000, to: 7799, state: 'TAS' },
];

/** Australian postcodes are written with four digits ("0800"). */
export const postcodePattern = /^\d{4}$/;

export function isAustralianState(value: unknown): value is AustralianState {
  return typeof value === 'string' && (australianStates as readonly string[]).includes(value);
}

/**
 * The state spec 9's table gives a postcode, or null when it is not a four-digit postcode in one
 * of its ranges. A member's or a listing's state comes from the postcode directory instead, which
 * follows this table except where the registry places none of the postcode's suburbs in that
 * state (stateOfNeighbourhood; docs/decisions/0010-postcode-source.md).
 */
export function stateForPostcode(postcode: string | null | undefined): AustralianState | null {
  if (!postcode || !postcodePattern.test(postcode)) return null;
  const value = Number(postcode);
  return postcodeRanges.find((range) => value >= range.from && value <= range.to)?.state ?? null;
}

/**
 * The state of a postcode where people live, given the state of each of its suburbs in the
 * postcode registry: the table's state when at least one suburb lies in it, so a postcode on a
 * border keeps the table's state (2618 is ACT, for Hall, though Wallaroo is in NSW); else the
 * state most of its suburbs lie in (5950, Adelaide Airport, sits in the table's WA range but is
 * in SA). Null outside every range of the table: such a postcode (9999, Santa's mail) is no
 * neighbourhood.
 */
export function stateOfNeighbourhood(postcode: string, suburbStates: readonly string[]): AustralianState | null {
  const listed = stateForPostcode(postcode);
  if (!listed || suburbStates.length === 0 || suburbStates.includes(listed)) return listed;
  const counts = new Map<string, number>();
  for (const state of suburbStates) counts.set(state, (counts.get(state) ?? 0) + 1);
  const [mostCommon] = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
  return isAustralianState(mostCommon) ? mostCommon : listed;
}

/** spec 9: with no postcode of their own a member is placed at 3000, VIC. */
export const defaultLocation = { postcode: '3000', state: 'VIC' as AustralianState };
