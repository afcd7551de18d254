// The names a member Google signs up gets from their Google profile (decision 11).
import { fieldLimits } from './limits';

/** What a Google ID token says about a person's name (any of it may be missing). */
export type GoogleProfileNames = { givenName?: string; familyName?: string; name?: string; email: string };

/** Said when a profile gives nothing usable: a member's name is never blank or a single letter. */
export const googleNameFallback = 'Neighbour';

function tidyName(value: string | undefined): string {
  return (value ?? '').replace(/\s+/g, ' ').trim().slice(0, fieldLimits.nameMax).trim();
}

const longEnough = (value: string) => value.length >= fieldLimits.nameMin;

/** "jane.citizen42@…" -> "Jane": the first run of letters of the address, capitalised. */
function nameFromEmail(email: string): string {
  const letters = /\p{L}+/u.exec(email.split('@')[0] ?? '')?.[0] ?? '';
  return tidyName(letters.charAt(0).toUpperCase() + letters.slice(1));
}

/**
 * spec 5: names have at least 2 characters. A new member's names come from the ID token's
 * given_name and family_name; failing those, the full name split at its first space; the first
 * name then falls back to the address, and either to "Neighbour".
 */
export function namesFromGoogleProfile(profile: GoogleProfileNames): { firstName: string; lastName: string } {
  const [firstWord = '', ...otherWords] = tidyName(profile.name).split(' ');
  const firstName = [tidyName(profile.givenName), tidyName(firstWord), nameFromEmail(profile.email)].find(longEnough) ?? googleNameFallback;
  const lastName = [tidyName(profile.familyName), tidyName(otherWords.join(' '))].find(longEnough) ?? googleNameFallback;
  return { firstName, lastName };
}
