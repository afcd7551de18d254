// spec 2: the phone page's "Why verify your phone?" list gives four reasons, in order (trust, extra
// membership benefits, SMS notifications about listings, better security), each naming what a
// verified phone really does here.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { moderationLimits } from '../../src/domain/moderation';
import { smsLimits } from '../../src/domain/sms-notifications';
import { WhyVerifyPhone } from '../../src/web/features/verification/components/why-verify-phone';

describe('why verify your phone', () => {
  it('gives the four reasons in order, and names the membership benefits and the texts', () => {
    render(<WhyVerifyPhone />);
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.font-semibold')?.textContent)).toEqual(['Build trust', 'Extra membership benefits', 'SMS notifications', 'Better security']);
    expect(items[0]).toHaveTextContent('"Phone verified" beside your name');
    expect(items[1]).toHaveTextContent('Verified neighbour badge');
    expect(items[1]).toHaveTextContent(`once your account is ${moderationLimits.trustedAfterDays} days old, you're a trusted reporter`);
    expect(items[2]).toHaveTextContent(`at most ${smsLimits.perDay} a day`);
    expect(items[2]).toHaveTextContent('Turn texts on in your account');
  });
});
