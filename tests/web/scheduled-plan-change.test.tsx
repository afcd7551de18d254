// Leaving a paid plan keeps what was paid for (decision 31): /subscribe/starter (or a cheaper plan)
// says what changes and when and waits for a yes, and /account shows the change with the way back.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateAU, planChangeDifferences, scheduledChangeMessages, type ApiResponse } from '../../src/domain';
import { AccountMembership } from '../../src/web/features/account/components/account-membership';
import { SubscribePage } from '../../src/web/features/membership/pages/subscribe-page';
import { currentUserQueryKey } from '../../src/web/lib/auth';
import { membershipQueryKey } from '../../src/web/shared/membership/membership-status';
import { aMember, fakeServer, renderPage } from './support/fixtures';

const paidUntil = '2027-11-27T09:00:00.000Z';
const date = formatDateAU(paidUntil);

type PlanStatus = ApiResponse<'getMembership'>;
const paidPlan = (tier: 'explorer' | 'connector', scheduled: Partial<NonNullable<PlanStatus['subscription']>> = {}): PlanStatus => ({
  subscription: {
    tier,
    status: 'active',
    amountCents: tier === 'explorer' ? 2400 : 6000,
    firstChargeAt: null,
    renewsAt: paidUntil,
    scheduledTier: null,
    scheduledAt: null,
    ...scheduled,
  },
});

function openCheckout(tier: string, member: ReturnType<typeof aMember>, plan: PlanStatus) {
  return renderPage(<SubscribePage tier={tier} />, {
    signedIn: true,
    data: [
      [currentUserQueryKey, member],
      [membershipQueryKey, plan],
    ],
  });
}

describe('choosing Starter while a paid year runs', () => {
  it('says what changes and when, sends nothing until the member says yes, then shows the change', async () => {
    const server = fakeServer((request) =>
      request.path === '/api/create-subscription'
        ? { tier: 'starter', status: 'scheduled', subscriptionId: 's1', clientSecret: null, amountCents: 0, provider: 'test', message: scheduledChangeMessages.scheduled('explorer', 'starter', date), firstChargeAt: null, intent: 'payment', scheduledAt: paidUntil }
        : paidPlan('explorer', { scheduledTier: 'starter', scheduledAt: paidUntil, renewsAt: null }),
    );
    const { user } = openCheckout('starter', aMember({ membershipTier: 'explorer' }), paidPlan('explorer'));

    expect(screen.getByRole('heading', { level: 1, name: `Move to Starter on ${date}` })).toBeInTheDocument();
    expect(screen.getByText(scheduledChangeMessages.explain('explorer', 'starter', date))).toBeInTheDocument();
    const changes = screen.getByRole('list', { name: `What changes on ${date}` });
    expect(within(changes).getAllByRole('listitem').map((item) => item.textContent)).toEqual(planChangeDifferences('explorer', 'starter'));
    expect(screen.getByText(scheduledChangeMessages.listingNotice('starter', date))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Keep Explorer' })).toHaveAttribute('href', '/account');
    // Opening the page changes nothing.
    expect(server.sent.filter((request) => request.method === 'POST')).toEqual([]);

    await user.click(screen.getByRole('button', { name: `Move to Starter on ${date}` }));
    await expect.poll(() => server.sent.find((request) => request.method === 'POST')).toEqual({ method: 'POST', path: '/api/create-subscription', body: { tier: 'starter' }, query: undefined });
    expect(await screen.findByRole('heading', { level: 1, name: `Explorer until ${date}, then Starter` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Keep Explorer' })).toBeInTheDocument();
  });

  it('offers a Connector the move to Explorer at the end of the year instead of a charge today', async () => {
    fakeServer(() => ({}));
    openCheckout('explorer', aMember({ membershipTier: 'connector' }), paidPlan('connector'));
    expect(screen.getByRole('heading', { level: 1, name: `Move to Explorer on ${date}` })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: `What changes on ${date}` })).toHaveTextContent('$24 a year instead of $60');
    expect(screen.queryByRole('button', { name: /Subscribe Now/ })).toBeNull();
  });

  it('still switches at once, as before, when no paid year runs', async () => {
    const server = fakeServer(() => ({ tier: 'starter', status: 'active', message: 'You are now on the Starter plan.', scheduledAt: null }));
    openCheckout('starter', aMember({ membershipTier: 'explorer', trialEndDate: paidUntil }), { subscription: null });
    await expect.poll(() => server.sent.find((request) => request.method === 'POST')?.body).toEqual({ tier: 'starter', confirm: false });
  });
});

describe('the checkout of the plan a member is leaving', () => {
  it('shows the move that waits for the end of the year, with Keep Explorer, instead of "nothing to pay"', async () => {
    const server = fakeServer((request) => (request.method === 'POST' ? { message: scheduledChangeMessages.undone('explorer', date) } : paidPlan('explorer')));
    const { user } = openCheckout('explorer', aMember({ membershipTier: 'explorer' }), paidPlan('explorer', { scheduledTier: 'starter', scheduledAt: paidUntil, renewsAt: null }));
    expect(screen.getByText('You are already on this plan.')).toBeInTheDocument();
    expect(screen.getByText(`Explorer until ${date}, then Starter`)).toBeInTheDocument();
    expect(screen.queryByText(/so there is nothing to pay/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Keep Explorer' }));
    await expect.poll(() => server.sent.find((request) => request.method === 'POST')?.path).toBe('/api/membership/undo-scheduled-change');
    await expect.poll(() => screen.queryByText(`Explorer until ${date}, then Starter`)).toBeNull();
    expect(screen.getByText('Your Explorer membership is active, so there is nothing to pay.')).toBeInTheDocument();
  });
});

describe('the account page with a change planned', () => {
  it('shows "Explorer until {date}, then Starter" and undoes it with Keep Explorer', async () => {
    const server = fakeServer((request) => (request.method === 'POST' ? { message: scheduledChangeMessages.undone('explorer', date) } : paidPlan('explorer')));
    const { user } = renderPage(<AccountMembership user={aMember({ membershipTier: 'explorer' })} />, {
      signedIn: true,
      data: [[membershipQueryKey, paidPlan('explorer', { scheduledTier: 'starter', scheduledAt: paidUntil, renewsAt: null })]],
    });
    expect(screen.getByText(`Explorer until ${date}, then Starter`)).toBeInTheDocument();
    expect(screen.getByText("You won't be charged again.")).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Keep Explorer' }));
    await expect.poll(() => server.sent.find((request) => request.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/membership/undo-scheduled-change',
      body: undefined,
      query: undefined,
    });
    await expect.poll(() => screen.queryByText(`Explorer until ${date}, then Starter`)).toBeNull();
    expect(screen.getByText(`Explorer: $24 a year, renewing on ${date}.`)).toBeInTheDocument();
  });
});
