// Your data on /account (decision 37): asking for a copy shows it being prepared, the list is asked
// for again every few seconds until it is ready (and no longer after), and a ready copy downloads
// with the session's token; a second copy within a day waits, saying when. Closing the account asks
// for the password of a member who has one, shows a wrong one under its field, and on success signs
// the tab out and goes home.
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { accountSecurityMessages } from '../../src/domain';
import { type DataExport, type DataExports, closeAccountMessages, dataExportMessages } from '../../src/domain/your-data';
import { Toaster } from '../../src/web/components/ui/toaster';
import { dataExportPollMs, dataExportsQueryKey } from '../../src/web/features/account/api';
import { CloseAccount } from '../../src/web/features/account/components/close-account';
import { YourData } from '../../src/web/features/account/components/your-data';
import { aMember, renderPage, type SentRequest } from './support/fixtures';

const copyId = '5b1f2f0e-8c2a-4c8e-9a51-3f1c2d4e5f60';
const preparing: DataExport = { id: copyId, status: 'preparing', requestedAt: '2026-03-05T09:00:00.000Z', readyAt: null, expiresAt: null, bytes: null };
const ready: DataExport = { ...preparing, status: 'ready', readyAt: '2026-03-05T09:02:00.000Z', expiresAt: '2026-03-12T09:02:00.000Z', bytes: 2_516_582 };
const tomorrow = () => new Date(Date.now() + 20 * 60 * 60 * 1000).toISOString();

type Answer = { status?: number; body?: unknown; file?: Blob };

/** Stands in for the server: every call is recorded and answered by `answer`. */
function stubServer(answer: (request: SentRequest) => Answer) {
  const sent: (SentRequest & { authorization: string | null })[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), window.location.href);
      const request = { method: init.method ?? 'GET', path: url.pathname, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
      sent.push({ ...request, authorization: new Headers(init.headers).get('Authorization') });
      const { status = 200, body = {}, file } = answer(request);
      if (file) return new Response(file, { status, headers: { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="neighbourly-data-2026-03-05.zip"' } });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return { sent, lists: () => sent.filter((request) => request.method === 'GET' && request.path === '/api/user/exports').length };
}

function renderYourData(list: DataExports) {
  return renderPage(
    <>
      <YourData />
      <Toaster />
    </>,
    { signedIn: true, data: [[dataExportsQueryKey, list]] },
  );
}

afterEach(() => vi.useRealTimers());

describe('your data on /account', () => {
  it('asks for a copy, shows it being prepared while asking again every few seconds, then offers it to download', async () => {
    let current: DataExports = { exports: [], nextRequestAt: null };
    const server = stubServer(({ method, path }) => {
      if (method === 'POST' && path === '/api/user/export') {
        current = { exports: [preparing], nextRequestAt: tomorrow() };
        return { status: 202, body: preparing };
      }
      if (path === `/api/user/exports/${copyId}`) return { file: new Blob(['PK zip bytes'], { type: 'application/zip' }) };
      return { body: current };
    });
    // Only the list's polling runs on the fake clock; the clicks keep real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { user } = renderYourData(current);
    expect(screen.getByText(/Your copy holds your profile, your plan and payments, your listings with their photos/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download your data' }));
    expect(await screen.findByText(dataExportMessages.requested)).toBeInTheDocument();
    const copies = await screen.findByRole('list', { name: 'Copies of your data' });
    expect(within(copies).getByText('Preparing…')).toBeInTheDocument();
    // One a day: the button waits, saying when.
    expect(screen.getByRole('button', { name: 'Download your data' })).toBeDisabled();
    expect(screen.getByText(/You can ask for a new copy once a day: the next from/)).toBeInTheDocument();

    // Still preparing: asked again after a few seconds.
    const listsBefore = server.lists();
    await act(() => vi.advanceTimersByTimeAsync(dataExportPollMs));
    await waitFor(() => expect(server.lists()).toBe(listsBefore + 1));

    // Ready: the next look shows it, with its size and until when, and the asking stops.
    current = { exports: [ready], nextRequestAt: current.nextRequestAt };
    await act(() => vi.advanceTimersByTimeAsync(dataExportPollMs));
    expect(await within(copies).findByText('Available until 12/03/2026')).toBeInTheDocument();
    expect(within(copies).getByText(/2\.4 MB/)).toBeInTheDocument();
    expect(within(copies).queryByText('Preparing…')).toBeNull();
    const listsWhenReady = server.lists();
    await act(() => vi.advanceTimersByTimeAsync(dataExportPollMs * 3));
    expect(server.lists()).toBe(listsWhenReady);

    // The download is fetched with the session's token, then saved under the server's name.
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:your-data');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const saved: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    await user.click(within(copies).getByRole('button', { name: 'Download your copy from 05/03/2026' }));
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:your-data', download: 'neighbourly-data-2026-03-05.zip' }]));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(server.sent.find((request) => request.path === `/api/user/exports/${copyId}`)).toMatchObject({ method: 'GET', authorization: 'Bearer test-token' });
  });

  it('waits for the next day when a copy was asked for today, and says so when the server refuses one', async () => {
    const { unmount } = renderYourData({ exports: [ready], nextRequestAt: tomorrow() });
    expect(screen.getByRole('button', { name: 'Download your data' })).toBeDisabled();
    expect(screen.getByText(/You can ask for a new copy once a day: the next from/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download your copy from 05/03/2026' })).toBeEnabled();
    unmount();

    // Asked for on another device meanwhile: the server refuses, and the list shows when.
    let current: DataExports = { exports: [], nextRequestAt: null };
    stubServer(({ method }) => {
      if (method !== 'POST') return { body: current };
      current = { exports: [ready], nextRequestAt: tomorrow() };
      return { status: 429, body: { code: 'EXPORT_TOO_SOON', message: dataExportMessages.tooSoon } };
    });
    const { user } = renderYourData(current);
    await user.click(screen.getByRole('button', { name: 'Download your data' }));
    expect(await screen.findByText(dataExportMessages.requestFailedTitle)).toBeInTheDocument();
    expect(screen.getByText(dataExportMessages.tooSoon)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download your data' })).toBeDisabled());
  });

  it('says when a copy could not be prepared, and lets the member ask again', () => {
    renderYourData({ exports: [{ ...preparing, status: 'failed' }], nextRequestAt: null });
    expect(screen.getByText(dataExportMessages.failed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download your data' })).toBeEnabled();
  });
});

function renderCloseAccount(hasPassword = true) {
  const location = memoryLocation({ path: '/account', record: true });
  const rendered = renderPage(
    <Router hook={location.hook}>
      <CloseAccount user={aMember({ hasPassword })} />
      <Toaster />
    </Router>,
    { signedIn: true },
  );
  return { ...rendered, location };
}

async function openDialog(user: ReturnType<typeof renderCloseAccount>['user']) {
  await user.click(screen.getByRole('button', { name: 'Close account' }));
  return screen.getByRole('dialog', { name: closeAccountMessages.confirmTitle });
}

describe('closing the account on /account', () => {
  it('says what happens, asks for the password, and shows a wrong one under its field', async () => {
    const server = stubServer(() => ({ status: 400, body: { code: 'WRONG_CURRENT_PASSWORD', message: accountSecurityMessages.currentPasswordWrong } }));
    const { user } = renderCloseAccount();
    const dialog = await openDialog(user);
    for (const point of closeAccountMessages.whatHappens) expect(within(dialog).getByText(point)).toBeInTheDocument();
    expect(within(dialog).getByText(closeAccountMessages.downloadFirst)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: closeAccountMessages.confirmButton }));
    expect(await within(dialog).findByText(accountSecurityMessages.currentPasswordRequired)).toBeInTheDocument();
    expect(server.sent).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Your password'), 'not it');
    await user.click(within(dialog).getByRole('button', { name: closeAccountMessages.confirmButton }));
    expect(await within(dialog).findByText(accountSecurityMessages.currentPasswordWrong)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Your password')).toHaveAttribute('aria-invalid', 'true');
    expect(server.sent).toEqual([{ method: 'DELETE', path: '/api/user', body: { password: 'not it' }, authorization: 'Bearer test-token' }]);
    expect(window.localStorage.getItem('authToken')).toBe('test-token');
  });

  it('shows any other refusal in a toast', async () => {
    stubServer(() => ({ status: 409, body: { code: 'LAST_ADMIN', message: closeAccountMessages.lastAdmin } }));
    const { user } = renderCloseAccount();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Your password'), 'my password');
    await user.click(within(dialog).getByRole('button', { name: closeAccountMessages.confirmButton }));
    expect(await screen.findByText(closeAccountMessages.closeFailedTitle)).toBeInTheDocument();
    expect(screen.getByText(closeAccountMessages.lastAdmin)).toBeInTheDocument();
  });

  it('signs the tab out and goes home once closed', async () => {
    const server = stubServer(() => ({ body: { message: closeAccountMessages.closed } }));
    const { user, location } = renderCloseAccount();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Your password'), 'my password');
    await user.click(within(dialog).getByRole('button', { name: closeAccountMessages.confirmButton }));
    expect(await screen.findByText(closeAccountMessages.closedTitle)).toBeInTheDocument();
    expect(screen.getByText(closeAccountMessages.closed)).toBeInTheDocument();
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect(location.history.at(-1)).toBe('/');
    expect(server.sent.map((request) => `${request.method} ${request.path}`)).toEqual(['DELETE /api/user']);
  });

  it('asks no password of a member who joined with Google', async () => {
    const server = stubServer(() => ({ body: { message: closeAccountMessages.closed } }));
    const { user } = renderCloseAccount(false);
    const dialog = await openDialog(user);
    expect(within(dialog).queryByLabelText('Your password')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: closeAccountMessages.confirmButton }));
    await waitFor(() => expect(server.sent.map((request) => request.body)).toEqual([{}]));
  });
});
