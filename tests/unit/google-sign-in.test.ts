import { describe, expect, it } from 'vitest';
import { googleNameFallback, namesFromGoogleProfile } from '../../src/domain/google-profile';
import { googleSignInProblems, readGoogleSignInProblem } from '../../src/domain/google-sign-in';

describe('names from a Google profile', () => {
  it('takes the given and family names as they are', () => {
    expect(namesFromGoogleProfile({ givenName: 'Matilda', familyName: 'Okafor', name: 'Matilda Okafor', email: 'm@example.com' })).toEqual({
      firstName: 'Matilda',
      lastName: 'Okafor',
    });
  });

  it('splits the full name at its first space when the parts are missing', () => {
    expect(namesFromGoogleProfile({ name: '  Mary   Jane  van Dyke ', email: 'mj@example.com' })).toEqual({ firstName: 'Mary', lastName: 'Jane van Dyke' });
  });

  it('never gives a name of fewer than 2 characters: the address, then "Neighbour", stand in', () => {
    expect(namesFromGoogleProfile({ givenName: 'J', familyName: 'O', email: 'jo.citizen42@example.com' })).toEqual({ firstName: 'Jo', lastName: googleNameFallback });
    expect(namesFromGoogleProfile({ email: 'x1@example.com' })).toEqual({ firstName: googleNameFallback, lastName: googleNameFallback });
    expect(namesFromGoogleProfile({ name: 'Cher', email: 'c@example.com' })).toEqual({ firstName: 'Cher', lastName: googleNameFallback });
  });

  it('keeps names within the 50-character limit', () => {
    const { firstName, lastName } = namesFromGoogleProfile({ givenName: 'A'.repeat(80), familyName: 'B'.repeat(80), email: 'long@example.com' });
    expect(firstName).toHaveLength(50);
    expect(lastName).toHaveLength(50);
  });
});

describe('the sign-in page reading why a Google sign-in came back', () => {
  it('says the known problems in its own words and ignores anything else in the address', () => {
    expect(readGoogleSignInProblem('?googleError=cancelled')).toBe(googleSignInProblems.cancelled);
    expect(readGoogleSignInProblem('googleError=email-not-verified')).toBe(googleSignInProblems['email-not-verified']);
    expect(readGoogleSignInProblem('?googleError=<script>')).toBeNull();
    expect(readGoogleSignInProblem('?googleError=toString')).toBeNull();
    expect(readGoogleSignInProblem('')).toBeNull();
  });
});
