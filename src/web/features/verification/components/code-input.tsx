import type { ComponentProps } from 'react';
import { fieldLimits } from '../../../../domain';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';

type CodeInputProps = Omit<ComponentProps<typeof Input>, 'value' | 'onChange'> & {
  value: string;
  onValueChange: (code: string) => void;
};

/** A 6-digit code box: digits only, capped at six (spec 5), offered the code from the SMS or mail. */
export function CodeInput({ value, onValueChange, className, ...props }: CodeInputProps) {
  return (
    <Input
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={fieldLimits.codeLength}
      placeholder="123456"
      spellCheck={false}
      value={value}
      onChange={(event) => onValueChange(event.target.value.replace(/\D/g, '').slice(0, fieldLimits.codeLength))}
      className={cn('max-w-60 text-center font-mono text-2xl tracking-[0.4em] placeholder:tracking-[0.4em]', className)}
      {...props}
    />
  );
}
