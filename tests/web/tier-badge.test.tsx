// spec 2: the badge beside a member's name shows their plan: Starter a green sprout, Explorer a
// rocket, Connector a star, and any other tier a check mark. An icon alone is named in a tooltip.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { timings } from '../../src/domain/timings';
import { TierBadge } from '../../src/web/components/tier-badge';

/** The lucide icon the badge draws ("sprout" for lucide-sprout). */
function iconOf(badge: HTMLElement): string | undefined {
  const icon = badge.querySelector('svg');
  return [...(icon?.classList ?? [])].find((name) => name.startsWith('lucide-'))?.slice('lucide-'.length);
}

function renderBadge(tier: string | null) {
  render(<TierBadge tier={tier} />);
  // The icon alone is named for screen readers (and shown the name in a tooltip).
  return screen.getByRole('img', { name: /member$/i });
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

describe("the badge's tooltip (spec 9: 700 ms, 300 ms between)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

  it('opens after 700 ms on the badge, at once on the next badge within 300 ms, and after 700 ms again later', () => {
    vi.useFakeTimers();
    render(
      <>
        <TierBadge tier="explorer" />
        <TierBadge tier="connector" />
        <TierBadge tier="starter" />
      </>,
    );
    const [explorer, connector, starter] = ['Explorer member', 'Connector member', 'Starter member'].map((name) => screen.getByRole('img', { name }));

    fireEvent.pointerEnter(explorer);
    wait(timings.tooltipDelayMs - 1);
    expect(screen.queryByRole('tooltip')).toBeNull();
    wait(1);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Explorer member');

    fireEvent.pointerLeave(explorer);
    expect(screen.queryByRole('tooltip')).toBeNull();
    wait(timings.tooltipSkipDelayMs - 1);
    fireEvent.pointerEnter(connector);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Connector member');

    fireEvent.pointerLeave(connector);
    wait(timings.tooltipSkipDelayMs);
    fireEvent.pointerEnter(starter);
    expect(screen.queryByRole('tooltip')).toBeNull();
    wait(timings.tooltipDelayMs);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Starter member');
  });

  it('opens on focus too, and closes on Escape', () => {
    vi.useFakeTimers();
    render(<TierBadge tier="connector" />);
    fireEvent.focus(screen.getByRole('img', { name: 'Connector member' }));
    wait(timings.tooltipDelayMs);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Connector member');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows no tooltip for a badge that shows its label', () => {
    vi.useFakeTimers();
    render(<TierBadge tier="explorer" showLabel />);
    fireEvent.pointerEnter(screen.getByText('Explorer'));
    wait(timings.tooltipDelayMs);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
