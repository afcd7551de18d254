// Walks the web app's route table (src/web/app/routes.ts) through the server render, as a visitor and
// as a member: members' pages send a visitor to /auth, visitors' pages render, and nothing is a 404.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../src/domain';
import { indexablePaths, routes } from '../../src/web/app/routes';
import { type ApiFetch, renderPage } from '../../src/web/entry-server';
import { queryKeyPath } from '../../src/web/lib/api-client';
import { currentUserQueryKey } from '../../src/web/lib/auth';
import { preloadAllPages } from '../../src/web/lib/lazy-page';

const member: CurrentUser = {
  id: '00000000-0000-4000-8000-0000000000aa',
  email: 'member@example.com',
  firstName: 'Mia',
  lastName: 'Member',
  profileImageUrl: null,
  membershipTier: 'starter',
  isAdmin: false,
  isEmailVerified: true,
  isPhoneVerified: true,
  isCardVerified: false,
  phone: null,
  postcode: '2000',
  state: 'NSW',
  suburb: 'Sydney',
  postcodeLastChanged: null,
  postcodeLockedUntil: null,
  postcodeCorrectionEndsAt: null,
  trialEndDate: null,
  listingLimitNoticeAt: null,
  messageMail: true,
  insightsMail: true,
  smsNotifications: false,
  hasPassword: true,
  createdAt: '2025-01-01T00:00:00.000Z',
};

/** An API that knows the member and nothing else: every other read is a 404. */
const fetchApi: ApiFetch = async (path) =>
  path === queryKeyPath(currentUserQueryKey)
    ? { status: 200, body: member, header: () => undefined }
    : { status: 404, body: { message: 'Not found', code: 'NOT_FOUND' }, header: () => undefined };

/** An address for the entry's path, with each param filled in (an id that could be one, a plan). */
function addressOf(path: string): string {
  return path.replace(/:(\w+)/g, (_, name: string) => (name === 'tier' ? 'explorer' : '00000000-0000-4000-8000-000000000001'));
}

/** The app's own not-found page (not-found-page.tsx), as against a page's screen for a missing listing or seller. */
const notFoundTitle = '404 Page Not Found';

const render = (path: string, signedIn: boolean) => renderPage({ url: addressOf(path), origin: 'https://neighbourly.example', token: signedIn ? 'member-token' : null, fetchApi });

describe('the route table', () => {
  // Every page's code, once (the first render would otherwise wait for it within one test's time).
  beforeAll(() => preloadAllPages(), 60_000);

  it('answers an address in no entry with the not-found page', async () => {
    const page = await render('/no-such-page', false);
    expect(page.kind === 'page' && page.status === 404 && page.html.includes(notFoundTitle)).toBe(true);
  });

  it('has one entry per path', () => {
    const paths = routes.map((entry) => entry.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  const membersOnly = routes.filter((entry) => entry.access !== 'visitor');
  const open = routes.filter((entry) => entry.access === 'visitor');

  it.each(membersOnly.map((entry) => [entry.path]))('sends a visitor from %s to /auth', async (path) => {
    expect(await render(path, false)).toEqual({ kind: 'redirect', location: '/auth' });
  });

  it.each(open.map((entry) => [entry.path]))('renders %s for a visitor', async (path) => {
    const page = await render(path, false);
    expect(page.kind).toBe('page');
    if (page.kind === 'page') expect(page.html).not.toContain(notFoundTitle);
  });

  it.each(routes.map((entry) => [entry.path, entry]))('renders %s for a member, or sends them where members go', async (path, entry) => {
    const page = await render(path, true);
    const redirect = entry.forMembers && 'redirectTo' in entry.forMembers ? entry.forMembers.redirectTo : null;
    if (redirect) expect(page).toEqual({ kind: 'redirect', location: redirect });
    else expect(page.kind === 'page' && !page.html.includes(notFoundTitle)).toBe(true);
  });

  it('lists the public pages with one address each for the sitemap, never sign-in or a tool', () => {
    expect(indexablePaths()).toEqual(['/', '/membership-plans', '/how-it-works', '/help', '/safety', '/contact', '/guidelines', '/privacy']);
  });
});
