// The plan cards (spec 1 and 9) say each plan's facts in words, built from the domain's tier rules:
// the price and how it is billed, one line per thing the plan gives, and which plan is most popular.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type MembershipTier, membershipTiers, tierRules } from '../../src/domain';
import { PlanCard } from '../../src/web/shared/membership/plan-card';
import { renderPage } from './support/fixtures';

function renderPlanCard(tier: MembershipTier) {
  renderPage(<PlanCard rules={tierRules[tier]} action={<a href="/auth">Choose {tierRules[tier].label}</a>} />);
  return screen.getByRole('article', { name: tierRules[tier].label });
}

const linesOf = (card: HTMLElement) => within(card).getAllByRole('listitem').map((item) => item.textContent);

describe('a plan card', () => {
  it('gives Starter for free, in its neighbourhood, with one listing at a time', () => {
    const card = renderPlanCard('starter');
    expect(within(card).getByText('Free', { exact: true })).toBeInTheDocument();
    expect(within(card).getByText('Free forever')).toBeInTheDocument();
    expect(linesOf(card)).toContain('1 listing at once');
    expect(linesOf(card)).toContain(`Search area: ${tierRules.starter.searchAreaLabel}`);
    // Community support has no set reply time: it points to the help pages.
    expect(linesOf(card)).toContain('Community support: Help Centre, Safety Tips and best-effort replies');
    // Nothing to offer is left out rather than said as "0".
    expect(linesOf(card).join(' ')).not.toMatch(/pinned|free$|\b0\b/);
  });

  it("prices Explorer by the year with the monthly sum beside it, and marks it most popular", () => {
    const card = renderPlanCard('explorer');
    expect(within(card).getByText('$24/year')).toBeInTheDocument();
    expect(within(card).getByText('Billed annually, about $2 a month')).toBeInTheDocument();
    expect(within(card).getByText('Most popular')).toBeInTheDocument();
    expect(linesOf(card)).toEqual(
      expect.arrayContaining(['5 listings at once', 'Search area: State-wide', 'Premium badge', 'Email support: first reply within 3 business days', '1 month free']),
    );
  });

  it("lists Connector's pinned post and photo allowance", () => {
    const card = renderPlanCard('connector');
    expect(within(card).getByText('$60/year')).toBeInTheDocument();
    expect(within(card).getByText('Billed annually, about $5 a month')).toBeInTheDocument();
    expect(linesOf(card)).toEqual(expect.arrayContaining(['8 listings at once', '8 photos per listing, up to 5 MB each', '1 pinned post', 'Priority support: first reply within 1 business day']));
    expect(within(card).queryByText('Most popular')).toBeNull();
  });

  it('says Lifetime is a gift, not a price', () => {
    const card = renderPlanCard('lifetime');
    expect(within(card).getByText('Gift only')).toBeInTheDocument();
    expect(within(card).getByText('Given by an admin')).toBeInTheDocument();
  });

  it('reads as English on every plan: no empty, "null" or "undefined" lines, and only one most popular', () => {
    let mostPopular = 0;
    for (const tier of membershipTiers) {
      const card = renderPlanCard(tier);
      for (const line of linesOf(card)) expect(line, tier).toMatch(/^[A-Z0-9$][^]*[^\s.]$/);
      expect(card.textContent, tier).not.toMatch(/null|undefined|NaN/);
      mostPopular += within(card).queryAllByText('Most popular').length;
    }
    expect(mostPopular).toBe(1);
    expect(screen.getAllByRole('article')).toHaveLength(membershipTiers.length);
  });
});
