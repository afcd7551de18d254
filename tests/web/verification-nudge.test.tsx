// The dashboard's reminder to finish verifying: the next step with a link to it, while a check is
// left (listing and messaging need a verified email and phone); nothing once all three are done.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { verificationStatusQueryKey } from '../../src/web/shared/account/account-queries';
import { VerificationStatusWidget } from '../../src/web/shared/account/verification-status';
import { renderPage } from './support/fixtures';

const status = (checks: { isEmailVerified: boolean; isPhoneVerified: boolean; isCardVerified: boolean }) => ({ email: 'sam@example.com', ...checks });

function renderNudge(checks: Parameters<typeof status>[0]) {
  return renderPage(<VerificationStatusWidget layout="nudge" />, { signedIn: true, data: [[verificationStatusQueryKey, status(checks)]] });
}

describe('the reminder to finish verifying', () => {
  it('leads a new member to verify their email first', () => {
    renderNudge({ isEmailVerified: false, isPhoneVerified: false, isCardVerified: false });
    expect(screen.getByRole('heading', { name: 'Finish verifying your account' })).toBeInTheDocument();
    expect(screen.getByText('Next step: verify your email address.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verify Now' })).toHaveAttribute('href', '/verify-email');
  });

  it('then to their phone, then to a card', () => {
    const { unmount } = renderNudge({ isEmailVerified: true, isPhoneVerified: false, isCardVerified: false });
    expect(screen.getByRole('link', { name: 'Verify Now' })).toHaveAttribute('href', '/verify-phone');
    unmount();
    renderNudge({ isEmailVerified: true, isPhoneVerified: true, isCardVerified: false });
    expect(screen.getByRole('link', { name: 'Verify Now' })).toHaveAttribute('href', '/account#add-card');
  });

  it('shows nothing to a verified neighbour', () => {
    const { container } = renderNudge({ isEmailVerified: true, isPhoneVerified: true, isCardVerified: true });
    expect(container).toBeEmptyDOMElement();
  });
});
