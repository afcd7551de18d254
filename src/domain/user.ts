// How a member is greeted and shown (spec 2 and 6). Their shape is in user-schemas.ts.
import type { CurrentUser } from './user-schemas';

/** spec 2: "G'day {first name or Mate}". */
export function greetingName(user: Pick<CurrentUser, 'firstName'> | null | undefined): string {
  const name = user?.firstName?.trim();
  return name ? name : 'Mate';
}

/** spec 6: avatar initial from first name, else email, else M. */
export function avatarInitial(user: Pick<CurrentUser, 'firstName' | 'email'> | null | undefined): string {
  const source = user?.firstName?.trim() || user?.email?.trim() || 'M';
  return source.charAt(0).toUpperCase();
}

/** The small marks beside a member's name (an inbox row, a report): one per check they passed. */
export const verifiedCheckLabels = { isEmailVerified: 'Email verified', isPhoneVerified: 'Phone verified', isCardVerified: 'Card verified' } as const;

/** A "Verified neighbour" has all three checks. */
export function isVerifiedNeighbour(status: { isEmailVerified: boolean; isPhoneVerified: boolean; isCardVerified: boolean }): boolean {
  return status.isEmailVerified && status.isPhoneVerified && status.isCardVerified;
}
