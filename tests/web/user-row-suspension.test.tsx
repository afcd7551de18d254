// The admins' member list: a suspended member shows until when (or for good) with a way to lift it,
// however old the reports behind the suspension; a member who is not suspended shows neither. A
// member's account can be closed with a reason; a closed one says since when, and an admin's cannot be.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateAU } from '../../src/domain';
import { moderationLabels, moderationMessages } from '../../src/domain/moderation';
import { adminCloseAccountBody, closeAccountMessages } from '../../src/domain/your-data';
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
  closedAt: null,
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

const reasonRequired = adminCloseAccountBody.safeParse({ reason: ' ' }).error?.issues[0]?.message ?? '';

describe('closing a member’s account from the admins’ list', () => {
  it('asks for the reason, sends it, and says the account is closed', async () => {
    const server = fakeServer(() => ({ message: closeAccountMessages.adminClosed('Mia Tran') }));
    const { user } = renderPage(
      <>
        <ul>
          <UserRow user={member()} />
        </ul>
        <Toaster />
      </>,
      { signedIn: true },
    );
    await user.click(screen.getByRole('button', { name: 'Close the account of mia@example.com' }));
    const dialog = screen.getByRole('dialog', { name: "Close Mia Tran's account?" });
    await user.click(within(dialog).getByRole('button', { name: 'Close account' }));
    expect(await within(dialog).findByText(reasonRequired)).toBeInTheDocument();
    expect(server.sent.some((request) => request.method === 'DELETE')).toBe(false);

    await user.type(within(dialog).getByLabelText('Reason'), 'Asked us by email to close it');
    await user.click(within(dialog).getByRole('button', { name: 'Close account' }));
    expect(await screen.findByText(closeAccountMessages.adminClosed('Mia Tran'))).toBeInTheDocument();
    expect(server.sent.filter((request) => request.method === 'DELETE')).toEqual([
      { method: 'DELETE', path: '/api/admin/members/member-1', body: { reason: 'Asked us by email to close it' }, query: undefined },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a closed account with its date, and offers no closing, verifying or lifting', () => {
    renderRow(member({ closedAt: '2026-03-05T09:00:00.000Z', isCardVerified: false, suspendedForGood: true }));
    expect(screen.getByText(`Closed ${formatDateAU('2026-03-05T09:00:00.000Z')}`)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers no closing for an admin', () => {
    renderRow(member({ isAdmin: true }));
    expect(screen.queryByRole('button', { name: /Close the account/ })).toBeNull();
  });
});
