// "Sign in and come back" (src/web/lib/return-path.ts): /auth?next= names a page of this site to
// return to; signed in, /auth sends the member there, and never to another site.
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../src/domain';
import { findRoute, routeOutcome } from '../../src/web/app/routes';
import { readReturnPath, signInPath } from '../../src/web/lib/return-path';

const member = { id: 'member-1' } as CurrentUser;

describe('the return path', () => {
  it('makes a sign-in address that names the page and reads it back', () => {
    expect(signInPath('/listing/1?x=2')).toBe('/auth?next=%2Flisting%2F1%3Fx%3D2');
    expect(readReturnPath(signInPath('/listing/1?x=2').split('?')[1])).toBe('/listing/1?x=2');
  });

  it('follows only paths of this site', () => {
    for (const next of ['https://evil.example/', '//evil.example/', '/\\evil.example', 'javascript:alert(1)', '']) {
      expect(readReturnPath(new URLSearchParams({ next })), next).toBeNull();
    }
    expect(readReturnPath('')).toBeNull();
  });

  it('sends a member at /auth to the page named, else home', () => {
    const auth = findRoute('/auth')!;
    expect(routeOutcome(auth.entry, auth.params, member, '?next=%2Fmessages%2Fabc')).toEqual({ redirectTo: '/messages/abc' });
    expect(routeOutcome(auth.entry, auth.params, member, '?next=https%3A%2F%2Fevil.example')).toEqual({ redirectTo: '/' });
    expect(routeOutcome(auth.entry, auth.params, member)).toEqual({ redirectTo: '/' });
  });
});
