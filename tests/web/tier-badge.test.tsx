// spec 2: the badge beside a member's name shows their plan: Starter a green sprout, Explorer a
// rocket, Connector a star, and any other tier a check mark.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TierBadge } from '../../src/web/components/tier-badge';

/** The lucide icon the badge draws ("sprout" for lucide-sprout). */
function iconOf(badge: HTMLElement): string | undefined {
  const icon = badge.querySelector('svg');
  return [...(icon?.classList ?? [])].find((name) => name.startsWith('lucide-'))?.slice('lucide-'.length);
}

function renderBadge(tier: string | null) {
  render(<TierBadge tier={tier} />);
  return screen.getByTitle(/member$/i);
}

describe('the tier badge', () => {
  it('shows Starter as a green sprout', () => {
    const badge = renderBadge('starter');
    expect(iconOf(badge)).toBe('sprout');
    // leaf is the theme's gum-leaf green (styles.css).
    expect(badge).toHaveClass('text-leaf-700');
    expect(badge).toHaveAccessibleName('Starter member');
  });

  it.each([
    ['explorer', 'rocket', 'Explorer member'],
    ['connector', 'star', 'Connector member'],
  ])('shows %s as a %s', (tier, icon, name) => {
    const badge = renderBadge(tier);
    expect(iconOf(badge)).toBe(icon);
    expect(badge).toHaveAccessibleName(name);
  });

  it.each([
    ['lifetime', 'Lifetime member'],
    ['platinum', 'Member'],
    ['constructor', 'Member'],
    [null, 'Member'],
  ])('shows any other tier (%s) as a check mark', (tier, name) => {
    const badge = renderBadge(tier);
    expect(iconOf(badge)).toBe('badge-check');
    expect(badge).toHaveAccessibleName(name);
  });
});
