import type { ComponentProps } from 'react';
import { membershipTiers, tierRules } from '../../../../domain';
import { Select } from '@/components/ui/select';

type TierSelectProps = Omit<ComponentProps<typeof Select>, 'children'> & {
  /** Text of an empty first choice; without it a tier is always chosen. */
  placeholder?: string;
};

/** Every tier, Lifetime included: an admin may give any of them. */
export function TierSelect({ placeholder, ...props }: TierSelectProps) {
  return (
    <Select {...props}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {membershipTiers.map((tier) => (
        <option key={tier} value={tier}>
          {tierRules[tier].label}
          {tierRules[tier].giftOnly ? ' (gift only)' : ''}
        </option>
      ))}
    </Select>
  );
}
