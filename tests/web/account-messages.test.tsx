// The account page's message settings (decision 15): the switch for message mails, the switch for
// texts to a verified phone (decision 33), and the members the member blocked, each with Unblock.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BlockedMembers } from '../../src/web/features/account/components/blocked-members';
import { smsMessages } from '../../src/domain/sms-notifications';
import { NotificationSettings } from '../../src/web/features/account/components/notification-settings';
import { SmsSettings } from '../../src/web/features/account/components/sms-settings';
import { conversationQueryKeys } from '../../src/web/shared/messages/conversation-queries';
import { aMember, fakeServer, renderPage } from './support/fixtures';

describe('the message-mail switch', () => {
  it('shows the saved setting and saves the change', async () => {
    const member = aMember({ messageMail: true });
    const server = fakeServer(({ body }) => ({ ...member, ...(body as object) }));
    const { user } = renderPage(<NotificationSettings user={member} />, { signedIn: true });
    const toggle = screen.getByRole('switch', { name: 'Email me when a message waits unread' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await expect.poll(() => server.sent).toEqual([{ method: 'PUT', path: '/api/user/notifications', body: { messageMail: false } }]);
  });
});

describe('the texts switch', () => {
  it('is disabled without a verified phone, says why and links to the phone page', async () => {
    const server = fakeServer();
    const { user } = renderPage(<SmsSettings user={aMember({ phone: '+61412345678', isPhoneVerified: false })} />, { signedIn: true });
    const toggle = screen.getByRole('switch', { name: smsMessages.switchLabel });
    expect(toggle).toBeDisabled();
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(smsMessages.needsVerifiedPhone);
    expect(screen.getByRole('link', { name: smsMessages.verifyPhoneLink })).toHaveAttribute('href', '/verify-phone');
    await user.click(toggle);
    expect(server.sent).toEqual([]);
  });

  it('names the verified number, the cap, and turns texts on with no number sent', async () => {
    const member = aMember({ phone: '+61412345678', isPhoneVerified: true, smsNotifications: false });
    const server = fakeServer(({ body }) => ({ ...member, smsNotifications: (body as { sms: boolean }).sms }));
    const { user } = renderPage(<SmsSettings user={member} />, { signedIn: true });
    const toggle = screen.getByRole('switch', { name: smsMessages.switchLabel });
    expect(toggle).toBeEnabled();
    expect(toggle).toHaveAccessibleDescription(smsMessages.description('+61412345678'));
    expect(smsMessages.description('+61412345678')).toContain('0412 345 678');
    expect(screen.queryByRole('link', { name: smsMessages.verifyPhoneLink })).toBeNull();
    await user.click(toggle);
    await expect.poll(() => server.sent).toEqual([{ method: 'PUT', path: '/api/user/notifications', body: { sms: true } }]);
  });
});

describe('the blocked members', () => {
  it('lists them with Unblock, which unblocks that member', async () => {
    // Asked again after the unblock: nobody is blocked any more.
    const server = fakeServer((request) => (request.method === 'GET' ? [] : undefined));
    const { user } = renderPage(<BlockedMembers />, {
      signedIn: true,
      data: [[conversationQueryKeys.blocks, [{ memberId: 'member-7', firstName: 'Sam', blockedAt: '2026-03-01T00:00:00Z' }]]],
    });
    const list = screen.getByRole('list', { name: 'Blocked members' });
    expect(within(list).getByText('Sam')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Unblock Sam' }));
    await expect.poll(() => server.sent.find((request) => request.method === 'DELETE')).toEqual({ method: 'DELETE', path: '/api/blocks/member-7', body: undefined });
    expect(await screen.findByText(/You haven't blocked anyone/)).toBeInTheDocument();
  });

  it('says so when there is no one', () => {
    renderPage(<BlockedMembers />, { signedIn: true, data: [[conversationQueryKeys.blocks, []]] });
    expect(screen.getByText(/You haven't blocked anyone/)).toBeInTheDocument();
  });
});
