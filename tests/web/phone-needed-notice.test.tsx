// Decision 35: a member with a verified email and no verified phone is asked, on every page of a
// visit, to verify it (they may not list or start a conversation without it), until they close it.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { type CurrentUser, phoneNeededNotice } from '../../src/domain';
import { PhoneNeededNotice } from '../../src/web/shared/account/phone-needed-notice';
import { aMember, renderPage } from './support/fixtures';

function renderNotice(user: CurrentUser, path = '/dashboard') {
  const location = memoryLocation({ path, record: true });
  return renderPage(
    <Router hook={location.hook}>
      <PhoneNeededNotice user={user} />
    </Router>,
    { signedIn: true },
  );
}

const notice = () => screen.queryByRole('region', { name: phoneNeededNotice.title });

afterEach(() => window.sessionStorage.clear());

describe('the notice asking for a verified phone', () => {
  it('asks a member with a verified email and no verified phone, with the way to the phone page', () => {
    renderNotice(aMember({ isEmailVerified: true, isPhoneVerified: false }));
    const region = notice();
    expect(region).toHaveTextContent(phoneNeededNotice.text);
    expect(within(region!).getByRole('link', { name: 'Verify my phone' })).toHaveAttribute('href', '/verify-phone');
  });

  it('is not shown to a member who may trade, to one who must verify their email first, nor on the verify pages', () => {
    const { unmount } = renderNotice(aMember({ isEmailVerified: true, isPhoneVerified: true }));
    expect(notice()).toBeNull();
    unmount();
    renderNotice(aMember({ isEmailVerified: false, isPhoneVerified: false })).unmount();
    expect(notice()).toBeNull();
    renderNotice(aMember({ isEmailVerified: true, isPhoneVerified: false }), '/verify-phone');
    expect(notice()).toBeNull();
  });

  it('stays closed for the rest of the visit once closed', async () => {
    const member = aMember({ isEmailVerified: true, isPhoneVerified: false });
    const { user, unmount } = renderNotice(member);
    await user.click(screen.getByRole('button', { name: 'Close this notice for now' }));
    expect(notice()).toBeNull();
    unmount();
    renderNotice(member, '/listings');
    expect(notice()).toBeNull();
  });
});
