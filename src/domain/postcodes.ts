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

/** The state a postcode belongs to, or null when it is not a four-digit postcode in a known range. */
export function stateForPostcode(postcode: string | null | undefined): AustralianState | null {
  if (!postcode || !postcodePattern.test(postcode)) return null;
  const value = Number(postcode);
  return postcodeRanges.find((range) => value >= range.from && value <= range.to)?.state ?? null;
}

/** spec 9: with no postcode of their own a member is placed at 3000, VIC. */
export const defaultLocation = { postcode: '3000', state: 'VIC' as AustralianState };
