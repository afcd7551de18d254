// The accounts the scale seed creates and the benchmark signs in with.
import type { MembershipTier } from '../../src/domain/tiers';

/** Every seeded account signs in with this password. */
export const benchPassword = 'bench-password';

/** One account per tier with a known email, all at postcode 3000. */
export const benchMemberPostcode = '3000';
export const benchMemberEmail = (tier: MembershipTier) => `bench-${tier}@bench.local`;

/** Seeded members are member<n>@bench.local; the benchmark's own posters are bench-poster-<run>-<n>@bench.local. */
export const benchPosterEmailPattern = 'bench-poster-%@bench.local';
