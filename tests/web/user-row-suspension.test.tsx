// The admins' member list: a suspended member shows until when (or for good) with a way to lift it,
// however old the reports behind the suspension; a member who is not suspended shows neither.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { moderationLabels, moderationMessages } from '../../src/domain/moderation';
import { Toaster } from '../../src/web/components/ui/toaster';
import type { AdminUser } from '../../src/web/features/admin/api';
import { UserRow } from '../../src/web/features/admin/components/user-row';
import { fakeServer, renderPage } from './support/fixtures';

const member = (overrides: Partial<AdminUser> = {}): AdminUser => ({
  id: 'member-1',
  email: 'mia@example.com',
  firstName: 'Mia',
  lastName: 'Tran',
  membershipTier: 'explorer',
  isAdmin: false,
  isEmailVerified: true,
  isPhoneVerified: true,
  isCardVerified: true,
  suspendedUntil: null,
  suspendedForGood: false,
  createdAt: '2026-01-05T00:00:00.000Z',
  ...overrides,
});

function renderRow(user: AdminUser) {
  const server = fakeServer(() => ({ message: moderationMessages.suspensionLifted }));
  renderPage(
    <>
      <ul>
        <UserRow user={user} />
      </ul>
      <Toaster />
    </>,
    { signedIn: true },
  );
  return server;
}

describe('a member in the admins’ list', () => {
  it('shows a suspension’s end and lifts it', async () => {
    const until = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
    const server = renderRow(member({ suspendedUntil: until.toISOString() }));
    expect(screen.getByText(moderationLabels.suspendedUntil(until))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: `${moderationLabels.liftSuspension} of mia@example.com` }));
    expect(await screen.findByText(moderationMessages.suspensionLifted)).toBeInTheDocument();
    expect(server.sent.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual(['/api/admin/members/member-1/suspension']);
  });

  it('says for good when there is no end', () => {
    renderRow(member({ suspendedForGood: true }));
    expect(screen.getByText(moderationLabels.suspendedForGood)).toBeInTheDocument();
  });

  it('offers no lifting to a member who is not suspended', () => {
    renderRow(member());
    expect(screen.queryByRole('button', { name: /Lift suspension/ })).toBeNull();
  });
});
