import { type ReactNode, useId } from 'react';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/cn';

type SettingSwitchProps = {
  label: ReactNode;
  description: ReactNode;
  /** Under the description: the way to what the setting needs, when it cannot be changed yet. */
  children?: ReactNode;
  checked: boolean;
  disabled: boolean;
  onCheckedChange: (next: boolean) => void;
  /** `li` inside a list of switches. */
  as?: 'div' | 'li';
  className?: string;
};

/** One setting of /account: its label and what it does on the left, the switch on the right. */
export function SettingSwitch({ label, description, children, checked, disabled, onCheckedChange, as: Row = 'div', className }: SettingSwitchProps) {
  const id = useId();
  return (
    <Row className={cn('flex items-start justify-between gap-4', className)}>
      <div className="min-w-0">
        <label htmlFor={id} className="font-semibold break-words">
          {label}
        </label>
        <p id={`${id}-description`} className="mt-0.5 text-sm text-ink-700">
          {description}
        </p>
        {children}
      </div>
      <Switch id={id} aria-describedby={`${id}-description`} checked={checked} disabled={disabled} onCheckedChange={onCheckedChange} />
    </Row>
  );
}
