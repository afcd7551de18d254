import { CreditCard, Mail, Smartphone, type LucideIcon } from 'lucide-react';
// From the module itself: the domain's index would bring the account forms' schemas (and zod) to every listing page.
import { isVerifiedNeighbour, verifiedCheckLabels } from '../../../domain/user';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { VerifiedNeighbourBadge } from './verification-status';

const checks: { key: 'isEmailVerified' | 'isPhoneVerified' | 'isCardVerified'; label: string; icon: LucideIcon }[] = [
  { key: 'isEmailVerified', label: verifiedCheckLabels.isEmailVerified, icon: Mail },
  { key: 'isPhoneVerified', label: verifiedCheckLabels.isPhoneVerified, icon: Smartphone },
  { key: 'isCardVerified', label: verifiedCheckLabels.isCardVerified, icon: CreditCard },
];

type Checked = { isEmailVerified: boolean; isPhoneVerified: boolean; isCardVerified: boolean };

/**
 * What a member has verified, small enough for an inbox row or a report: the Verified neighbour
 * badge when all three are done, else a round mark for each check that is.
 */
export function MemberBadges({ member, className }: { member: Checked; className?: string }) {
  if (isVerifiedNeighbour(member)) return <VerifiedNeighbourBadge className={cn('shrink-0 px-2 py-0.5 text-xs [&_svg]:size-3.5', className)} />;
  const verified = checks.filter((check) => member[check.key]);
  if (verified.length === 0) return null;
  return (
    <span className={cn('inline-flex shrink-0 items-center gap-1', className)}>
      {verified.map(({ key, label, icon: Icon }) => (
        <Tooltip key={key} content={label}>
          <span className="inline-flex size-5 items-center justify-center rounded-full bg-leaf-50 text-leaf-700 ring-1 ring-leaf-100">
            <Icon className="size-3" aria-hidden="true" />
            <span className="sr-only">{label}</span>
          </span>
        </Tooltip>
      ))}
    </span>
  );
}
