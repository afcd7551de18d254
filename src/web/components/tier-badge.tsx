import { BadgeCheck, Rocket, Sprout, Star, type LucideIcon } from 'lucide-react';
import { type MembershipTier, isMembershipTier, tierRules } from '../../domain';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';

type TierLook = { icon: LucideIcon; className: string };

// spec 2: starter a green sprout, explorer a rocket, connector a star, any other tier a check mark.
const tierLooks: Partial<Record<MembershipTier, TierLook>> = {
  starter: { icon: Sprout, className: 'bg-leaf-50 text-leaf-700 ring-leaf-100' },
  explorer: { icon: Rocket, className: 'bg-brand-50 text-brand-700 ring-brand-100' },
  connector: { icon: Star, className: 'bg-sun-100 text-ink-900 ring-sun-300' },
};
const otherTierLook: TierLook = { icon: BadgeCheck, className: 'bg-ink-900 text-white ring-ink-700' };

type TierBadgeProps = {
  tier: string | null | undefined;
  /** Show the plan's name next to the icon; otherwise the name is for screen readers only. */
  showLabel?: boolean;
  className?: string;
};

/** A member's plan as a small badge (spec 2). */
export function TierBadge({ tier, showLabel = false, className }: TierBadgeProps) {
  const known = isMembershipTier(tier);
  // Plans' own names only: an inherited property name ("constructor") is just another tier.
  const look = (known && tierLooks[tier]) || otherTierLook;
  const Icon = look.icon;
  const label = known ? tierRules[tier].label : 'Member';
  const name = known ? `${label} member` : label;
  const badgeClass = cn('inline-flex shrink-0 items-center gap-1 rounded-full text-xs font-semibold ring-1', showLabel ? 'px-2 py-0.5' : 'size-6 justify-center', look.className, className);
  if (showLabel) {
    return (
      <span className={badgeClass}>
        <Icon className="size-3.5" aria-hidden="true" />
        <span>{label}</span>
      </span>
    );
  }
  // The icon alone: named for screen readers, and in a tooltip for everyone else.
  return (
    <Tooltip content={name} className="shrink-0">
      <span role="img" aria-label={name} className={badgeClass}>
        <Icon className="size-3.5" aria-hidden="true" />
      </span>
    </Tooltip>
  );
}
