// The sign-in part of /account: changing (or, after joining with Google, setting) the password, and
// the devices the account is signed in on, each of which the member can sign out.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { accountSecurityMessages, type AccountSession } from '../../src/domain';
import { ChangeEmailForm } from '../../src/web/features/account/components/change-email-form';
import { ChangePasswordForm } from '../../src/web/features/account/components/change-password-form';
import { SignedInDevices } from '../../src/web/features/account/components/signed-in-devices';
import { accountSessionsQueryKey } from '../../src/web/features/account/api';
import { Toaster } from '../../src/web/components/ui/toaster';
import { aMember, fakeServer, renderPage, type SentRequest } from './support/fixtures';

/** The server refusing the change with a code, as the API does. */
function refusingServer(status: number, body: unknown) {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      sent.push({ method: init.method ?? 'GET', path: new URL(String(input), window.location.href).pathname, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return { sent };
}

describe('changing the password on /account', () => {
  it('sends the current and the new password, says it changed, and empties the form', async () => {
    const { sent } = fakeServer(() => ({ message: accountSecurityMessages.passwordChanged }));
    const { user } = renderPage(
      <>
        <ChangePasswordForm user={aMember()} />
        <Toaster />
      </>,
      { signedIn: true },
    );
    await user.type(screen.getByLabelText('Current password'), 'old password 1');
    await user.type(screen.getByLabelText('New password'), 'new password 2');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(accountSecurityMessages.passwordChanged)).toBeInTheDocument();
    expect(sent.find((request) => request.path === '/api/user/password')).toEqual({ method: 'PUT', path: '/api/user/password', body: { currentPassword: 'old password 1', newPassword: 'new password 2' }, query: undefined });
    await waitFor(() => expect(screen.getByLabelText('New password')).toHaveValue(''));
  });

  it('asks for the current password before sending anything, and shows a wrong one under its field', async () => {
    const { sent } = refusingServer(400, { code: 'WRONG_CURRENT_PASSWORD', message: accountSecurityMessages.currentPasswordWrong });
    const { user } = renderPage(<ChangePasswordForm user={aMember()} />, { signedIn: true });
    await user.type(screen.getByLabelText('New password'), 'new password 2');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(accountSecurityMessages.currentPasswordRequired)).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.type(screen.getByLabelText('Current password'), 'not it');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(accountSecurityMessages.currentPasswordWrong)).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('lets a member who joined with Google set a first password, with no current one asked', async () => {
    const { sent } = fakeServer(() => ({ message: accountSecurityMessages.passwordSet }));
    const { user } = renderPage(<ChangePasswordForm user={aMember({ hasPassword: false })} />, { signedIn: true });
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await user.type(screen.getByLabelText('New password'), 'first password');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    await waitFor(() => expect(sent.find((request) => request.path === '/api/user/password')?.body).toEqual({ newPassword: 'first password' }));
  });
});

const here: AccountSession = { id: '00000000-0000-4000-8000-000000000001', device: 'Chrome on Windows', startedAt: '2026-11-01T00:00:00.000Z', lastUsedAt: new Date().toISOString(), current: true };
const phone: AccountSession = { id: '00000000-0000-4000-8000-000000000002', device: 'Safari on iPhone', startedAt: '2026-10-02T00:00:00.000Z', lastUsedAt: new Date(Date.now() - 3 * 3_600_000).toISOString(), current: false };

describe('where you are signed in', () => {
  it('lists this device first, marked, and signs another out by its id', async () => {
    const { sent } = fakeServer((request) => (request.method === 'GET' ? { sessions: [here, phone] } : {}));
    const { user } = renderPage(<SignedInDevices />, { signedIn: true, data: [[accountSessionsQueryKey, { sessions: [here, phone] }]] });
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Chrome on Windows');
    expect(items[0]).toHaveTextContent('This device · active now');
    expect(items[1]).toHaveTextContent('Safari on iPhone');
    expect(items[1]).toHaveTextContent('Active 3 hours ago');
    expect(screen.getAllByRole('button', { name: /^Sign out Safari on iPhone/ })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Sign out Chrome on Windows/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: /^Sign out Safari on iPhone/ }));
    await waitFor(() => expect(sent.some((request) => request.method === 'DELETE' && request.path === `/api/user/sessions/${phone.id}`)).toBe(true));
  });

  it('signs out everywhere else in one go, offered only when another device is signed in', async () => {
    const { sent } = fakeServer((request) => (request.method === 'DELETE' ? { ended: 1 } : { sessions: [here, phone] }));
    const { user, unmount } = renderPage(<SignedInDevices />, { signedIn: true, data: [[accountSessionsQueryKey, { sessions: [here, phone] }]] });
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'DELETE' && request.path === '/api/user/sessions')).toBe(true));
    unmount();
    renderPage(<SignedInDevices />, { signedIn: true, data: [[accountSessionsQueryKey, { sessions: [here] }]] });
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
  });
});

describe('changing the email on /account', () => {
  it('asks for the new address and the password, then for the code sent there, and only then changes it', async () => {
    const moved = aMember({ email: 'mia.new@example.com' });
    const { sent } = fakeServer((request) => (request.path === '/api/user/email/verify' ? moved : { message: accountSecurityMessages.emailChangeCodeSent('mia.new@example.com') }));
    const { user } = renderPage(<ChangeEmailForm user={aMember()} />, { signedIn: true });
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    await user.type(screen.getByLabelText('New email'), 'Mia.New@example.com');
    await user.type(screen.getByLabelText('Your password'), 'my password');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(await screen.findByText(accountSecurityMessages.emailChangeCodeSent('mia.new@example.com'))).toBeInTheDocument();
    expect(sent.find((request) => request.path === '/api/user/email')?.body).toEqual({ newEmail: 'mia.new@example.com', password: 'my password' });

    await user.type(screen.getByLabelText('Code from your new inbox'), '12345');
    await user.click(screen.getByRole('button', { name: 'Change Email' }));
    expect(await screen.findByText('Verification code must be 6 characters')).toBeInTheDocument();
    expect(sent.some((request) => request.path === '/api/user/email/verify')).toBe(false);
    await user.type(screen.getByLabelText('Code from your new inbox'), '6');
    await user.click(screen.getByRole('button', { name: 'Change Email' }));
    await waitFor(() => expect(sent.find((request) => request.path === '/api/user/email/verify')?.body).toEqual({ code: '123456' }));
    expect(await screen.findByRole('button', { name: 'Change email' })).toBeInTheDocument();
  });

  it('shows a wrong password under its field and keeps the form', async () => {
    refusingServer(400, { code: 'WRONG_CURRENT_PASSWORD', message: accountSecurityMessages.currentPasswordWrong });
    const { user } = renderPage(<ChangeEmailForm user={aMember()} />, { signedIn: true });
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    await user.type(screen.getByLabelText('New email'), 'mia.new@example.com');
    await user.type(screen.getByLabelText('Your password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(await screen.findByText(accountSecurityMessages.currentPasswordWrong)).toBeInTheDocument();
    expect(screen.getByLabelText('New email')).toHaveValue('mia.new@example.com');
  });
});
